import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { chromium } from './test/browser-options.ts';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

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
    sourcemap: true,
    minify: false,
    lib: {
      entry: {
        index: fromRoot('./src/index.ts'),
        mocks: fromRoot('./src/mocks/index.ts'),
        'mocks-server': fromRoot('./src/mocks/server.ts'),
      },
      formats: ['es'],
    },
    rolldownOptions: {
      external: [/^react($|\/)/, /^react-dom($|\/)/, /^@tanstack\//, /^msw($|\/)/, /^dompurify$/, /^node:/],
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
    ],
  },
});
