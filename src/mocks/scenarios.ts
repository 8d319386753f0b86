import type { HttpHandler } from 'msw';
import { PLAN_LIMITS, SLOW_LATENCY } from './constants.ts';
import { createMockDb, type MockDb } from './db.ts';
import { FIXTURE_API_KEYS } from './fixtures/keys.ts';
import type { FaultInjection } from './faults.ts';
import { createPromptApiHandlers, type PromptApiHandlersOptions } from './handlers/index.ts';
import type { Latency } from './latency.ts';

/** The names of the ready-made scenarios, in the order a Storybook toolbar would list them. */
export const SCENARIO_NAMES = ['happy', 'nearLimit', 'exhausted', 'invalidKey', 'slow', 'serverError', 'empty'] as const;

/** A ready-made scenario. */
export type ScenarioName = (typeof SCENARIO_NAMES)[number];

/** What each scenario does, for docs and Storybook controls. */
export const SCENARIO_DESCRIPTIONS: Readonly<Record<ScenarioName, string>> = Object.freeze({
  happy: 'The default fixtures; every fixture key as seeded.',
  nearLimit: 'Every fixture key has 100 requests left this month (Free: 4,900 of 5,000 used).',
  exhausted: 'Every fixture key has used its whole monthly quota: 429 USAGE_LIMIT_EXCEEDED.',
  invalidKey: 'Every fixture key is revoked: 401 INVALID_KEY.',
  slow: 'The default fixtures, answered after 1.5 to 2.5 s (SLOW_LATENCY).',
  serverError: 'Every GET answers 500 INTERNAL_ERROR.',
  empty: 'No prompts and no composers: lists are [] and every item is 404.',
});

/**
 * The database of a scenario: the default fixtures, with every fixture key's state changed so the
 * scenario applies whichever fixture key the client sends (a story can keep `pk_test_free`).
 * @param now Fixes the clock. @default real time
 */
export function createScenarioDb(name: ScenarioName, now?: number | Date | string): MockDb {
  const db = createMockDb(name === 'empty' ? { prompts: [], composers: [], now } : { now });
  const live = FIXTURE_API_KEYS.filter((key) => !key.revoked);
  if (name === 'nearLimit') live.forEach(({ key, plan }) => db.setUsage(key, PLAN_LIMITS[plan] - 100));
  if (name === 'exhausted') live.forEach(({ key, plan }) => db.setUsage(key, PLAN_LIMITS[plan]));
  if (name === 'invalidKey') live.forEach(({ key }) => db.revokeKey(key));
  return db;
}

/** Everything a scenario sets: its database, latency and fault rules. */
export interface Scenario {
  db: MockDb;
  latency: Latency;
  faults: readonly FaultInjection[];
}

/**
 * A scenario's settings, for `createPromptApiHandlers` or `startMockServer`.
 * `slow` uses `SLOW_LATENCY`; `serverError` has a fault rule answering every GET with 500.
 * @param now Fixes the database clock. @default real time
 */
export function createScenario(name: ScenarioName, now?: number | Date | string): Scenario {
  if (!SCENARIO_NAMES.includes(name)) throw new Error(`Unknown mock scenario "${String(name)}"; use one of ${SCENARIO_NAMES.join(', ')}`);
  return {
    db: createScenarioDb(name, now),
    latency: name === 'slow' ? SLOW_LATENCY : 0,
    faults: name === 'serverError' ? [{ kind: 'server-error', rate: 1 }] : [],
  };
}

/** Options of `createScenarioHandlers`: those of `createPromptApiHandlers`, overriding the scenario's. */
export type ScenarioHandlersOptions = PromptApiHandlersOptions;

/**
 * msw handlers for a named scenario, e.g. in a story's `parameters.msw.handlers`. Given options win
 * over the scenario's (`latency` replaces `slow`'s; `faults` are added to `serverError`'s).
 * @example
 * parameters: { msw: { handlers: createScenarioHandlers('nearLimit', { latency: TYPICAL_LATENCY }) } }
 */
export function createScenarioHandlers(name: ScenarioName, options: ScenarioHandlersOptions = {}): HttpHandler[] {
  const scenario = createScenario(name);
  return createPromptApiHandlers({
    ...options,
    db: options.db ?? scenario.db,
    latency: options.latency ?? scenario.latency,
    faults: [...scenario.faults, ...(options.faults ?? [])],
  });
}
