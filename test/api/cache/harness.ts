// The mock API behind msw, counting what reaches it, and clients that read through caches: one server,
// or a fleet of servers sharing one store.
import { http } from 'msw';
import {
  createPromptApiClient,
  createPromptCache,
  memoryStore,
  type PromptApiClient,
  type PromptCache,
  type PromptCacheEvent,
  type PromptCacheOptions,
  type PromptCacheStore,
} from 'prompt-composer-react';
import { createMockDb, createPromptApiHandlers, FIXTURE_KEYS, FIXTURE_PROMPTS, type MockDb } from 'prompt-composer-react/mocks';
import { vi } from 'vitest';
import { server } from '../../msw-server.ts';

export const BASE_URL = 'https://api.test/v1';

/** Every request that reached the API, as path and query relative to its base URL. */
export interface Upstream {
  db: MockDb;
  seen: string[];
  /** Serves another database from now on (the handlers of the new one win). */
  swap(db: MockDb): void;
}

/** The mock API on `db` behind msw, with a counter in front of it. */
export function mockApi(db: MockDb = createMockDb()): Upstream {
  const seen: string[] = [];
  const serve = (current: MockDb) =>
    server.use(
      http.all(`${BASE_URL}/*`, ({ request }) => {
        const url = new URL(request.url);
        seen.push(url.pathname.slice(new URL(BASE_URL).pathname.length) + url.search);
      }),
      ...createPromptApiHandlers({ baseUrl: BASE_URL, db: current }),
    );
  serve(db);
  const upstream: Upstream = { db, seen, swap: (next) => (serve(next), (upstream.db = next)) };
  return upstream;
}

/** One server: a cache and the client that reads through it. */
export interface Instance {
  cache: PromptCache;
  client: PromptApiClient;
}

/** A client with the free fixture key (or `apiKey`) reading through a new cache with `options`. */
export function instance(options: PromptCacheOptions = {}, apiKey: string = FIXTURE_KEYS.free): Instance {
  const cache = createPromptCache({ onEvent: () => {}, ...options });
  return { cache, client: createPromptApiClient({ baseUrl: BASE_URL, apiKey, cache }) };
}

/** `count` servers, each with its own cache and client, sharing `store`. */
export function fleet(count: number, options: PromptCacheOptions = {}, store: PromptCacheStore = memoryStore()): Instance[] {
  return Array.from({ length: count }, () => instance({ ...options, store }));
}

/** A page view: the list, two latest prompts, a pinned version and a composer, requested together. */
export const page = (client: PromptApiClient) =>
  Promise.all([
    client.listPrompts(),
    client.getPrompt('welcome-email'),
    client.getPrompt('support-reply'),
    client.getPrompt('welcome-email', { version: '1.0.0' }),
    client.getComposer('onboarding-flow'),
  ]);

/** Waits for the background refreshes of every cache. */
export const settle = (...instances: Instance[]) => Promise.all(instances.map(({ cache }) => cache.idle()));

/** Freezes `Date` (timers stay real) and returns a function that moves it forward. */
export function frozenClock(start = Date.UTC(2026, 10, 15, 12)): (ms: number) => void {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(start);
  return (ms) => vi.setSystemTime(Date.now() + ms);
}

/** The rejection of `promise`, which must reject. */
export async function rejection(promise: Promise<unknown>): Promise<Record<string, unknown> & Error> {
  return promise.then(
    () => {
      throw new Error('expected the read to fail');
    },
    (error: Record<string, unknown> & Error) => error,
  );
}

/**
 * A database of `count` prompts `p0`, `p1` ... (about 900 bytes each in a list with versions: 10,000 make
 * a 9 MB list), with the fixture keys and composers.
 */
export function accountOf(count: number): MockDb {
  const template = FIXTURE_PROMPTS.find((prompt) => prompt.promptId === 'welcome-email')!;
  const text = 'Write to ${customer.name} about the ${plan} plan in a ${tone} tone, and suggest ${firstStep}. '.repeat(5);
  return createMockDb({
    prompts: Array.from({ length: count }, (_, index) => ({
      ...template,
      status: undefined,
      promptId: `p${index}`,
      promptName: `Prompt ${index}`,
      version: '1.0.0',
      systemMessage: `You write for team ${index}. `.repeat(8),
      userMessage: text,
    })),
  });
}

/** An `onEvent` that keeps the store's health messages (what `console.warn` writes by default) in `list`. */
export const healthInto =
  (list: string[]) =>
  (event: PromptCacheEvent): void => {
    if (event.type === 'store-health') list.push(event.message);
  };
