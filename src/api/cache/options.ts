import type { PromptApiClient } from '../client-types.ts';
import type { PromptCacheStore } from './store.ts';

/** Options of `createPromptCache`. */
export interface PromptCacheOptions {
  /**
   * Where entries, locks and the account's usage live. `redisStore()` (from
   * `prompt-composer-react/server`) shares them between every server of a fleet; the default is this
   * process's memory. Whatever the store, the cache keeps a copy of its entries in memory and answers from
   * it (and the API) while the store fails.
   * @default memoryStore()
   */
  store?: PromptCacheStore;
  /**
   * Milliseconds latest items and lists stay fresh; after that they are served stale while one request
   * for the whole fleet refreshes them. Pinned versions never go stale.
   * @default from the quota: refreshes spend at most `quotaShare` of the account's `X-RateLimit-Limit` a
   * month (2 requests a refresh, a 31-day month): 35.7 minutes on Free (5,000), 3.6 on Pro (50,000);
   * Free's until a response says the limit
   */
  ttlMs?: number;
  /**
   * The share of the monthly quota that refreshes may spend, when `ttlMs` is not given (0 to 1).
   * @default 0.5
   */
  quotaShare?: number;
  /**
   * Milliseconds a 404 (`NOT_FOUND`, `VERSION_NOT_FOUND`) or a 400 is remembered: the same read is
   * answered with it without asking the API again.
   * @default 60000
   */
  notFoundTtlMs?: number;
  /**
   * Milliseconds a failure (a 5xx, no response, a body that breaks the contract) is remembered: a read
   * with nothing cached gets it again without a request, and a refresh that failed is not tried again
   * sooner (fleet-wide). Stale content keeps being served meanwhile. Also how often one request checks
   * whether a key refused with 401 works again.
   * @default 5000
   */
  errorTtlMs?: number;
  /**
   * Milliseconds a fleet-wide lock lasts: the longest one server's request to the API may take (it is
   * aborted then). A lock whose holder died expires after this.
   * @default 15000
   */
  lockMs?: number;
  /**
   * Milliseconds a read with nothing cached waits for another server's request for the same thing (the
   * holder of its lock) before it sends its own: a lock left behind by a fault (a holder that died, a
   * release the store missed) never makes a read wait longer. Keep it well under the browser client's
   * `timeoutMs` (10 s).
   * @default 3000
   */
  lockWaitMs?: number;
  /**
   * Milliseconds a read with something cached may wait on `store`, all its operations together: past it,
   * the read is answered from this server's memory (a slow store costs each read this much at most).
   * @default 50
   */
  storeBudgetMs?: number;
  /**
   * Milliseconds an operation of `store` may go unanswered (per megabyte of its value, for a kind's list)
   * before the store counts as down: then nothing waits on it, and one probe at a time, at most every
   * second and never awaited by a read, checks whether it answers again. Also what a read with nothing
   * cached may wait on the store in all (to take the fleet's lock, or wait for the fleet's request).
   * @default 1000
   */
  storeTimeoutMs?: number;
  /**
   * How many entries the in-memory copy keeps (the store itself when `store` is not given), besides the
   * lists and the account's record, which it always keeps. It grows by one per published version that the
   * lists name, so that no mix of requests can make it evict and fetch again.
   * @default 2000
   */
  maxEntries?: number;
  /**
   * How many accounts (API keys) the in-memory copy keeps the parsed lists of, those read last: one per
   * key a server reads with, a few megabytes each at thousands of prompts. An account read after it was
   * dropped loads its lists again from `store` (one parse each), or, with no store, fetches them again.
   * Raise it on a server that reads with more keys than this at once (tenants).
   * @default 8
   */
  maxAccounts?: number;
  /**
   * A server secret (from your environment, at least 32 random characters) that keys the names under
   * which each account's entries are stored (an HMAC-SHA-256 of its `Authorization` header instead of a
   * plain SHA-256): without it, anyone who can list the store's keys can test a guessed API key against
   * them offline. Every server of a fleet needs the same secret; changing it starts an empty cache.
   * @default none (a SHA-256 of the header)
   */
  secret?: string;
  /**
   * Called with what the cache does, one typed event per outcome: each read it answers, each request it
   * sends to the API and why, each operation of the shared store, each wait for another server's request,
   * and the store's health changing. For code that does not run OpenTelemetry (which gets the same as
   * `prompt_api.*` instruments: docs/operating/telemetry.md); it never holds the key.
   * @default the store's health changes written with `console.warn`, the rest dropped
   */
  onEvent?: (event: PromptCacheEvent) => void;
}

