import { fileURLToPath } from 'node:url';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { chromium } from './test/browser-options.ts';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * Dependencies the browser projects load, bundled before the first test: otherwise Vite discovers them
 * mid-run, re-optimizes and reloads, and a test can see two copies of React on a fresh clone.
 */
const browserDependencies = [
  'react',
  'react/jsx-runtime',
  'react/jsx-dev-runtime',
  'react-dom',
  'react-dom/client',
  'react-dom/server',
  '@tanstack/react-query',
  '@testing-library/react',
  '@testing-library/user-event',
  'axe-core',
  'dompurify',
  'msw',
  'msw/browser',
];

/** Tests import the package by its public names, resolved to the sources. */
const alias = {
  'prompt-composer-react/mocks/server': fromRoot('./src/mocks/server.ts'),
  'prompt-composer-react/mocks': fromRoot('./src/mocks/index.ts'),
  'prompt-composer-react': fromRoot('./src/index.ts'),
};

export default defineConfig({
  plugins: [react()],
  resolve: { alias },
  // The msw worker script lives in public/ for Storybook and browser tests; keep it out of dist/.
  publicDir: false,
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // No source maps in the package: they would point at sources it does not ship.
    sourcemap: false,
    minify: false,
    lib: {
      entry: {
        index: fromRoot('./src/index.ts'),
        'mocks/index': fromRoot('./src/mocks/index.ts'),
        'mocks/server': fromRoot('./src/mocks/server.ts'),
      },
      formats: ['es'],
    },
    rolldownOptions: {
      external: [/^react($|\/)/, /^react-dom($|\/)/, /^@tanstack\//, /^msw($|\/)/, /^dompurify$/, /^node:/],
      // One file per module, as in src/: an app that imports only hooks never reaches the modules that
      // import DOMPurify (whose package does not declare itself free of side effects).
      output: { preserveModules: true, preserveModulesRoot: 'src', entryFileNames: '[name].js' },
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: ['test/**/*.test.{ts,tsx}'],
          exclude: ['test/**/*.browser.test.{ts,tsx}'],
          setupFiles: ['./test/setup-unit.ts'],
          typecheck: { enabled: true, include: ['test/**/*.test-d.ts'], tsconfig: './tsconfig.json' },
        },
      },
      {
        extends: true,
        publicDir: fromRoot('./public'),
        optimizeDeps: { include: browserDependencies },
        test: {
          name: 'browser',
          include: ['test/**/*.browser.test.{ts,tsx}'],
          browser: {
            enabled: true,
            headless: true,
            provider: chromium(),
            instances: [{ browser: 'chromium' }],
          },
        },
      },
      {
        // Every story renders in Chromium and its play function asserts the state it is named for.
        extends: true,
        publicDir: fromRoot('./public'),
        optimizeDeps: { include: [...browserDependencies, 'msw-storybook-addon/csf3'] },
        plugins: [storybookTest({ configDir: fromRoot('./.storybook') })],
        test: {
          name: 'storybook',
          browser: {
            enabled: true,
            headless: true,
            provider: chromium(),
            instances: [{ browser: 'chromium' }],
          },
        },
      },
    ],
  },
});
