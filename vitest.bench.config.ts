import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { chromium } from './test/browser-options.ts';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * `npm run bench`: request counts (bench-node, React's development build) and, in a separate run with
 * NODE_ENV=production, render timings in Chromium (bench-browser, React's production build), each against
 * a baseline in the same run.
 */
export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: {
      'prompt-composer-react/mocks/server': fromRoot('./src/mocks/server.ts'),
      'prompt-composer-react/mocks': fromRoot('./src/mocks/index.ts'),
      'prompt-composer-react': fromRoot('./src/index.ts'),
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: { name: 'bench-node', include: ['bench/**/*.bench.test.{ts,tsx}'], exclude: ['bench/**/*.browser.bench.test.{ts,tsx}', 'bench/scale/**'], testTimeout: 60_000 },
      },
      {
        // `npm run bench:scale`: accounts of 10 to 10,000 prompts and composers (minutes; not part of `npm run bench`).
        extends: true,
        // `--expose-gc`: the bench collects garbage before each step, so that no step pays for another's.
        test: { name: 'bench-scale', include: ['bench/scale/*.bench.test.tsx'], testTimeout: 1_800_000, pool: 'forks', execArgv: ['--expose-gc'] },
      },
      {
        extends: true,
        test: {
          name: 'bench-browser',
          include: ['bench/**/*.browser.bench.test.{ts,tsx}'],
          // Times React's production build (both sides), as users ship it: the dependency optimizer bundles
          // React for the server process's NODE_ENV, so run this project alone with NODE_ENV=production
          // (`npm run bench` does; the bench asserts it). bench-node uses `act` and needs the development
          // build: run it in a separate invocation without NODE_ENV=production.
          testTimeout: 120_000,
          browser: { enabled: true, headless: true, provider: chromium(), instances: [{ browser: 'chromium' }] },
        },
      },
    ],
  },
});
