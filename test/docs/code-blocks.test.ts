/**
 * Every TypeScript and JavaScript code block of the README and of every page under docs/ compiles, with the
 * repository's TypeScript, against the package's public names (path-aliased to src/). The conventions, for
 * writers: docs/contributing/docs.md, "Code blocks". Pages are found, not listed: a new page is checked too.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compilePage, entryExports } from './compile-code-blocks.ts';
import { buildsOn, type CodeBlock, codeBlocks } from './markdown-code-blocks.ts';
import { readmeAndDocs } from './pages.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const pages = readmeAndDocs(root);
const blocksByPage = new Map(pages.map((page) => [page, codeBlocks(readFileSync(join(root, page), 'utf8'), page)]));
const allBlocks = [...blocksByPage.values()].flat();

/**
 * The blocks of another page that a page's blocks build on (`<!-- code blocks build on: nextjs.md -->`):
 * compiled beside the page's own, so the page may import that page's named files (`lib/server-client.ts`)
 * or use what its declarations add (typegen's registry). Their errors are reported on their own page. A
 * file the page names itself is its own; the other page's unnamed blocks get a folder of their own.
 */
function blocksBuiltOn(page: string): CodeBlock[] {
  const base = buildsOn(readFileSync(join(root, page), 'utf8'));
  if (base === null) return [];
  const basePage = posix.join(dirname(page), base);
  const own = new Set((blocksByPage.get(page) ?? []).map((block) => block.file));
  const compiled = (blocksByPage.get(basePage) ?? []).filter((block) => block.notCompiled === null && !block.fragment);
  if (compiled.length === 0) throw new Error(`${page} builds on ${basePage}, which has no code block to build on`);
  return compiled
    .filter((block) => !own.has(block.file))
    .map((block) => (block.file.startsWith('block-') ? { ...block, file: `built-on/${block.file}` } : block));
}
const exportsByEntry = entryExports(root);

/** Not compiled, each for a reason written beside it: rare by design. */
const MOST_NOT_COMPILED = 3;

describe('code blocks of the README and docs', () => {
  it('are found: the pages hold TypeScript and JavaScript blocks', () => {
    expect(allBlocks.length).toBeGreaterThan(30);
    expect(blocksByPage.get('README.md')?.length).toBeGreaterThanOrEqual(1);
    expect(blocksByPage.get('docs/hooks/getting-started.md')?.length).toBeGreaterThanOrEqual(3);
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
      const diagnostics = compilePage(root, [...blocks, ...blocksBuiltOn(page)], exportsByEntry).filter((found) => found.block.page === page);
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
