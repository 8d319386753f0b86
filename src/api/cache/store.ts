import { type Placed, recentlyRead } from './remembered.ts';

/**
 * Where `createPromptCache` keeps its entries, locks and the account's usage: four operations on string
 * keys and string values, each sync or async. `memoryStore()` is one process's memory;
 * `redisStore()` (from `prompt-composer-react/server`) is shared by every server of a fleet. Another
 * shared store (Valkey, Upstash, a cloud KV) is a few lines: see docs/server/stores.md.
 *
 * A store may lose any key at any time (eviction): the cache then fetches again. An operation that throws
 * or rejects makes the cache fall back to its own memory until the store answers again.
 */
export interface PromptCacheStore {
  /** The value stored under `key`, or `undefined` (or `null`) when there is none or it expired. */
  get(key: string): Promise<string | null | undefined> | string | null | undefined;
  /**
   * Stores `value` under `key`, replacing any value; it expires after `ttlMs` milliseconds, or never when
   * `ttlMs` is `undefined` (until evicted).
   */
  set(key: string, value: string, ttlMs?: number): Promise<unknown> | unknown;
  /**
   * Stores `value` under `key` only when the key holds nothing, expiring after `ttlMs` milliseconds, and
   * says whether it did: the fleet-wide lock (Redis `SET key value NX PX ttlMs`). A store without an
   * atomic form of this still works; two servers may then refresh the same entry at the same time.
   */
  add(key: string, value: string, ttlMs: number): Promise<boolean> | boolean;
  /** Removes `key`; nothing happens when it holds nothing. */
  delete(key: string): Promise<unknown> | unknown;
  /**
   * Removes `key` only while it holds `value`, and says whether it did: how a server lets go of its own
   * lock and never another's (Redis: a script that compares, then deletes). Optional: without it, the
   * cache reads the lock and deletes it when it is still its own, which leaves a short race.
   */
  deleteIf?(key: string, value: string): Promise<boolean> | boolean;
}

/** Options of `memoryStore`. */
export interface MemoryStoreOptions {
  /**
   * How many keys the store keeps; the least recently used go first (a key read while it is among the
   * newer half keeps its place). A list of the whole account is one key, and each item one more.
   * @default 2000
   */
  maxEntries?: number;
}

interface MemoryValue extends Placed {
  value: string;
  /** Milliseconds since the epoch; `Infinity` for no expiry. */
  expiresAt: number;
}

/**
 * A `PromptCacheStore` in this process's memory, least recently used out first: the default store of
 * `createPromptCache`, for one server (or a serverless instance). Several servers each keep their own
 * copy and each spend requests to fill it; share one `redisStore()` between them instead.
 *
 * @example
 * const cache = createPromptCache({ store: memoryStore({ maxEntries: 500 }) })
 */
export function memoryStore(options: MemoryStoreOptions = {}): PromptCacheStore {
  const maxEntries = options.maxEntries ?? 2000;
  if (!(maxEntries >= 1)) throw new RangeError(`memoryStore: maxEntries must be at least 1, got ${maxEntries}`);
  return boundedMemory(() => maxEntries);
}

/**
 * A memory store whose size is asked at each write: the cache's own memory grows with the account (one
 * entry per published version its lists name), so that no request mix can make it evict and fetch again.
 */
export function boundedMemory(capacity: () => number): PromptCacheStore & { deleteIf(key: string, value: string): boolean } {
  const values = recentlyRead<MemoryValue>(capacity);
  const expired = (entry: MemoryValue) => entry.expiresAt !== Infinity && entry.expiresAt <= Date.now();

  /** The unexpired entry under `key`, left in its place in line. */
  const live = (key: string): MemoryValue | undefined => {
    const entry = values.peek(key);
    if (entry && expired(entry)) {
      values.delete(key);
      return undefined;
    }
    return entry;
  };
  const put = (key: string, value: string, ttlMs: number | undefined) =>
    values.set(key, { value, expiresAt: ttlMs === undefined ? Infinity : Date.now() + ttlMs, placed: 0 });

  return {
    get(key) {
      const entry = values.get(key);
      if (!entry) return undefined;
      if (!expired(entry)) return entry.value;
      values.delete(key);
      return undefined;
    },
    set: (key, value, ttlMs) => put(key, value, ttlMs),
    add(key, value, ttlMs) {
      if (live(key)) return false;
      put(key, value, ttlMs);
      return true;
    },
    delete: (key) => values.delete(key),
    deleteIf: (key, value) => live(key)?.value === value && values.delete(key),
  };
}
