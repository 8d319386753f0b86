// The portable half of the contract suite against a real service: read-only, no fixture state, about
// 80 requests of quota (never to its end). Not a *.test.ts file, so `npm test` does not pick it up.
//
//   PROMPT_API_BASE_URL=https://api.example.com PROMPT_API_KEY=pk_live_... \
//   PROMPT_API_PROMPT_ID=welcome-email PROMPT_API_COMPOSER_ID=onboarding-flow npm run test:real
import { describe, expect, it } from 'vitest';
import { defineContractSuite } from './contract.ts';

const env = {
  baseUrl: process.env.PROMPT_API_BASE_URL?.replace(/\/+$/, ''),
  key: process.env.PROMPT_API_KEY,
  promptId: process.env.PROMPT_API_PROMPT_ID,
  composerId: process.env.PROMPT_API_COMPOSER_ID,
};
const missing = Object.entries({
  PROMPT_API_BASE_URL: env.baseUrl,
  PROMPT_API_KEY: env.key,
  PROMPT_API_PROMPT_ID: env.promptId,
  PROMPT_API_COMPOSER_ID: env.composerId,
})
  .filter(([, value]) => !value)
  .map(([name]) => name);

if (missing.length > 0) {
  describe('Read API contract (real)', () => {
    it('needs its environment', () => {
      expect.fail(`Set ${missing.join(', ')} to run the contract suite against a real service.`);
    });
  });
} else {
  defineContractSuite({
    transport: 'real',
    baseUrl: () => env.baseUrl as string,
    key: env.key as string,
    promptId: env.promptId as string,
    composerId: env.composerId as string,
  });
}
