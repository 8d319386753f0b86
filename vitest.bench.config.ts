import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { chromium } from './test/browser-options.ts';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** `npm run bench`: request counts and (in Chromium) render timings, each against a baseline in the same run. */
export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: {
      'prompt-composer-react/mocks': fromRoot('./src/mocks/index.ts'),
      'prompt-composer-react': fromRoot('./src/index.ts'),
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: { name: 'bench-node', include: ['bench/**/*.bench.test.{ts,tsx}'], exclude: ['bench/**/*.browser.bench.test.{ts,tsx}'], testTimeout: 60_000 },
      },
      {
        extends: true,
        test: {
          name: 'bench-browser',
          include: ['bench/**/*.browser.bench.test.{ts,tsx}'],
          // This times React's development build (both sides): the dependency optimizer bundles React for
          // the server's NODE_ENV, and the bench drives React with `act`, which production builds lack.
          testTimeout: 120_000,
          browser: { enabled: true, headless: true, provider: chromium(), instances: [{ browser: 'chromium' }] },
        },
      },
    ],
  },
});
