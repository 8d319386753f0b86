/**
 * The TypeScript and JavaScript code blocks of a Markdown page, with what the conventions of
 * docs/contributing/docs.md ("Code blocks") say about each: the file it is, whether it is a fragment,
 * which lines must fail, or why it is not compiled.
 */

/** File extensions by the language of a fence's info string; blocks in other languages are not code to compile. */
const EXTENSIONS: Record<string, string> = {
  ts: '.ts',
  typescript: '.ts',
  tsx: '.tsx',
  js: '.mjs',
  javascript: '.mjs',
  mjs: '.mjs',
  jsx: '.jsx',
};

/** One code block to compile. */
export interface CodeBlock {
  /** The page, relative to the repository root (`docs/hooks/hooks.md`). */
  page: string;
  /** The 1-based line of the opening fence. */
  line: number;
  /** The file the block is, relative to its page's folder of blocks: named by its first-line comment, or `block-<line>.<ext>`. */
  file: string;
  /** The code between the fences. */
  code: string;
  /** ```tsx fragment: compiled with the fragment context in scope (test/docs/fragment-prelude.ts). */
  fragment: boolean;
  /** Why the block is not compiled (`<!-- not compiled: reason -->` on the line before its fence), or null. */
  notCompiled: string | null;
  /** 0-based lines of `code` that must fail to compile: each is followed by a `// error: ...` comment. */
  expectedErrorLines: number[];
}

/** A first line such as `// app/providers.tsx` or `// server.tsx: render one page` names the block's file. */
const FILE_COMMENT = /^\/\/ (\.?[\w@[\].-]+(?:\/[\w@[\].-]+)*\.[cm]?[jt]sx?)\b/;
const NOT_COMPILED = /^<!--\s*not compiled:(.*?)-->\s*$/;
const FENCE = /^```(\S*)(.*)$/;
const BUILDS_ON = /^<!--\s*code blocks build on:\s*(\S+\.md)\s*-->\s*$/m;

/** The page (relative to this one) whose named blocks this page's blocks import, or null. */
export function buildsOn(markdown: string): string | null {
  return BUILDS_ON.exec(markdown)?.[1] ?? null;
}

/** The 0-based lines followed by a `// error:` comment (the comment may continue on more lines). */
function linesThatMustFail(code: string): number[] {
  const lines = code.split('\n');
  const failing: number[] = [];
  lines.forEach((line, index) => {
    if (!/^\s*\/\/ error:/.test(line)) return;
    let above = index - 1;
    while (above >= 0 && /^\s*\/\//.test(lines[above] ?? '')) above -= 1;
    if (above >= 0 && !failing.includes(above)) failing.push(above);
  });
  return failing;
}

/** Every block of `markdown` (the page at `page`) in a language this test compiles. */
export function codeBlocks(markdown: string, page: string): CodeBlock[] {
  const lines = markdown.split('\n');
  const blocks: CodeBlock[] = [];
  const files = new Set<string>();
  for (let index = 0; index < lines.length; index += 1) {
    const open = FENCE.exec(lines[index] ?? '');
    if (!open) continue;
    const end = lines.findIndex((line, at) => at > index && line.startsWith('```'));
    const closing = end === -1 ? lines.length : end;
    const extension = EXTENSIONS[(open[1] ?? '').toLowerCase()];
    if (extension) {
      const code = lines.slice(index + 1, closing).join('\n');
      const named = FILE_COMMENT.exec(code.split('\n')[0] ?? '')?.[1];
      let file = named ?? `block-${index + 1}${extension}`;
      // Two blocks naming the same file on one page: the second is a variant beside it (its relative imports still resolve).
      if (files.has(file)) file = file.replace(/(\.[cm]?[jt]sx?)$/, `.variant-${index + 1}$1`);
      files.add(file);
      const before = lines[index - 1] ?? '';
      blocks.push({
        page,
        line: index + 1,
        file,
        code,
        fragment: /\bfragment\b/.test(open[2] ?? ''),
        notCompiled: NOT_COMPILED.exec(before)?.[1]?.trim() ?? null,
        expectedErrorLines: linesThatMustFail(code),
      });
    }
    index = closing;
  }
  return blocks;
}
