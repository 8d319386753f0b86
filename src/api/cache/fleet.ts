// One request for the fleet. A read with nothing to answer takes the fleet's lock for what it needs (its
// kind's list, or its own entry) and fetches it, or waits for the server that holds the lock; a stale
// answer is refreshed in the background, one thing at a time per account and server, never while the API
// fails or the key is refused; a remembered 401 or 429 is checked by one request an interval. What the
// API answers is stored for every server (`records`), and what it says of the account too.
import { accountAfter } from './account.ts';
import type { Budget, Layers } from './layers.ts';
import type { PromptCacheEvent } from './options.ts';
import { type AccountRecord, keyOf, type ListStamp, type Route, type StoredResponse, versionsListUrl } from './policy.ts';
import type { Records } from './records.ts';
import { sleep } from './responses.ts';
import { record } from './telemetry.ts';
import { fetchUpstream } from './upstream.ts';

/** How the cache answered a read, as its `read` event says. */
export type ReadOutcome = Extract<PromptCacheEvent, { type: 'read' }>['outcome'];

/** One read: its route, the request's headers (sent along upstream) and the account's partition. */
export interface Read {
  route: Route;
  headers: Headers;
  partition: string;
  upstream: typeof globalThis.fetch;
  /** Told how the cache answered the read (the handler's telemetry labels its request with it). */
  onOutcome?: (outcome: ReadOutcome) => void;
}

/** What a fetch is for: the read's kind's index (its list with versions), or the read's own entry. */
export type Target = 'list' | 'entry';

/** Why a request goes to the API. */
export type Reason = Extract<PromptCacheEvent, { type: 'upstream' }>['reason'];

/** What a read saw before it fetched: a fetch that lands after it is newer. */
export interface Seen {
  stamp: ListStamp | undefined;
  entry: StoredResponse | undefined;
}

/** A lock this server holds. */
interface HeldLock {
  key: string;
  token: string;
}

/** What the fleet's requests need of the cache. */
export interface FleetOptions {
  layers: Layers;
  records: Records;
  /** Tells the cache's listeners what happened. */
  emit: (event: PromptCacheEvent) => void;
  /** Tracks background work (`idle()` waits for it). */
  track: <T>(work: Promise<T>) => Promise<T>;
  /** How long what a refresh stores stays fresh, for the account as it is now. */
  freshFor: (account: AccountRecord) => number;
  lockMs: number;
  lockWaitMs: number;
  errorTtlMs: number;
}

