import { http, type HttpHandler, HttpResponse } from 'msw';
import {
  createPromptApiHandlers,
  createScenario,
  DEFAULT_BASE_URL,
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

let toolbarRequests = 0;

/**
 * How many requests the toolbar handlers have answered since the page loaded: a play function compares two
 * readings to see that an action sent requests, whether or not they were metered.
 */
export function toolbarRequestCount(): number {
  return toolbarRequests;
}

/** Handlers that follow the toolbar's Scenario switch: the default of every story. */
export function toolbarApi(): { api: HttpHandler[] } {
  return {
    api: [
      // Counts, then falls through to the API's handlers (a resolver that returns nothing answers nothing).
      http.all(`${DEFAULT_BASE_URL}/*`, () => {
        toolbarRequests++;
      }),
      ...handlersOver(() => {
        let db = toolbarDbs.get(toolbarScenario);
        if (!db) toolbarDbs.set(toolbarScenario, (db = scenarioDb(toolbarScenario)));
        return { db, scenario: toolbarScenario };
      }),
    ],
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

/** A picture in the fixtures' palette: three board columns, labelled with the image's file name. */
function boardPicture(name: string): string {
  const columns = [0, 1, 2]
    .map((column) => `<rect x="${24 + column * 148}" y="56" width="136" height="190" rx="10" fill="#ffffff" stroke="#d1d9e0"/>`)
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="270" viewBox="0 0 480 270"><rect width="480" height="270" rx="12" fill="#ddf4ff"/><text x="24" y="38" font-family="system-ui, sans-serif" font-size="18" fill="#0a3069">${name}</text>${columns}</svg>`;
}

/** What a tracking pixel is: one transparent pixel. */
const PIXEL = '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>';

/**
 * The image host of the fixtures' static HTML (`https://images.prompt-composer.test/...`), which does not
 * exist: `pixel.png` is a transparent pixel, any other path a board picture, so a showcase story shows
 * images instead of broken ones.
 */
export function imageHost(): HttpHandler[] {
  return [
    http.get('https://images.prompt-composer.test/*', ({ request }) => {
      const name = new URL(request.url).pathname.slice(1);
      return new HttpResponse(name === 'pixel.png' ? PIXEL : boardPicture(name), { headers: { 'Content-Type': 'image/svg+xml' } });
    }),
  ];
}
