// The shared store with this process's memory behind it: every write is mirrored into memory, and when
// the shared store fails (down, slow, unreachable) reads, writes and locks go to memory alone until it
// answers again. Nothing here throws.
import { type PromptCacheStore, memoryStore } from './store.ts';

/** What `createLayers` needs from the cache's options. */
export interface LayersOptions {
  shared: PromptCacheStore | undefined;
  maxEntries: number | undefined;
  /** Milliseconds a shared-store operation may take before it counts as failed. */
  timeoutMs: number;
  /** Milliseconds to leave the shared store alone after a failure before trying it again. */
  retryMs: number;
  warn: (message: string) => void;
}

/** The cache's view of its stores. */
export interface Layers {
  /**
   * An entry or the account record: the shared store's, else memory's. `from` says which: `shared`, the
   * caller may keep a copy in memory (`remember`); `lost`, the shared store answered but no longer holds
   * what memory does (restarted empty, evicted), and the caller may give it back (`write`).
   */
  read(key: string): Promise<{ value: string | undefined; from: 'shared' | 'memory' | 'lost' }>;
  /** Keeps a copy in this process's memory only: what it answers from while the shared store is down. */
  remember(key: string, value: string, ttlMs?: number): void;
  /** A lock's holder: the shared store's, or memory's while the shared store is down. */
  holder(key: string): Promise<string | undefined>;
  write(key: string, value: string, ttlMs?: number): Promise<void>;
  /** Takes a lock: in the shared store, or in memory while it is down. */
  lock(key: string, token: string, ttlMs: number): Promise<boolean>;
  remove(key: string): Promise<void>;
}

const FAILED = Symbol('failed');

/**
 * Settles like `value`, or rejects after `timeoutMs`. When the timer fires, the rejection waits one more
 * turn of the event loop: after a long synchronous stretch (a busy CPU), overdue timers run before the
 * I/O that arrived meanwhile, and an answer that is already there must win over its own timeout.
 */
function within<T>(value: Promise<T> | T, timeoutMs: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), 0);
    }, timeoutMs);
  });
  return Promise.race([Promise.resolve(value), timeout]).finally(() => clearTimeout(timer));
}

/** The stores of one cache: `shared` (when given) in front of this process's memory. */
export function createLayers({ shared, maxEntries, timeoutMs, retryMs, warn }: LayersOptions): Layers {
  const memory = memoryStore({ maxEntries });
  let downUntil = 0;
  let down = false;

  /** Runs `operation` on the shared store, or returns `FAILED` (it is down, or failed now). */
  async function onShared<T>(operation: (store: PromptCacheStore) => Promise<T> | T): Promise<T | typeof FAILED> {
    if (!shared || Date.now() < downUntil) return FAILED;
    try {
      const result = await within(operation(shared), timeoutMs);
      if (down) {
        down = false;
        warn('prompt cache: the shared store answers again; back to sharing entries, locks and usage');
      }
      return result;
    } catch (error) {
      downUntil = Date.now() + retryMs;
      if (!down) {
        down = true;
        const reason = error instanceof Error ? error.message || error.name : String(error);
        warn(`prompt cache: the shared store failed (${reason}); this server answers from its own memory and the API until the store answers again`);
      }
      return FAILED;
    }
  }

  const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

  return {
    async read(key) {
      const value = await onShared((store) => store.get(key));
      if (value !== FAILED && typeof value === 'string') return { value, from: 'shared' };
      const remembered = text(memory.get(key));
      return { value: remembered, from: remembered !== undefined && value !== FAILED ? 'lost' : 'memory' };
    },
    remember(key, value, ttlMs) {
      memory.set(key, value, ttlMs);
    },
    async holder(key) {
      const value = await onShared((store) => store.get(key));
      return value === FAILED ? text(memory.get(key)) : text(value);
    },
    async write(key, value, ttlMs) {
      memory.set(key, value, ttlMs);
      await onShared((store) => store.set(key, value, ttlMs));
    },
    async lock(key, token, ttlMs) {
      const taken = await onShared((store) => store.add(key, token, ttlMs));
      return taken === FAILED ? Boolean(memory.add(key, token, ttlMs)) : taken;
    },
    async remove(key) {
      memory.delete(key);
      await onShared((store) => store.delete(key));
    },
  };
}
