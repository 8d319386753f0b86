import js from '@eslint/js';
import pluginQuery from '@tanstack/eslint-plugin-query';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig([
  { ignores: ['**/*.gen.d.ts', 'dist/', 'storybook-static/', 'coverage/', 'public/', 'examples/*/dist/', 'examples/*/dist-server/', 'examples/*/node_modules/', 'examples/*/.pack/', 'compat/*/node_modules/', 'node_modules/'] },
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
  {
    // Layers of DESIGN.md: the framework-free core imports no React and nothing above it.
    files: ['src/api/**', 'src/template/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['react', 'react-dom', 'react/*', 'react-dom/*', '@tanstack/*', 'dompurify', 'msw', 'msw/*'], message: 'api/ and template/ are framework-free.' },
            { group: ['../query/*', '../components/*', '../mocks/*'], message: 'Imports point down only.' },
          ],
        },
      ],
    },
  },
  {
    // The bin: Node only, over the framework-free core; nothing imports it.
    files: ['src/cli/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['react', 'react-dom', 'react/*', 'react-dom/*', '@tanstack/*', 'dompurify', 'msw', 'msw/*'], message: 'cli/ runs in plain Node over api/ and template/.' },
            { group: ['../query/*', '../components/*', '../mocks/*'], message: 'cli/ uses the framework-free core only.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/query/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['../components/*', '../mocks/*'], message: 'Imports point down only.' }] }],
    },
  },
  {
    files: ['src/components/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['../mocks/*', 'msw', 'msw/*'], message: 'No mocks in components/.' }] }],
    },
  },
  {
    files: ['src/mocks/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['react', 'react-dom', '../query/*', '../components/*'], message: 'mocks/ imports only types and validation from api/.' }] },
      ],
    },
  },
]);
