// Proves that the published declarations import only packages the app is told to install (dependencies
// and peers): a type from an undeclared package (such as `@tanstack/query-core`, which TypeScript names
// when it infers a TanStack type) resolves to whatever copy the app happens to have, and a second copy of
// query-core breaks `QueryClient` with "'#private' refers to a different member" errors.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const manifest = JSON.parse(readFileSync('package.json', 'utf8'));
const declared = new Set([...Object.keys(manifest.dependencies ?? {}), ...Object.keys(manifest.peerDependencies ?? {})]);

/** The package a bare specifier names: `@scope/name` or `name`. */
const packageOf = (specifier) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');

const files = readdirSync('dist', { recursive: true }).filter((file) => file.endsWith('.d.ts'));
const problems = new Set();
for (const file of files) {
  const text = readFileSync(join('dist', file), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
  for (const [, specifier] of text.matchAll(/(?:from\s+|import\s*\(\s*)['"]([^'"]+)['"]/g)) {
    if (specifier.startsWith('.') || specifier.startsWith('node:')) continue;
    if (!declared.has(packageOf(specifier))) problems.add(`dist/${file} imports ${specifier}`);
  }
}
if (problems.size > 0) {
  console.error(`declarations import packages that are neither dependencies nor peers:\n${[...problems].join('\n')}`);
  process.exit(1);
}
console.log(`${files.length} declaration files import only dependencies and peers`);
