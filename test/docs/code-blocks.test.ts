/**
 * Every TypeScript and JavaScript code block of the README and docs/*.md compiles, with the repository's
 * TypeScript, against the package's public names (path-aliased to src/). The conventions, for writers:
 * docs/development.md, "Code blocks in the docs". Pages are found, not listed: a new page is checked too.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compilePage, entryExports } from './compile-code-blocks.ts';
import { type CodeBlock, codeBlocks } from './markdown-code-blocks.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
// docs/ and its folders (docs/server/ ...), found, not listed.
const pages = ['README.md', ...readdirSync(join(root, 'docs'), { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.md')).map((name) => `docs/${name.split('\\').join('/')}`).sort()];
const blocksByPage = new Map(pages.map((page) => [page, codeBlocks(readFileSync(join(root, page), 'utf8'), page)]));
const allBlocks = [...blocksByPage.values()].flat();
const exportsByEntry = entryExports(root);

/** Not compiled, each for a reason written beside it: rare by design. */
const MOST_NOT_COMPILED = 3;

describe('code blocks of the README and docs', () => {
  it('are found: the pages hold TypeScript and JavaScript blocks', () => {
    expect(allBlocks.length).toBeGreaterThan(30);
    expect(blocksByPage.get('README.md')?.length).toBeGreaterThanOrEqual(3);
  });

  it(`are all compiled, but at most ${MOST_NOT_COMPILED}, each of those with its reason`, () => {
    const skipped = allBlocks.filter((block) => block.notCompiled !== null);
    expect(skipped.filter((block) => block.notCompiled === '').map((block) => `${block.page}:${block.line}`)).toEqual([]);
    expect(skipped.length).toBeLessThanOrEqual(MOST_NOT_COMPILED);
  });

  describe.each(pages.filter((page) => (blocksByPage.get(page) ?? []).some((block) => block.notCompiled === null)))('%s', (page) => {
    const blocks = (blocksByPage.get(page) ?? []).filter((block) => block.notCompiled === null);

    // A program per page: the first one parses the libraries' declarations (several seconds on 2 cores).
    it('compiles, and fails exactly where a `// error:` comment says it does', { timeout: 60_000 }, () => {
      const diagnostics = compilePage(root, blocks, exportsByEntry);
      const expectedFailures = (block: CodeBlock) => new Set(block.expectedErrorLines);
      const unexpected = diagnostics.filter((found) => !expectedFailures(found.block).has(found.lineInBlock)).map((found) => found.text);
      const missing = blocks.flatMap((block) =>
        block.expectedErrorLines
          .filter((line) => !diagnostics.some((found) => found.block === block && found.lineInBlock === line))
          .map((line) => `${page}:${block.line + 1 + line}: compiles, but its "// error:" comment says it fails`),
      );
      expect([...unexpected, ...missing]).toEqual([]);
    });
  });
});
