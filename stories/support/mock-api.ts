import { http, type HttpHandler, HttpResponse } from 'msw';
import {
  createPromptApiHandlers,
  createScenario,
  createSeededRandom,
  DEFAULT_BASE_URL,
  FIXTURE_KEYS,
  type MockDb,
  SCENARIO_NAMES,
  resolveLatency,
  type ScenarioName,
  SLOW_LATENCY,
  TYPICAL_LATENCY,
} from 'prompt-composer-react/mocks';
import type { StoryBackendFactory } from './story-network.ts';

/** The seed of every story backend's latencies. */
const LATENCY_SEED = 35;

/** A scenario's database, with the scenario's fault rules in it (`serverError`'s 500 on every GET). */
function scenarioDb(scenario: ScenarioName, configure?: (db: MockDb) => void): MockDb {
  const { db, faults } = createScenario(scenario);
  for (const fault of faults) db.faults.inject(fault);
  configure?.(db);
  return db;
}

/**
 * Handlers over `db`, at the service's typical 50 to 80 ms, or 1.5 to 2.5 s when the scenario is `slow`. The
 * latencies vary from request to request, in the same sequence on every render: parallel requests answer
 * in the same order each time, so a story shows the same state each time (the usage line reads the last
 * answer), and its screenshot matches its baseline (test/storybook/visual.browser.test.tsx).
 */
function handlersOver(db: MockDb, scenario: ScenarioName): HttpHandler[] {
  const latency = resolveLatency(scenario === 'slow' ? SLOW_LATENCY : TYPICAL_LATENCY, createSeededRandom(LATENCY_SEED));
  return createPromptApiHandlers({ db, latency });
}

/**
 * The mock backend of one story, as the named handler group `api` of `parameters.msw.handlers`: a
 * database of its own for every render of the story, in the scenario's starting state, so the story
 * looks the same however often it is opened, and on its docs page beside other stories. `configure`
 * adjusts that database (usage, faults) before the story renders.
 *
 * @example
 * parameters: { msw: { handlers: storyApi('exhausted') } }
 */
export function storyApi(scenario: ScenarioName = 'happy', configure?: (db: MockDb) => void): { api: StoryBackendFactory } {
  return {
    api: () => {
      const db = scenarioDb(scenario, configure);
      return { handlers: handlersOver(db, scenario), db };
    },
  };
}

/** The toolbar's scenario, or `happy` for anything else. */
function toolbarScenario(globals: Record<string, unknown>): ScenarioName {
  const scenario = globals.scenario as ScenarioName;
  return SCENARIO_NAMES.includes(scenario) ? scenario : 'happy';
}

let toolbarRequests = 0;

/**
 * How many requests the toolbar handlers have answered since the page loaded: a play function compares two
 * readings to see that an action sent requests, whether or not they were metered.
 */
export function toolbarRequestCount(): number {
  return toolbarRequests;
}

/** Handlers that follow the toolbar's Scenario switch, over a database of their own: the default of every story. */
export function toolbarApi(): { api: StoryBackendFactory } {
  return {
    api: ({ globals }) => {
      const scenario = toolbarScenario(globals);
      const db = scenarioDb(scenario);
      // Counts, then falls through to the API's handlers (a resolver that returns nothing answers nothing).
      const count = http.all(`${DEFAULT_BASE_URL}/*`, () => {
        toolbarRequests++;
      });
      return { handlers: [count, ...handlersOver(db, scenario)], db };
    },
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
 * images instead of broken ones. Stateless, so every story on a page shares it (the preview's worker).
 */
export function imageHost(): HttpHandler[] {
  return [
    http.get('https://images.prompt-composer.test/*', ({ request }) => {
      const name = new URL(request.url).pathname.slice(1);
      return new HttpResponse(name === 'pixel.png' ? PIXEL : boardPicture(name), { headers: { 'Content-Type': 'image/svg+xml' } });
    }),
    // The hostile fixture's `<img src="x" onerror=...>` (kept as `<img src="x">`) asks the page's own origin
    // for `x`: 204 No Content, so it stays a broken image without a 404 line in the console.
    http.get(({ request }) => request.url === new URL('x', location.href).href, () => new HttpResponse(null, { status: 204 })),
  ];
}
