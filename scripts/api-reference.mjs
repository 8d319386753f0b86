// Writes the API reference from the JSDoc of every export of every entry point: one page per part of the
// package, in the docs folder of the people who use it (docs/hooks/reference-client.md, ...), each export in
// the page of the source folder it is declared in. `node scripts/api-reference.mjs` rewrites the pages;
// `--check` fails when one is stale.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import ts from 'typescript';

const entries = [
  ['prompt-composer-react', 'src/index.ts'],
  ['prompt-composer-react/mocks', 'src/mocks/index.ts'],
  ['prompt-composer-react/mocks/server', 'src/mocks/server.ts'],
  ['prompt-composer-react/server', 'src/server/index.ts'],
  ['prompt-composer-react/server/sanitizer', 'src/server/sanitizer.ts'],
  ['prompt-composer-react/core', 'src/core.ts'],
];
/**
 * An entry whose exports are all exports of another: listed by name only, on the page of the people who use
 * it, not described twice.
 */
const subsets = { 'prompt-composer-react/core': { of: 'prompt-composer-react', page: 'docs/server/reference.md' } };
const config = ts.getParsedCommandLineOfConfigFile('tsconfig.json', {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
const program = ts.createProgram(entries.map(([, file]) => file), config.options);
const checker = program.getTypeChecker();

function kindOf(symbol) {
  const declaration = symbol.declarations?.[0];
  if (!declaration) return '';
  if (ts.isFunctionDeclaration(declaration)) return 'function';
  if (ts.isClassDeclaration(declaration)) return 'class';
  if (ts.isInterfaceDeclaration(declaration)) return 'interface';
  if (ts.isTypeAliasDeclaration(declaration)) return 'type';
  if (ts.isVariableDeclaration(declaration)) {
    const initializer = declaration.initializer;
    return initializer && (ts.isArrowFunction(initializer) || ts.isCallExpression(initializer)) && checker.getTypeAtLocation(declaration).getCallSignatures().length ? 'function' : 'const';
  }
  return ts.SyntaxKind[declaration.kind];
}

/** The first sentence of the JSDoc, on one line, with table pipes escaped. */
function summary(symbol) {
  const paragraph = ts.displayPartsToString(symbol.getDocumentationComment(checker)).split(/\n\s*\n/)[0] ?? '';
  const text = paragraph.replace(/\s+/g, ' ').trim();
  const first = text.match(/^.*?[.!?](?=\s|$)/)?.[0] ?? text;
  return first.replace(/\|/g, '\\|');
}

/**
 * The pages, in order; an export goes to the first page whose `sources` hold the file it is declared in
 * (a path under src/, by prefix). `guides` are the pages that explain the part, relative to the page.
 */
const pages = [
  {
    file: 'docs/server/reference.md',
    title: 'API reference: the server side',
    sources: ['src/api/cache/', 'src/server/', 'src/sanitize/server'],
    guides: '[keep the key on your server](keep-the-key.md), [the handler](handler.md), [the cache](cache.md), [stores](stores.md), [server runtimes](runtimes.md)',
  },
  {
    file: 'docs/hooks/reference-client.md',
    title: 'API reference: the client and templates',
    sources: ['src/api/', 'src/template/'],
    guides: '[the client](client.md), [errors](errors.md), [the quota](quota.md), [templates](templates.md)',
  },
  {
    file: 'docs/hooks/reference-hooks.md',
    title: 'API reference: the hooks',
    sources: ['src/query/'],
    guides: '[hooks](hooks.md), [caching](caching.md), [coalescing](coalescing.md), [persistence](persistence.md), [versions](versions.md)',
  },
  {
    file: 'docs/hooks/reference-mocks.md',
    title: 'API reference: the mocks',
    sources: ['src/mocks/'],
    guides: '[the mock backend](mocks.md), [the mock server](mock-server.md), [testing your app](testing.md)',
  },
  {
    file: 'docs/components/reference.md',
    title: 'API reference: the components',
    sources: ['src/components/', 'src/catalog/', 'src/sanitize/'],
    guides: '[presentational components](presentational.md), [previews](previews.md), [the sanitizer](sanitizer.md), [languages](languages.md)',
  },
];

/** Where an export is declared, relative to the repository root (`src/query/hooks/usePrompt.ts`). */
function sourceOf(symbol) {
  const file = symbol.declarations?.[0]?.getSourceFile().fileName;
  return file ? relative(process.cwd(), file).split('\\').join('/') : '';
}

/** Each page's rows, by entry. */
const rows = new Map(pages.map((page) => [page.file, new Map()]));
for (const [name, file] of entries) {
  const moduleSymbol = checker.getSymbolAtLocation(program.getSourceFile(file));
  if (subsets[name]) {
    const { of, page } = subsets[name];
    const names = checker.getExportsOfModule(moduleSymbol).map((exported) => `\`${exported.name}\``).sort((a, b) => a.localeCompare(b));
    rows.get(page).set(name, [`The same exports as \`${of}\`, without React or TanStack Query: ${names.join(', ')}.`]);
    continue;
  }
  for (const exported of checker.getExportsOfModule(moduleSymbol).sort((a, b) => a.name.localeCompare(b.name))) {
    const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    const source = sourceOf(symbol);
    const page = pages.find((candidate) => candidate.sources.some((prefix) => source.startsWith(prefix)));
    if (!page) throw new Error(`${exported.name} (${name}) is declared in ${source || 'no file'}, which no reference page takes: add it to a page's sources`);
    const byEntry = rows.get(page.file);
    if (!byEntry.has(name)) byEntry.set(name, []);
    byEntry.get(name).push(`| \`${exported.name}\` | ${kindOf(symbol)} | ${summary(symbol) || '(undocumented)'} |`);
  }
}

/** The text of each page. */
const written = pages.map((page) => {
  const lines = [
    `# ${page.title}`,
    '',
    '<!-- Generated by scripts/api-reference.mjs from the JSDoc; do not edit. Run `npm run docs:api`. -->',
    '',
    'Every export of this part of the package, with the first sentence of its JSDoc. Your editor shows the rest.',
    `The guides explain how they fit together: ${page.guides}.`,
    'Internals are not exported. Each option\'s default is in its JSDoc.',
  ];
  for (const [name, entryRows] of rows.get(page.file)) {
    const header = subsets[name] ? [] : ['| export | kind | what it is |', '|---|---|---|'];
    lines.push('', `## \`${name}\``, '', ...header, ...entryRows);
  }
  return { file: page.file, text: `${lines.join('\n')}\n`, lines };
});

if (process.argv.includes('--check')) {
  const stale = written.filter(({ file, text }) => !existsSync(file) || readFileSync(file, 'utf8') !== text);
  for (const { file } of stale) console.error(`${file} is stale: run npm run docs:api`);
  if (stale.length > 0) process.exit(1);
  console.log(`the API reference is up to date (${written.length} pages)`);
} else {
  for (const { file, text } of written) writeFileSync(file, text);
  const all = written.flatMap(({ lines }) => lines);
  const undocumented = all.filter((line) => line.includes('(undocumented)'));
  console.log(`API reference written: ${all.filter((line) => line.startsWith('| `')).length} exports in ${written.length} pages, ${undocumented.length} undocumented`);
  for (const line of undocumented) console.log(`  ${line}`);
}
