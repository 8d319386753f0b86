// The shared store with this process's memory behind it. Every write is mirrored into memory; the
// shared store is an optimisation, never a dependency on the hot path:
// - a read waits on it at most its budget, all its operations together (`budgetMs` for a read that has
//   something cached, `timeoutMs` for one that must fetch), then goes on from memory; what it stopped
//   waiting for still runs;
// - an operation that fails, or is not answered within `timeoutMs` (whoever waits for it), marks the
//   store down. While it is down, nothing waits on it: reads, writes and locks go to memory alone, and one
//   probe at a time (never awaited by a read) checks, at most every `retryMs`, whether it answers again;
// - the lock releases it missed meanwhile are sent when it answers again, so no lock of this server
//   outlives its request.
// Nothing here throws.
import { andThen, type Eventually, isPending } from './eventually.ts';
import { boundedMemory, type PromptCacheStore } from './store.ts';

/** What `createLayers` needs from the cache's options. */
export interface LayersOptions {
  shared: PromptCacheStore | undefined;
  /** How many keys memory keeps, asked at each write. */
  capacity: () => number;
  /** Milliseconds of shared-store waiting a read with something cached may spend, all its operations together. */
  budgetMs: number;
  /**
   * Milliseconds an operation may go unanswered before the store counts as down (per megabyte of its
   * value, for a large one); also what a read that must fetch may spend waiting, all its operations together.
   */
  timeoutMs: number;
  /** Milliseconds between two probes of a store that is down. */
  retryMs: number;
  /** Told when the store goes down (with the reason) and when it answers again. */
  onHealth: (healthy: boolean, reason?: string) => void;
  /** Told of each operation: what it was, how it went for whoever waited, and how long that took. */
  onOperation: (operation: StoreOperation, outcome: 'ok' | 'timeout' | 'error' | 'skipped', durationMs: number) => void;
  /** Counts work no read waits for (a probe of a store that is down) as the cache's background work. */
  track: (work: Promise<unknown>) => void;
}

/** The store's operations, as the cache's events name them. */
export type StoreOperation = 'get' | 'set' | 'add' | 'delete';

/** The shared-store time one read may still spend. */
export interface Budget {
  /** What is left: the time allowed, less the wall time spent waiting on the store (parallel waits count once). */
  readonly remainingMs: number;
  /** Charges the wall time until `wait` settles, overlapping other charged waits counted once. */
  charge<T>(wait: Promise<T>): Promise<T>;
  /** Raises what the read may spend in all to `totalMs` (a read that turned out to need a fetch). */
  extend(totalMs: number): void;
}

/** What a read found: the shared store's value (when it answered) and memory's. */
export interface LayeredValue {
  shared: string | undefined;
  memory: string | undefined;
  /** Whether the shared store answered (when there is one). */
  answered: boolean;
}

/** The cache's view of its stores. */
export interface Layers {
  /** A new budget, for one read: `budgetMs`, extensible to `timeoutMs`. */
  budget(): Budget;
  /** Milliseconds a read that must fetch may wait on the store in all. */
  readonly missBudgetMs: number;
  /**
   * Reads `key` from both: within `budget` on a read's path, else in the background, given (as `size`)
   * the characters it is expected to hold. At once when the shared store answers at once (or there is none).
   */
  read(key: string, budget?: Budget, size?: number): Eventually<LayeredValue>;
  /** Memory's copy of `key`, at once. */
  peek(key: string): string | undefined;
  /** Keeps a copy in this process's memory only: what it answers from while the shared store is down. */
  remember(key: string, value: string, ttlMs?: number): void;
  /** Writes to memory at once, and to the shared store (not awaited on a read's path). */
  write(key: string, value: string, ttlMs?: number): Promise<void>;
  /** Writes to the shared store only: a large value this process keeps in a form of its own. */
  share(key: string, value: string): Promise<void>;
  /** Takes a lock: in the shared store, or in memory while it is down. */
  lock(key: string, token: string, ttlMs: number, budget?: Budget): Promise<boolean>;
  /** A lock's holder: the shared store's, or memory's while it is down. */
  holder(key: string, budget?: Budget): Promise<string | undefined>;
  /** Lets go of this server's lock `key`; sent again when the store answers, when it could not be. */
  release(key: string, token: string): Promise<void>;
}

const FAILED = Symbol('failed');
const PROBE_KEY = 'prompt-cache:probe';
const MEGABYTE = 1_000_000;

/**
 * Settles like `value`, or rejects after `timeoutMs`. When the timer fires, the rejection waits one more
 * turn of the event loop: after a long synchronous stretch (a busy CPU), overdue timers run before the
 * I/O that arrived meanwhile, and an answer that is already there must win over its own timeout.
 */
function within<T>(value: Promise<T> | T, timeoutMs: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      timer = setTimeout(() => reject(new Error(`no answer within ${Math.round(timeoutMs)} ms`)), 0);
    }, timeoutMs);
  });
  return Promise.race([Promise.resolve(value), timeout]).finally(() => clearTimeout(timer));
}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message || error.name : String(error));

/**
 * Wall time while at least one operation is waited on, not a sum of durations: a read's operations run in
 * parallel, and each would be charged the same milliseconds again. Time spent elsewhere (an upstream
 * request) is not the store's. A class: a read makes one, and most reads (a store that answers at once)
 * never charge it.
 */
class WallTimeBudget implements Budget {
  private allowedMs: number;
  private spentMs = 0;
  private waiting = 0;
  private since = 0;

  constructor(allowedMs: number) {
    this.allowedMs = allowedMs;
  }

  get remainingMs() {
    return this.allowedMs - this.spentMs - (this.waiting > 0 ? Date.now() - this.since : 0);
  }

