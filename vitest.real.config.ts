import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * `npm run test:real`: the portable part of the contract suite against a real backend, to see where the
 * mock and the service drift apart. Needs PROMPT_API_BASE_URL, PROMPT_API_KEY, PROMPT_API_PROMPT_ID and
 * PROMPT_API_COMPOSER_ID; read-only, a few dozen requests of quota. No msw here: requests go out for real.
 */
export default defineConfig({
  resolve: {
    alias: {
      'prompt-composer-react/mocks/server': fromRoot('./src/mocks/server.ts'),
      'prompt-composer-react/mocks': fromRoot('./src/mocks/index.ts'),
      'prompt-composer-react': fromRoot('./src/index.ts'),
    },
  },
  test: { name: 'real', environment: 'node', include: ['test/mocks/contract.real.ts'], testTimeout: 30_000 },
});
