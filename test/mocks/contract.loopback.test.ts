import { createMockDb, FIXTURE_IDS, FIXTURE_KEYS } from 'prompt-composer-react/mocks';
import { type MockServer, startMockServer } from 'prompt-composer-react/mocks/server';
import { defineContractSuite } from './contract.ts';

const db = createMockDb({ now: '2026-11-15T12:00:00Z' });
let mockServer: MockServer | undefined;

defineContractSuite({
  transport: 'loopback',
  baseUrl: () => mockServer?.url ?? 'http://127.0.0.1:0',
  key: FIXTURE_KEYS.free,
  promptId: FIXTURE_IDS.prompts.welcomeEmail,
  composerId: FIXTURE_IDS.composers.onboardingFlow,
  db,
  async beforeAll() {
    mockServer = await startMockServer({ db });
  },
  async afterAll() {
    await mockServer?.close();
  },
  beforeEach() {
    db.reset();
  },
});
