import js from '@eslint/js';
import pluginQuery from '@tanstack/eslint-plugin-query';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';
const REACT = ['react', 'react-dom', 'react/*', 'react-dom/*', '@tanstack/*'];
const MSW = ['msw', 'msw/*'];

/**
 * The layer rules of DESIGN.md, per folder of src/ (docs/contributing/architecture.md draws them): the packages a
 * folder's files may not import, the folders of src/ they may not reach, and those they may read types of
 * only (`import type`, which no bundle contains).
 */
const LAYERS = {
  'src/api/**': {
    message: 'api/ is the framework-free core: no React, DOM sanitizer, Node or mocks, and nothing above it.',
    packages: [...REACT, ...MSW, 'dompurify', 'jsdom', 'node:*'],
    folders: ['template', 'sanitize', 'catalog', 'query', 'components', 'mocks', 'server', 'cli'],
  },
  'src/template/**': {
    message: 'template/ is framework-free: it may read api/ types, nothing above.',
    packages: [...REACT, ...MSW, 'dompurify', 'jsdom', 'node:*'],
    folders: ['sanitize', 'catalog', 'query', 'components', 'mocks', 'server', 'cli'],
  },
  'src/sanitize/**': {
    message: 'sanitize/ is framework-free (DOMPurify only): no React, and nothing of the other folders.',
    packages: [...REACT, ...MSW, 'jsdom', 'node:*'],
    folders: ['api', 'template', 'catalog', 'query', 'components', 'mocks', 'server', 'cli'],
  },
  'src/catalog/**': {
    message: "catalog/ is the components' words as data, and how they are filled in: no React, and nothing of the other folders.",
    packages: [...REACT, ...MSW, 'dompurify', 'jsdom', 'node:*'],
    folders: ['api', 'template', 'sanitize', 'query', 'components', 'mocks', 'server', 'cli'],
  },
  'src/query/**': {
    message: 'query/ is TanStack Query over api/: never components, mocks, the sanitizer or the server entry; only the types of the catalog (the provider passes a catalog on, and a hooks-only app pays no byte of it).',
    packages: [...MSW, 'dompurify', 'jsdom'],
    folders: ['sanitize', 'components', 'mocks', 'server', 'cli'],
    typesOnly: ['catalog'],
  },
  'src/components/**': {
    message: 'No mocks in components/, and nothing of the server entry in browser code.',
    packages: [...MSW, 'jsdom'],
    folders: ['mocks', 'server', 'cli'],
  },
  'src/components/diff/model/**': {
    message: "diff/model/ is the diffs' model (line diff, fields, HTML read as text, alignment): no React, sanitizer or query, and nothing of the views or the other components.",
    packages: [...REACT, ...MSW, 'dompurify', 'jsdom', 'node:*'],
    folders: ['sanitize', 'query', 'mocks', 'server', 'cli', 'views', 'composer', 'preview', 'usage', 'errors', 'shared'],
  },
  'src/mocks/**': {
    message: 'mocks/ imports only types and validation from api/.',
    packages: [...REACT, 'dompurify', 'jsdom'],
    folders: ['template', 'sanitize', 'catalog', 'query', 'components', 'server', 'cli'],
  },
  'src/server/**': {
    message: 'server/ (the handler and the stores) runs on every server runtime: no React, UI, mocks, static node: import, jsdom or sanitizer (that is server/sanitizer.ts, an entry of its own).',
    packages: [...REACT, ...MSW, 'dompurify', 'jsdom', 'node:*'],
    folders: ['sanitize', 'catalog', 'query', 'components', 'mocks', 'cli'],
    except: ['src/server/sanitizer.ts'],
  },
  'src/server/sanitizer.ts': {
    message: 'server/sanitizer.ts is the server DOM for the sanitizer: no React, UI, mocks or static node: import (jsdom loads when asked for).',
    packages: [...REACT, ...MSW, 'node:*'],
    folders: ['catalog', 'query', 'components', 'mocks', 'cli'],
  },
  'src/core.ts': {
    message: 'The framework-free entry (core.ts) exports api/ and template/ only: no React, TanStack Query, sanitizer, UI or server.',
    packages: [...REACT, ...MSW, 'dompurify', 'jsdom', 'node:*'],
    folders: ['sanitize', 'catalog', 'query', 'components', 'mocks', 'server', 'cli'],
  },
  'src/cli/**': {
    message: 'cli/ (the typegen bin) runs in plain Node over api/ and template/.',
    packages: [...REACT, ...MSW, 'dompurify', 'jsdom'],
    folders: ['sanitize', 'catalog', 'query', 'components', 'mocks', 'server'],
  },
  'src/index.ts': {
    message: 'Nothing but its entry imports server/; the main entry never reaches mocks/ or cli/.',
    folders: ['server', 'mocks', 'cli'],
  },
};

export default defineConfig([
  { ignores: ['**/*.gen.d.ts', 'dist/', 'storybook-static/', 'coverage/', 'public/', 'examples/*/dist/', 'examples/*/dist-server/', 'examples/*/.next/', 'examples/*/next-env.d.ts', 'examples/*/node_modules/', 'examples/*/.pack/', 'compat/*/node_modules/', 'node_modules/'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  reactHooks.configs.flat.recommended,
  pluginQuery.configs['flat/recommended-strict'],
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.name='eval']", message: 'Nothing here evaluates strings.' },
      ],
    },
  },
  // Layers of DESIGN.md (docs/contributing/architecture.md): imports point down only. One rule per folder of src/ (a
  // later config object would replace an earlier one's options for the same file, not add to them).
  ...Object.entries(LAYERS).map(([files, { message, packages = [], folders = [], typesOnly = [], except = [] }]) => ({
    files: [files],
    ignores: except,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...(packages.length > 0 ? [{ group: packages, message }] : []),
            // A relative path that reaches src/<folder>/ from any depth of src/.
            ...folders.map((folder) => ({ regex: `^(\\.\\./)+${folder}(/|$)|^\\./${folder}/`, message })),
            ...typesOnly.map((folder) => ({ regex: `^(\\.\\./)+${folder}(/|$)|^\\./${folder}/`, message, allowTypeImports: true })),
          ],
        },
      ],
    },
  })),
]);
