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
    // Layers of DESIGN.md: the framework-free core imports no React and nothing above it; nor does the
    // typegen bin (src/cli), which runs in plain Node over that core.
    files: ['src/api/**', 'src/template/**', 'src/cli/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['react', 'react-dom', 'react/*', 'react-dom/*', '@tanstack/*', 'dompurify', 'msw', 'msw/*'], message: 'api/, template/ and cli/ are framework-free.' },
            { group: ['../query/*', '../components/*', '../mocks/*', '../cli/*'], message: 'Imports point down only.' },
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
