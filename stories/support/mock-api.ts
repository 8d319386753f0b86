import type { HttpHandler } from 'msw';
import {
  createPromptApiHandlers,
  createScenario,
  FIXTURE_KEYS,
  type MockDb,
  SCENARIO_NAMES,
  resolveLatency,
  type ScenarioName,
  SLOW_LATENCY,
  TYPICAL_LATENCY,
} from 'prompt-composer-react/mocks';

/** Resets of every database a story's handlers use: `.storybook/preview.tsx` calls them before each story. */
const resets = new Set<() => void>();

/** Brings every story database back to its scenario's starting state. */
export function resetStoryDatabases(): void {
  for (const reset of resets) reset();
}

/** A scenario's database, with its fault rules moved into the database so handlers can switch it. */
function scenarioDb(scenario: ScenarioName, configure?: (db: MockDb) => void): MockDb {
  const { db, faults } = createScenario(scenario);
  for (const fault of faults) db.faults.inject(fault);
  configure?.(db);
  return db;
}

/**
 * Handlers over whichever database `current()` returns, at the service's typical 50 to 80 ms, or
 * 1.5 to 2.5 s when the scenario is `slow`.
 */
function handlersOver(current: () => { db: MockDb; scenario: ScenarioName }): HttpHandler[] {
  // Handlers read the database through this view, so a reset or a scenario switch swaps the state under them.
  const db = new Proxy({} as MockDb, { get: (_, property) => current().db[property as keyof MockDb] });
  const slow = resolveLatency(SLOW_LATENCY);
  const typical = resolveLatency(TYPICAL_LATENCY);
  return createPromptApiHandlers({ db, latency: () => (current().scenario === 'slow' ? slow() : typical()) });
}

/**
 * The mock backend of one story, as the named handler group `api` of `parameters.msw.handlers`.
 * The story gets its own database, reset to the scenario's state before each render, so it looks the same
 * however often it is opened. `configure` adjusts that database (usage, faults) after each reset.
 *
 * @example
 * parameters: { msw: { handlers: storyApi('exhausted') } }
 */
export function storyApi(scenario: ScenarioName = 'happy', configure?: (db: MockDb) => void): { api: HttpHandler[] } {
  let state = { db: scenarioDb(scenario, configure), scenario };
  resets.add(() => {
    state = { db: scenarioDb(scenario, configure), scenario };
  });
  return { api: handlersOver(() => state) };
}

let toolbarScenario: ScenarioName = 'happy';
const toolbarDbs = new Map<ScenarioName, MockDb>();
resets.add(() => toolbarDbs.clear());

/** Chooses the scenario the toolbar handlers serve (the preview's decorator calls it). */
export function setToolbarScenario(scenario: unknown): void {
  toolbarScenario = SCENARIO_NAMES.includes(scenario as ScenarioName) ? (scenario as ScenarioName) : 'happy';
}

/** Handlers that follow the toolbar's Scenario switch: the default of every story. */
export function toolbarApi(): { api: HttpHandler[] } {
  return {
    api: handlersOver(() => {
      let db = toolbarDbs.get(toolbarScenario);
      if (!db) toolbarDbs.set(toolbarScenario, (db = scenarioDb(toolbarScenario)));
      return { db, scenario: toolbarScenario };
    }),
  };
}

/** The API keys the toolbar offers, by label. */
export const TOOLBAR_KEYS = {
  free: FIXTURE_KEYS.free,
  pro: FIXTURE_KEYS.pro,
  nearLimit: FIXTURE_KEYS.nearLimit,
  exhausted: FIXTURE_KEYS.exhausted,
  revoked: FIXTURE_KEYS.revoked,
} as const;
