import type { PromptCache } from './cache/options.ts';
import type { PromptApiClient } from './client-types.ts';
import { PromptApiError } from './errors.ts';
import { type ApiKeySource, type RequestContext, request } from './request.ts';
import { createUsageStore } from './usage-store.ts';
import { parseComposer, parseComposerList, parsePrompt, parsePromptList } from './validate.ts';

export type { GetOptions, ListOptions, PromptApiClient } from './client-types.ts';

/**
 * The options every client takes; `PromptApiClientOptions` adds the rule that a key function needs a
 * `scope`.
 */
export interface PromptApiClientBaseOptions {
  /**
   * Base address of the API, such as `https://api.example.com/v1` or `/api/prompts` behind your own
   * proxy. A trailing slash is ignored.
   */
  baseUrl: string;
  /**
   * The API key, or a function that returns it (sync or async, called before every request; it needs a
   * `scope`). With no key, no `Authorization` header is sent: use that behind a server-side proxy that adds it.
   * @default undefined
   */
  apiKey?: ApiKeySource;
  /**
   * The `fetch` to use: a test double, or one with your own instrumentation. One that drops `init.signal`
   * still times out and aborts: the client stops waiting for it (it cannot stop what that `fetch` sends).
   * @default globalThis.fetch
   */
  fetch?: typeof globalThis.fetch;
  /**
   * Milliseconds before a request fails with `TIMEOUT` (the key function and the body included), even with
   * a `fetch` or a body that ignores the abort signal. `0` disables the timeout, and so does a value past
   * the longest a timer can wait (2^31 - 1 ms, about 24.8 days) or `Infinity`.
   * @default 10000
   */
  timeoutMs?: number;
  /**
   * Extra headers sent with every request. `Authorization` and `Accept` are set by the client.
   * @default {}
   */
  headers?: Record<string, string>;
  /**
   * Cache scope for query keys: clients with different scopes never share cached entries or requests in
   * flight; clients with the same scope do, so give one scope to clients of one account only. Never put
   * the API key in it. Required in the types when `apiKey` is a function: a key function cannot be
   * fingerprinted (it may be async, and its key may rotate), and only you know whose key it returns. For
   * server rendering, give the server's client (one per request) and the browser's the same `scope`, such
   * as the user's id, so the browser finds what the server prefetched.
   * @default with a string key, the base URL plus `#` and a 32-bit fingerprint of the key (never the key
   * itself), the same for every client with that key; with a key function (JavaScript, or a cast), the base
   * URL plus `#` and a random number: a scope of the client's own, shared with no other; with no key
   * (behind your proxy), the base URL alone
   */
  scope?: string;
  /**
   * The clock, in milliseconds since the epoch; used by the quota guard. Tests pass a mock clock.
   * @default Date.now
   */
  now?: () => number;
  /**
   * A response cache to read through (`createPromptCache`): on a server, it makes the quota spent
   * independent of traffic, for one process or, with a shared store, a fleet. With a cache, the client's
   * own quota guard stands aside: the cache remembers a 429 for every server and keeps answering what it
   * holds. Not for browser code, where TanStack Query caches.
   * @default undefined (every read is a request)
   */
  cache?: PromptCache;
}

/**
 * Options of `createPromptApiClient`. With a key function, `scope` is required: the client cannot tell
 * whose key the function returns, and two accounts on one QueryClient must not share entries.
 *
 * @example
 * createPromptApiClient({ baseUrl: '/api/prompts' }) // no key: your proxy adds it
 * createPromptApiClient({ baseUrl, apiKey: 'pk_live_...' })
 * createPromptApiClient({ baseUrl, apiKey: () => session.token, scope: `user-${session.userId}` })
 */
export type PromptApiClientOptions = PromptApiClientBaseOptions &
  ({ apiKey?: string | undefined } | { apiKey?: ApiKeySource | undefined; scope: string });

/** FNV-1a, 32 bits: tells keys apart in a cache scope without revealing them. */
function fingerprint(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}

/**
 * The base URL, plus a fingerprint of a string key (the same for every client with that key). A key
 * function cannot be fingerprinted (it may be async, and its key may rotate): such a client gets a random
 * number, a scope of its own, so two accounts never share (the types ask for a `scope` there). Random, not
 * a counter: a counter would repeat after a reload, and a persisted cache would come back to another user.
 * Without a key (or an empty one: no `Authorization` header is sent), the base URL alone: the proxy behind
 * it decides whose data it is.
 */
function defaultScope(baseUrl: string, apiKey: ApiKeySource | undefined): string {
  if (!apiKey) return baseUrl;
  return `${baseUrl}#${typeof apiKey === 'string' ? fingerprint(apiKey) : Math.random()}`;
}

/** The path of an item read: `/{collection}/{id}`, with `?version=` when pinned. */
export function itemPath(collection: string, id: string, version: string | undefined): string {
  const query = version === undefined ? '' : `?${new URLSearchParams({ version })}`;
  return `/${collection}/${encodeURIComponent(id)}${query}`;
}

/**
 * `''`, `.` and `..` cannot be sent as a path segment (URL parsing would drop or climb them), and a `''`
 * version would be sent as `?version=` while the cache counts it as pinned.
 */
export function refuseUnaddressable(collection: string, id: string, version?: string): Promise<never> | null {
  const badId = id === '' || id === '.' || id === '..';
  if (!badId && version !== '') return null;
  const detail = `${JSON.stringify(badId ? id : version)} is not ${badId ? 'an identifier' : 'a version'} that can be sent; not sent`;
  const path = badId ? `/${collection}/${id}` : itemPath(collection, id, version);
  return Promise.reject(new PromptApiError({ method: 'GET', path, status: 0, code: 'BAD_REQUEST', detail }));
}

/** The path of a list read: `/{collection}`, with `?include_versions=true` when asked. */
export function listPath(collection: string, includeVersions: boolean | undefined): string {
  return includeVersions ? `/${collection}?include_versions=true` : `/${collection}`;
}

/**
 * Creates a client for the Prompt and Composer Read API.
 *
 * @example
 * const client = createPromptApiClient({ baseUrl: 'https://api.example.com', apiKey: 'pk_live_...' })
 * const prompt = await client.getPrompt('welcome-email', { version: '1.0.0' })
 */
export function createPromptApiClient(options: PromptApiClientOptions): PromptApiClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const usage = createUsageStore();
  const context: RequestContext = {
    baseUrl,
    apiKey: options.apiKey,
    // Looked up per call, so a fetch patched after creation (msw, instrumentation) is used.
    fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
    timeoutMs: options.timeoutMs ?? 10_000,
    headers: options.headers ?? {},
    usage,
    now: options.now ?? Date.now,
  };
  const client: PromptApiClient = {
    baseUrl,
    scope: options.scope ?? defaultScope(baseUrl, options.apiKey),
    usage: { getSnapshot: usage.getSnapshot, subscribe: usage.subscribe, reset: usage.reset },
    getPrompt: (promptId, { version, signal } = {}) =>
      refuseUnaddressable('prompts', promptId, version) ?? request(context, itemPath('prompts', promptId, version), parsePrompt, signal),
    listPrompts: ({ includeVersions, signal } = {}) =>
      request(context, listPath('prompts', includeVersions), parsePromptList, signal),
    getComposer: (composerId, { version, signal } = {}) =>
      refuseUnaddressable('composers', composerId, version) ??
      request(context, itemPath('composers', composerId, version), parseComposer, signal),
    listComposers: ({ includeVersions, signal } = {}) =>
      request(context, listPath('composers', includeVersions), parseComposerList, signal),
  };
  options.cache?.attach(context, client);
  return client;
}
