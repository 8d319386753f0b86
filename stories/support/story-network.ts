import type { Loader } from '@storybook/react-vite';
import { getResponse, type HttpHandler } from 'msw';
import { setupWorker, type SetupWorker } from 'msw/browser';
import type { MockDb } from 'prompt-composer-react/mocks';

/**
 * Why this exists: msw's handlers are global to the page, and a docs page renders all of a component's
 * stories in one page. msw-storybook-addon's loader resets the handlers and installs the story's own for
 * each story it loads, so on a docs page the last story loaded answers every story's requests
 * (mswjs/msw-storybook-addon#83: the worker cannot tell which story sent a request). Here each rendered
 * story's API client gets a `fetch` of its own that answers from the story's own handlers, in the page:
 * a story looks the same on its docs page as on its own page. As nothing reaches the network, the browser
 * logs no "Failed to load resource" line for the 4xx and 5xx answers that error stories are about.
 */

/** A story's mock backend, built for one render of the story. */
export interface StoryBackend {
  handlers: HttpHandler[];
  /** The database the handlers serve, for a story that changes it while it runs (the Meter). */
  db?: MockDb;
}

/** Builds a story's backend for one render, from the story's globals (the toolbar). */
export type StoryBackendFactory = (context: { globals: Record<string, unknown> }) => StoryBackend;

/**
 * A named group of `parameters.msw.handlers`: a factory that builds fresh handlers, with their database,
 * for every render; handlers kept as they are (so they must hold no state); or a list of both, in the
 * order they answer (`api: [http.get(...), storyApi('happy').api]` puts one handler before a scenario's).
 */
export type StoryHandlerGroup = StoryBackendFactory | ReadonlyArray<HttpHandler | StoryBackendFactory>;

/** What every render gets as `context.loaded.storyApi`: the `fetch` its API client uses, and its database. */
export interface StoryApi {
  /** Answers from the story's handlers, in the page; a request they do not answer fails as a network error. */
  fetch: typeof globalThis.fetch;
  /** The database of the `api` group, when a factory built it. */
  db: MockDb | undefined;
}

/** The handlers of every story render on this page, by route (`<story id>#<canvas>`). */
const routes = new Map<string, HttpHandler[]>();
/** One `fetch` per route, so a render with new args keeps its client. */
const fetches = new Map<string, typeof globalThis.fetch>();

/** Which canvas (the element a story renders into) is which: a docs page has one per story it shows. */
const canvasNumbers = new WeakMap<object, number>();
let canvasCount = 0;

/**
 * A story render's route: its story id and its canvas. The same story can show twice on one docs page (at
 * the top, and again in the list of stories): each has a canvas, a route and a database of its own. A
 * render with new args keeps its canvas, so its route; its backend is built afresh, as on a first render.
 */
function routeOf(storyId: string, canvasElement: unknown): string {
  const canvas = typeof canvasElement === 'object' && canvasElement !== null ? canvasElement : routes;
  let number = canvasNumbers.get(canvas);
  if (number === undefined) {
    canvasCount += 1;
    number = canvasCount;
    canvasNumbers.set(canvas, number);
  }
  return `${storyId}#${number}`;
}

/** Settles like `promise`, or rejects with the signal's reason (an `AbortError`) as soon as it aborts. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** A `fetch` that answers from the route's current handlers, as the network would: no answer is a `TypeError`. */
function routeFetch(route: string): typeof globalThis.fetch {
  let known = fetches.get(route);
  if (known) return known;
  known = async (input, init) => {
    const request = new Request(input, init);
    const response = await untilAborted(getResponse(routes.get(route) ?? [], request), request.signal);
    if (!response || response.type === 'error') throw new TypeError(`Failed to fetch ${request.url}: no mock handler answered`);
    return response;
  };
  fetches.set(route, known);
  return known;
}

let worker: Promise<SetupWorker> | undefined;

/** Starts the page's msw worker once, with the handlers every story shares (stateless ones: the image host). */
function startWorker(shared: HttpHandler[]): Promise<SetupWorker> {
  worker ??= (async () => {
    const started = setupWorker(...shared);
    await started.start({ quiet: true, onUnhandledRequest: 'bypass', serviceWorker: { url: './mockServiceWorker.js' } });
    return started;
  })();
  return worker;
}

/**
 * The loader of `.storybook/preview.tsx`: starts the worker for `shared` (handlers every story may reach
 * through the network, such as images), builds the story's backend from `parameters.msw.handlers`, and
 * gives the render its `fetch` as `context.loaded.storyApi`.
 */
export function storyNetworkLoader(shared: HttpHandler[] = []): Loader {
  return async ({ id, canvasElement, globals, parameters }) => {
    await startWorker(shared);
    const groups = ((parameters.msw as { handlers?: Record<string, StoryHandlerGroup> } | undefined)?.handlers ?? {});
    const handlers: HttpHandler[] = [];
    let db: MockDb | undefined;
    for (const [name, group] of Object.entries(groups)) {
      for (const part of typeof group === 'function' ? [group] : group) {
        if (typeof part !== 'function') {
          handlers.push(part);
          continue;
        }
        const backend = part({ globals });
        handlers.push(...backend.handlers);
        if (name === 'api') db ??= backend.db;
      }
    }
    const route = routeOf(id, canvasElement);
    routes.set(route, handlers);
    const storyApi: StoryApi = { fetch: routeFetch(route), db };
    return { storyApi };
  };
}
