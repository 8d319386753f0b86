// The README, the changelog and every page under docs/ (in any folder) link only to files that exist and to
// headings that exist, with no pointers to documents that neither the repository nor the package ships.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readmeAndDocs } from './pages.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const pages = [...readmeAndDocs(root), 'CHANGELOG.md'];

/** The text outside fenced code blocks. */
function prose(markdown: string): string {
  return markdown.replace(/^```[\s\S]*?^```/gm, '');
}

/** GitHub's anchors for a page's headings (lowercased, punctuation dropped, spaces to hyphens, repeats numbered). */
function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const result = new Set<string>();
  for (const [, heading] of prose(markdown).matchAll(/^#{1,6} (.+)$/gm)) {
    const slug = (heading ?? '').toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').trim().replace(/\s/g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    result.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return result;
}

/** Every inline link and image target of a page. */
function links(markdown: string): string[] {
  return [...prose(markdown).matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1] ?? '');
}

describe.each(pages)('%s', (page) => {
  const markdown = readFileSync(join(root, page), 'utf8');

  it('links only to files and headings that exist', () => {
    const broken: string[] = [];
    for (const target of links(markdown)) {
      if (/^(https?|mailto):/.test(target)) continue;
      const [path = '', hash] = target.split('#');
      const file = path === '' ? join(root, page) : join(root, dirname(page), path);
      if (!existsSync(file)) {
        broken.push(`${target}: no file ${relative(root, file)}`);
        continue;
      }
      if (hash !== undefined && file.endsWith('.md') && !anchors(readFileSync(file, 'utf8')).has(hash)) {
        broken.push(`${target}: no heading #${hash} in ${relative(root, file)}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('names no document that is not shipped, and no source path in a heading', () => {
    expect(markdown).not.toMatch(/DESIGN\.md|read-api\.md|ENV\.md/);
    expect(prose(markdown).match(/^#{1,6} .*src\/.*$/gm) ?? []).toEqual([]);
  });
});
