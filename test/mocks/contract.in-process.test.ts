import { createMockDb, createPromptApiHandlers, DEFAULT_BASE_URL, FIXTURE_IDS, FIXTURE_KEYS } from 'prompt-composer-react/mocks';
import { server } from '../msw-server.ts';
import { defineContractSuite } from './contract.ts';

const db = createMockDb({ now: '2026-11-15T12:00:00Z' });

defineContractSuite({
  transport: 'in-process',
  baseUrl: () => DEFAULT_BASE_URL,
  key: FIXTURE_KEYS.free,
  promptId: FIXTURE_IDS.prompts.welcomeEmail,
  composerId: FIXTURE_IDS.composers.onboardingFlow,
  db,
  beforeEach() {
    db.reset();
    server.use(...createPromptApiHandlers({ db }));
  },
});