  extend(totalMs: number) {
    this.allowedMs = Math.max(this.allowedMs, totalMs);
  }

  charge<T>(wait: Promise<T>): Promise<T> {
    if (this.waiting++ === 0) this.since = Date.now();
    return wait.finally(() => {
      if (--this.waiting === 0) this.spentMs += Date.now() - this.since;
    });
  }
}

/** The stores of one cache: `shared` (when given) in front of this process's memory. */
export function createLayers({ shared, capacity, budgetMs, timeoutMs, retryMs, onHealth, onOperation, track }: LayersOptions): Layers {
  const memory = boundedMemory(capacity);
  let down = false;
  let probing = false;
  let lastProbe = 0;
  /** Lock releases the shared store missed while it was down: key to this server's token. */
  const releases = new Map<string, string>();

  function markDown(error: unknown) {
    if (down) return;
    down = true;
    lastProbe = Date.now();
    onHealth(false, reasonOf(error));
  }

  function markUp() {
    if (!down) return;
    down = false;
    onHealth(true);
    for (const [key, token] of releases) {
      releases.delete(key);
      void release(key, token);
    }
  }

  /** One probe at a time, at most every `retryMs`: the store is back once it answers within `timeoutMs`. */
  function probe() {
    if (!shared || probing || Date.now() - lastProbe < retryMs) return;
    probing = true;
    lastProbe = Date.now();
    // Through a promise, as every other operation: a store that throws at once is down, not a failed read.
    track(
      within(Promise.resolve().then(() => shared.get(PROBE_KEY)), timeoutMs)
        .then(markUp, () => {})
        .finally(() => (probing = false)),
    );
  }

  /**
   * Runs `operation` on the shared store and waits for it at most `waitMs`: `FAILED` when the store is
   * down, when the operation fails, or when it is not answered in time. An operation that fails, or goes
   * unanswered for `limitMs`, marks the store down, whether anyone still waits for it or not. A store that
   * answers at once (memoryStore) is answered at once, never raced against a timer.
   */
  function onShared<T>(
    name: StoreOperation,
    operation: (store: PromptCacheStore) => Promise<T> | T,
    waitMs: number,
    limitMs = timeoutMs,
  ): Eventually<T | typeof FAILED> {
    if (!shared) return FAILED;
    if (down || waitMs <= 0) {
      if (down) probe();
      onOperation(name, 'skipped', 0);
      return FAILED;
    }
    const started = Date.now();
    let answer: Promise<T> | T;
    try {
      answer = operation(shared);
    } catch (error) {
      // A store that throws at once is down, as one whose operation rejects.
      markDown(error);
      onOperation(name, 'error', 0);
      return FAILED;
    }
    if (isPending(answer)) return awaitShared(name, answer, started, waitMs, limitMs);
    onOperation(name, 'ok', 0);
    return answer;
  }

  /** Waits for a store's `answer`, begun at `started`, as `onShared` says. */
  async function awaitShared<T>(name: StoreOperation, answer: Promise<T>, started: number, waitMs: number, limitMs: number): Promise<T | typeof FAILED> {
    let failed = false;
    const running = Promise.resolve(answer);
    running.catch(() => (failed = true));
    const watched = within(running, limitMs);
    watched.catch(markDown);
    try {
      const result = await (waitMs >= limitMs ? watched : within(running, waitMs));
      onOperation(name, 'ok', Date.now() - started);
      return result;
    } catch {
      onOperation(name, failed ? 'error' : 'timeout', Date.now() - started);
      return FAILED;
    }
  }

  /** `onShared` within what is left of `budget` (and spending it), or a background operation's time. */
  function spend<T>(name: StoreOperation, operation: (store: PromptCacheStore) => Promise<T> | T, budget: Budget | undefined, size = 0): Eventually<T | typeof FAILED> {
    const limitMs = timeoutMs * Math.max(1, size / MEGABYTE);
    if (!budget) return onShared(name, operation, limitMs, limitMs);
    const answer = onShared(name, operation, budget.remainingMs, limitMs);
    return isPending(answer) ? budget.charge(answer) : answer;
  }

  const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

  async function release(key: string, token: string): Promise<void> {
    memory.deleteIf(key, token);
    const released = await onShared('delete', async (store) => {
      if (store.deleteIf) return store.deleteIf(key, token);
      if (text(await store.get(key)) === token) await store.delete(key);
      return true;
    }, timeoutMs);
    if (released === FAILED && shared) releases.set(key, token);
  }

  return {
    budget: () => new WallTimeBudget(budgetMs),
    missBudgetMs: timeoutMs,
    read: (key, budget, size) =>
      andThen(spend('get', (store) => store.get(key), budget, size), (value) => ({
        shared: value === FAILED ? undefined : text(value),
        memory: text(memory.get(key)),
        answered: value !== FAILED,
      })),
    peek: (key) => text(memory.get(key)),
    remember(key, value, ttlMs) {
      memory.set(key, value, ttlMs);
    },
    async write(key, value, ttlMs) {
      memory.set(key, value, ttlMs);
      await spend('set', (store) => store.set(key, value, ttlMs), undefined, value.length);
    },
    async share(key, value) {
      await spend('set', (store) => store.set(key, value), undefined, value.length);
    },
    async lock(key, token, ttlMs, budget) {
      const taken = await spend('add', (store) => store.add(key, token, ttlMs), budget);
      return taken === FAILED ? Boolean(memory.add(key, token, ttlMs)) : taken;
    },
    async holder(key, budget) {
      const value = await spend('get', (store) => store.get(key), budget);
      return value === FAILED ? text(memory.get(key)) : text(value);
    },
    release,
  };
}
