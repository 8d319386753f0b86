/**
 * The rules every docs page keeps (docs/contributing/docs.md, "Rules for every page"): about 150 lines and
 * never more than 200, no tracker issue number anywhere a reader outside can see, and every page under
 * docs/ indexed by docs/README.md. Pages are found, not listed: a new page, in a new folder too, is held
 * to the same rules.
 */
import { readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { docsPages, readmeAndDocs } from './pages.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const read = (page: string) => readFileSync(join(root, page), 'utf8');

/** The longest a page may be, in lines: "about 150, never more than about 200". */
const MOST_LINES = 200;

/**
 * A tracker issue number, as the docs used to name them: "issue 35", "issues 21 and 27", "Since issue 31",
 * "issue-35b", "#42" on its own. A public repository's issue (`TanStack/query#9775`) is a link anyone can
 * open, and stays.
 */
const ISSUE_NUMBER = /\bissues?[\s-]+#?\d+|(?<![\w/.&-])#\d+\b/gi;

describe.each(docsPages(root))('%s', (page) => {
  it(`is at most ${MOST_LINES} lines long`, () => {
    expect(read(page).trimEnd().split('\n').length).toBeLessThanOrEqual(MOST_LINES);
  });
});

describe.each([...readmeAndDocs(root), 'CHANGELOG.md'])('%s', (page) => {
  it('names no tracker issue number', () => {
    expect(read(page).match(ISSUE_NUMBER) ?? []).toEqual([]);
  });
});

describe('the issue-number rule', () => {
  it('finds the ways the docs named issues, and leaves public repositories\' issues alone', () => {
    const found = (text: string) => text.match(ISSUE_NUMBER) ?? [];
    expect(found('Since issue 31 it does so')).toEqual(['issue 31']);
    expect(found('issues 21 and 27 added')).toEqual(['issues 21']);
    expect(found('the branch issue-35b')).toEqual(['issue-35']);
    expect(found('fixed in #42.')).toEqual(['#42']);
    expect(found('TanStack/query#9775 and mswjs/msw-storybook-addon#83')).toEqual([]);
    expect(found('an entity such as &#106;avascript:')).toEqual([]);
  });
});

describe('docs/README.md', () => {
  const index = read('docs/README.md');
  const linked = new Set([...index.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)].map((match) => posix.join('docs', match[1] ?? '')));

  it('links every page under docs/', () => {
    expect(docsPages(root).filter((page) => page !== 'docs/README.md' && !linked.has(page))).toEqual([]);
  });

  it('says what each page answers, one table row per page', () => {
    const rows = index.split('\n').filter((line) => line.startsWith('| [') || line.startsWith('| API reference'));
    for (const row of rows) expect(row.split('|').map((cell) => cell.trim()).filter(Boolean)).toHaveLength(2);
    expect(rows.length).toBeGreaterThan(50);
  });
});
