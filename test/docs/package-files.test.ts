/**
 * What the tarball ships (docs/contributing/package-checks.md, "What the tarball holds"): the built code,
 * the README, the changelog and the license, and no docs. The guides live in the repository, where the
 * README's relative links point; internal pages (development, architecture) never reach an app's
 * node_modules. Read from `npm pack --dry-run`, as npm itself decides it from `files`.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** The paths `npm pack` would put in the tarball. */
function packedFiles(): string[] {
  const output = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: root, encoding: 'utf8' });
  const [pack] = JSON.parse(output) as Array<{ files: Array<{ path: string }> }>;
  return (pack?.files ?? []).map((file) => file.path);
}

it('ships the README, the changelog and the license, and no docs, sources, tests or source maps', { timeout: 60_000 }, () => {
  const files = packedFiles();
  expect(files).toEqual(expect.arrayContaining(['README.md', 'CHANGELOG.md', 'LICENSE', 'package.json']));
  const outside = files.filter((path) => !path.startsWith('dist/') && !['README.md', 'CHANGELOG.md', 'LICENSE', 'package.json'].includes(path));
  expect(outside).toEqual([]);
  expect(files.filter((path) => path.endsWith('.map'))).toEqual([]);
});