/** The fleet's requests of one cache. */
export function createFleet({ layers, records, emit, track, freshFor, lockMs, lockWaitMs, errorTtlMs }: FleetOptions) {
  const flights = new Map<string, Promise<void>>();
  const refreshing = new Set<string>();
  /** The last background refresh of each account on this server: the next one waits for it. */
  const queues = new Map<string, Promise<unknown>>();
  const token = () => Math.random().toString(36).slice(2);

  const urlOf = (read: Read, target: Target) => (target === 'list' ? versionsListUrl(read.route) : read.route.url);
  /**
   * Sends one request for `target` and stores the answer. The lock is released once the writes are in, or
   * kept for `errorTtlMs` after a failed item request, so that the fleet does not ask again sooner.
   */
  async function fetchInto(read: Read, target: Target, reason: Reason, lock: HeldLock | null, budget?: Budget): Promise<void> {
    const { partition, route } = read;
    const url = urlOf(read, target);
    const fetched = await fetchUpstream(read.upstream, url, read.headers, lockMs, { 'prompt_api.kind': route.kind, 'prompt_api.reason': reason });
    emit({ type: 'upstream', url, kind: route.kind, reason, status: fetched.record.status, durationMs: Date.now() - fetched.record.fetchedAt });
    const current = await records.readAccount(partition, budget);
    const account = accountAfter(current, fetched, errorTtlMs);
    record.quota(account.rateLimit);
    if (account !== current) void records.writeAccount(partition, account);
    const { status } = fetched.record;
    let written: Promise<unknown> = Promise.resolve();
    let failed = false;
    let backoffMs = 0;
    if (status !== 401 && status !== 429) {
      if (target === 'list') written = records.saveList(partition, route, fetched, freshFor(account));
      else ({ written, failed, backoffMs = 0 } = records.saveEntry(partition, route, fetched, freshFor(account)));
    }
    if (!lock) return void track(written);
    // After a failed item request the lock stays for the entry's back-off: the fleet does not ask sooner.
    void track(written.then(() => (failed ? layers.write(lock.key, lock.token, backoffMs) : layers.release(lock.key, lock.token))));
  }

  /** Whether something newer than what the read saw has landed for `target`. */
  async function landed(read: Read, target: Target, seen: Seen, budget?: Budget): Promise<boolean> {
    if (target === 'list') return ((await records.readStamp(read.partition, versionsListUrl(read.route), budget))?.updatedAt ?? 0) > (seen.stamp?.updatedAt ?? 0);
    return ((await records.readEntry(read.partition, read.route.url, budget))?.fetchedAt ?? 0) > (seen.entry?.fetchedAt ?? 0);
  }

  /**
   * One request for the fleet: this server takes the lock and fetches, or waits (at most `lockWaitMs`)
   * until the holder's answer lands or its lock is gone; then, or with `alone`, it fetches itself.
   */
  function obtain(read: Read, target: Target, reason: Reason, seen: Seen, budget: Budget, alone: boolean): Promise<void> {
    const url = urlOf(read, target);
    const flightKey = `${read.partition} ${url}`;
    const running = flights.get(flightKey);
    if (running) return running;
    const flight = (async () => {
      if (alone) return fetchInto(read, target, reason, null, budget);
      const lock = { key: keyOf(read.partition, 'lock', url), token: token() };
      // The looks at what the fleet did (after taking the lock, and while another server holds it) are
      // bounded by lockWaitMs, not by the read's store budget: a read that spent its budget must not fetch
      // what another server has just fetched. Each is one store operation (a store that stops answering
      // is down within storeTimeoutMs, and then the holder is memory's: none).
      if (await layers.lock(lock.key, lock.token, lockMs, budget)) {
        // Another server may have fetched it and let the lock go between this server's look and now.
        if (await landed(read, target, seen)) return void track(layers.release(lock.key, lock.token));
        return fetchInto(read, target, reason, lock, budget);
      }
      const waitStarted = Date.now();
      const waited = (outcome: 'answered' | 'gave-up') => emit({ type: 'lock-wait', kind: read.route.kind, outcome, durationMs: Date.now() - waitStarted });
      for (let delay = 5; Date.now() < waitStarted + lockWaitMs; delay = Math.min(delay * 2, 100)) {
        await sleep(delay);
        if ((await landed(read, target, seen)) || (await layers.holder(lock.key)) === undefined) return waited('answered');
      }
      // The lock outlived its holder's request (a fault): fetch rather than keep the reader waiting.
      waited('gave-up');
      return fetchInto(read, target, reason, null, budget);
    })().finally(() => flights.delete(flightKey));
    flights.set(flightKey, flight);
    return flight;
  }

  /**
   * The turn of one item of the read's kind to refresh alone, for the fleet, until its list's back-off
   * ends (at least `errorTtlMs`): the item that takes it is the turn's only item request.
   */
  function takeTurn(read: Read, seen: Seen, now: number): Promise<boolean> {
    const listUrl = versionsListUrl(read.route);
    const untilListRetry = (seen.stamp?.failure?.freshUntil ?? 0) - now;
    return layers.lock(keyOf(read.partition, 'lock', `${listUrl} item-turn`), token(), Math.max(errorTtlMs, untilListRetry));
  }

  /** One request for the fleet an interval that checks a remembered 401 or 429 again. */
  const takeProbe = (partition: string, budget?: Budget) => layers.lock(keyOf(partition, 'lock', 'probe'), token(), errorTtlMs, budget);

  /**
   * Refreshes a stale answer in the background. A server refreshes one thing at a time per account, each
   * after the last has answered, so that a 429 or 401 the first one meets stops the next before it is
   * sent; none is sent while the key is refused. A target that failed is not asked for in its back-off
   * (`consult` says so). An item refreshes alone only while its list backs off, and then only one item of
   * the kind for the fleet per back-off of the list: a failing list costs at most two requests a turn
   * (itself, and one item), whatever the number of items read.
   */
  function refresh(read: Read, target: Target, seen: Seen): void {
    const url = urlOf(read, target);
    const flightKey = `${read.partition} ${url}`;
    if (refreshing.has(flightKey)) return;
    refreshing.add(flightKey);
    const previous = queues.get(read.partition);
    const work = (async () => {
      await previous;
      const { unauthorized, exceeded } = await records.readAccount(read.partition);
      const now = Date.now();
      if (unauthorized) return;
      const probing = exceeded !== undefined && now < exceeded.until;
      if (probing && (now < exceeded.retryAt || !(await takeProbe(read.partition)))) return;
      if (target === 'entry' && !(await takeTurn(read, seen, now))) return;
      const lock = { key: keyOf(read.partition, 'lock', url), token: token() };
      if (!(await layers.lock(lock.key, lock.token, lockMs))) return;
      if (await landed(read, target, seen)) return layers.release(lock.key, lock.token);
      return fetchInto(read, target, probing ? 'probe' : 'refresh', lock);
    })().finally(() => {
      refreshing.delete(flightKey);
      if (queues.get(read.partition) === work) queues.delete(read.partition);
    });
    queues.set(read.partition, track(work));
  }

  return { obtain, refresh, takeProbe };
}
