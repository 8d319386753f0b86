// The entry `prompt-composer-react/mocks`: the whole backend as msw handlers. Browser-safe (no node:*).

export { createMockClock, type MockClock, nextMonthStart, periodOf } from './clock.ts';
export {
  DEFAULT_BASE_URL,
  FIXTURE_IDS,
  FIXTURE_KEYS,
  FIXTURE_VERSIONS,
  ID_PATTERN,
  PLAN_LIMITS,
  type Plan,
  SLOW_LATENCY,
  TYPICAL_LATENCY,
  UPGRADE_URL,
  VERSION_PATTERN,
} from './constants.ts';
export { createMockDb, type ItemKind, type MockDb } from './db.ts';
export { createFaultController, type FaultController, type FaultInjection, type FaultKind } from './faults.ts';
export { FIXTURE_COMPOSERS, HTML_SHOWCASE_SAFE, HTML_SHOWCASE_UNSAFE } from './fixtures/composers.ts';
export { FIXTURE_API_KEYS } from './fixtures/keys.ts';
export { FIXTURE_PROMPTS } from './fixtures/prompts.ts';
export { createPromptApiHandlers, type PromptApiHandlersOptions } from './handlers/index.ts';
export { BAD_GATEWAY_HTML, CORS_HEADERS, ERROR_TABLE, MALFORMED_JSON_BODY, PREFLIGHT_HEADERS } from './handlers/responses.ts';
export { type Latency, resolveLatency } from './latency.ts';
export { createSeededRandom } from './random.ts';
export {
  createScenario,
  createScenarioDb,
  createScenarioHandlers,
  SCENARIO_DESCRIPTIONS,
  SCENARIO_NAMES,
  type Scenario,
  type ScenarioHandlersOptions,
  type ScenarioName,
} from './scenarios.ts';
export type { KeyUsage, Lookup, MockComposerSeed, MockDbSeed, MockKeySeed, MockPromptSeed, VersionStatus } from './types.ts';