/** The kind of read: a list, a latest item, or a pinned version. */
export type PromptCacheRoute = 'list' | 'item' | 'pinned';

/** What the cache does, as `onEvent` hears it. */
export type PromptCacheEvent =
  | {
      type: 'read';
      /** The URL read (it never holds the key). */
      url: string;
      kind: 'prompts' | 'composers';
      route: PromptCacheRoute;
      /**
       * `fresh`: answered from the cache, fresh (a 404 for what the lists do not name included). `stale`:
       * answered from the cache while a refresh runs (or the quota is spent, or the API fails). `miss`:
       * fetched from the API, or from another server's fetch of the same thing. `refused`: a remembered
       * 429 or 401, without a request.
       */
      outcome: 'fresh' | 'stale' | 'miss' | 'refused';
      /** The status of the answer (0 when no answer came). */
      status: number;
    }
  | {
      type: 'upstream';
      url: string;
      kind: 'prompts' | 'composers';
      /** `miss`: nothing to answer with; `refresh`: a stale answer; `probe`: checking a remembered 429 or 401. */
      reason: 'miss' | 'refresh' | 'probe';
      /** The API's status, 0 when it did not answer. */
      status: number;
      durationMs: number;
    }
  | {
      type: 'store';
      operation: 'get' | 'set' | 'add' | 'delete';
      /** `timeout`: the reader stopped waiting (or nobody heard back within `storeTimeoutMs`); `skipped`: not sent, the store is down. */
      outcome: 'ok' | 'timeout' | 'error' | 'skipped';
      durationMs: number;
    }
  | {
      type: 'lock-wait';
      kind: 'prompts' | 'composers';
      /** `answered`: the other server's answer came (or its lock went); `gave-up`: after `lockWaitMs`, this server asked itself. */
      outcome: 'answered' | 'gave-up';
      durationMs: number;
    }
  | {
      type: 'store-health';
      /** `false` when the shared store failed, `true` when it answers again: once each, not per request. */
      healthy: boolean;
      /** What `console.warn` writes by default. */
      message: string;
    };

/** The parts of a client's request pipeline it hands its cache (`createPromptApiClient({ cache })` does). */
export interface PromptCacheSeam {
  /** The client's `fetch`: the cache puts itself in front of it. */
  fetch: typeof globalThis.fetch;
  /** The client's base URL (no trailing slash): the cache reads each request's route under it. */
  baseUrl?: string;
  /**
   * Set by the cache: the client's own quota guard (which refuses to send after a 429 until the reset)
   * stands aside, because the cache remembers the 429 for every server and keeps answering what it holds.
   */
  cached?: boolean;
}

/** A response cache for the API, shared by the clients given it as `cache`. */
export interface PromptCache {
  /**
   * Wraps a `fetch`: the API's GET requests are answered from the cache where it can, everything else goes
   * to `fetch` unchanged. For an HTTP client of your own; `createPromptApiClient({ cache })` needs none.
   * Give `baseUrl` (the API's, as requests start with it) so that an id spelled like a kind
   * (`{baseUrl}/prompts/composers`) is read as an id; without it, such a path is sent uncached.
   * @default baseUrl: none (the route is read from the end of each URL's path)
   */
  wrapFetch(fetch: typeof globalThis.fetch, baseUrl?: string): typeof globalThis.fetch;
  /**
   * Plugs the cache into a client: `createPromptApiClient({ cache })` calls it with its request pipeline,
   * whose `fetch` it wraps and whose quota guard it replaces with its own, and with the client itself,
   * whose reads it makes deliver what it made once per record (and whose payloads the handler reads).
   * Not for direct use.
   */
  attach(pipeline: PromptCacheSeam, client?: PromptApiClient): void;
  /** Resolves once the background refreshes started so far have finished (tests, graceful shutdown). */
  idle(): Promise<void>;
}
