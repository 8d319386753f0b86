/**
 * Compiles the code blocks of one Markdown page with the repository's TypeScript, against the package's
 * public names path-aliased to src/ (as every test imports them), in a program of the page's own: blocks
 * of one page may import each other by the files they name, and a block that augments the package (a
 * typegen registry) changes no other page.
 */
import { readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import ts from 'typescript';
import type { CodeBlock } from './markdown-code-blocks.ts';
import { FRAGMENT_ENTRIES, prepareFragment } from './fragment-prelude.ts';

/** Modules a docs block may import that this repository does not install: declared untyped (`any`), for the reason given. */
export const UNINSTALLED_MODULES: Readonly<Record<string, string>> = {
  'next/server': 'the Next.js guide; examples/next-app installs Next.js and `next build` type-checks the same code',
  'next/cache': 'the Next.js guide (`"use cache"`); Next.js is installed in examples/next-app only',
  'server-only': "Next.js's marker package, imported for its side effect only",
  'prompt-composer-react/styles.css': 'the stylesheet, imported for its side effect (the package ships its declaration)',
  hono: 'the Cloudflare Workers recipe with Hono (docs/server/cloudflare-workers.md); the same handler runs on workerd in the runtimes project',
  '@vercel/functions': "Vercel's waitUntil, in the Vercel recipe (docs/server/nextjs-and-vercel.md)",
};

/**
 * Globals of other runtimes, which a reader's project types itself (Deno's own types, `@types/bun`,
 * `@cloudflare/workers-types`): declared loosely here. The recipes that use them run, as fixtures, in the
 * runtimes project (test/runtimes/fixture).
 */
export const RUNTIME_GLOBALS = `
declare const Deno: { serve(handler: (request: Request) => Response | Promise<Response>): unknown; env: { get(name: string): string | undefined } };
declare const Bun: { serve(options: { port?: number; fetch(request: Request): Response | Promise<Response> }): unknown; env: Record<string, string | undefined> };
interface ExecutionContext { waitUntil(promise: Promise<unknown>): void; passThroughOnException(): void }
`;

/** A compile error of a block, at its line in the Markdown page. */
export interface BlockDiagnostic {
  block: CodeBlock;
  /** 0-based line within the block's code. */
  lineInBlock: number;
  /** `docs/hooks/hooks.md:42: TS2322 Type 'string' is not assignable ...` */
  text: string;
}

/** The public entries, path-aliased to their sources. */
function entryPaths(root: string): Record<string, string[]> {
  return {
    'prompt-composer-react': [join(root, 'src/index.ts')],
    'prompt-composer-react/mocks': [join(root, 'src/mocks/index.ts')],
    'prompt-composer-react/mocks/server': [join(root, 'src/mocks/server.ts')],
    'prompt-composer-react/server': [join(root, 'src/server/index.ts')],
    'prompt-composer-react/server/sanitizer': [join(root, 'src/server/sanitizer.ts')],
    'prompt-composer-react/core': [join(root, 'src/core.ts')],
  };
}

/** The compiler options of an app using the package: the repository's strictness, plus JavaScript checked too. */
function compilerOptions(root: string): ts.CompilerOptions {
  return {
    target: ts.ScriptTarget.ES2022,
    lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    jsx: ts.JsxEmit.ReactJSX,
    strict: true,
    noUncheckedIndexedAccess: true,
    allowJs: true,
    checkJs: true,
    allowImportingTsExtensions: true,
    skipLibCheck: true,
    noEmit: true,
    types: ['node'],
    paths: entryPaths(root),
  };
}

/** The names each entry that fragments may use exports, read from its source's export declarations. */
export function entryExports(root: string): Map<string, Set<string>> {
  const exports = new Map<string, Set<string>>();
  for (const entry of FRAGMENT_ENTRIES) {
    const path = entryPaths(root)[entry]?.[0] as string;
    const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest);
    const names = new Set<string>();
    for (const statement of source.statements) {
      if (ts.isExportDeclaration(statement) && statement.exportClause && ts.isNamedExports(statement.exportClause)) {
        statement.exportClause.elements.forEach((element) => names.add(element.name.text));
      }
    }
    exports.set(entry, names);
  }
  return exports;
}

/** Source files read from disk, kept across pages: the libraries' declarations are parsed once. */
const diskFiles = new Map<string, ts.SourceFile | undefined>();

/** Compiles the blocks of one page; returns every error, mapped to the page's lines. */
export function compilePage(root: string, blocks: CodeBlock[], exportsByEntry: ReadonlyMap<string, ReadonlySet<string>>): BlockDiagnostic[] {
  const options = compilerOptions(root);
  // The blocks live, in memory, in a folder of their own under the root, so their imports resolve from node_modules.
  const folder = join(root, '.docs-blocks', blocks[0]?.page.replace(/[^\w]/g, '-') ?? 'page');
  const virtual = new Map<string, { block: CodeBlock | null; text: string; linesBefore: number }>();
  const ambient = `${Object.keys(UNINSTALLED_MODULES).map((name) => `declare module '${name}';`).join('\n')}\n${RUNTIME_GLOBALS}`;
  virtual.set(join(folder, '__uninstalled-modules.d.ts'), { block: null, text: ambient, linesBefore: 0 });
  for (const block of blocks) {
    const prepared = block.fragment ? prepareFragment(block.code, exportsByEntry) : { text: block.code, linesBefore: 0 };
    virtual.set(join(folder, ...block.file.split(posix.sep)), { block, ...prepared });
  }

  const host = ts.createCompilerHost(options, true);
  const fromDisk = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) => {
    const own = virtual.get(fileName);
    if (own) return ts.createSourceFile(fileName, own.text, languageVersion, true);
    if (!diskFiles.has(fileName)) diskFiles.set(fileName, fromDisk(fileName, languageVersion, onError, shouldCreate));
    return diskFiles.get(fileName);
  };
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (fileName) => virtual.has(fileName) || fileExists(fileName);
  const readFile = host.readFile.bind(host);
  host.readFile = (fileName) => virtual.get(fileName)?.text ?? readFile(fileName);
  const directoryExists = host.directoryExists?.bind(host);
  // Module resolution looks for the blocks' folders before their files.
  host.directoryExists = (name) => [...virtual.keys()].some((file) => file.startsWith(`${name}/`)) || (directoryExists?.(name) ?? true);

  const program = ts.createProgram([...virtual.keys()], options, host);
  const found: BlockDiagnostic[] = [];
  for (const [fileName, { block, linesBefore }] of virtual) {
    const source = program.getSourceFile(fileName);
    if (!source) continue;
    for (const diagnostic of [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)]) {
      const line = diagnostic.start === undefined ? 0 : source.getLineAndCharacterOfPosition(diagnostic.start).line;
      const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ');
      if (!block) {
        found.push({ block: blocks[0] as CodeBlock, lineInBlock: -1, text: `${fileName}: TS${diagnostic.code} ${message}` });
        continue;
      }
      const lineInBlock = line - linesBefore;
      found.push({ block, lineInBlock, text: `${block.page}:${block.line + 1 + lineInBlock}: TS${diagnostic.code} ${message}` });
    }
  }
  return found;
}
