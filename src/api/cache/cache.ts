import { untilAborted } from '../abort.ts';
import { accountAfter } from './account.ts';
import { consult, usable } from './consult.ts';
import { type Budget, createLayers } from './layers.ts';
import type { PromptCache, PromptCacheEvent, PromptCacheOptions, PromptCacheRoute } from './options.ts';
import { type AccountRecord, type ListStamp, versionsListUrl, quotaTtlMs, type Route, routeOf, type StoredResponse } from './policy.ts';
import { createRecords, keyOf } from './records.ts';
import { partitionName, replay, sleep } from './responses.ts';
import { loadTelemetry, record, recordEvent } from './telemetry.ts';
import { fetchUpstream } from './upstream.ts';

/** One read: its route, the request's headers (sent along upstream) and the account's partition. */
interface Read {
  route: Route;
  headers: Headers;
  partition: string;
  upstream: typeof globalThis.fetch;
}

/** What a fetch is for: the read's kind's index (its list with versions), or the read's own entry. */
type Target = 'list' | 'entry';

/** Why a request goes to the API. */
type Reason = Extract<PromptCacheEvent, { type: 'upstream' }>['reason'];

/** A route as the events name it. */
const routeKind = (route: Route): PromptCacheRoute => (route.id === undefined ? 'list' : route.version === undefined ? 'item' : 'pinned');

/** What a read saw before it fetched: a fetch that lands after it is newer. */
interface Seen {
  stamp: ListStamp | undefined;
  entry: StoredResponse | undefined;
}

/** A lock this server holds. */
interface HeldLock {
  key: string;
  token: string;
}

/** Rounds of a read: look, fetch (or wait for the fleet's fetch), look again; from the third, it fetches alone. */
const MAX_ROUNDS = 5;

/** The identifier of an item route, decoded (`undefined` for a list, `''` for one that does not decode). */
function decodedId(route: Route): string | undefined {
  if (route.id === undefined) return undefined;
  try {
    return decodeURIComponent(route.id);
  } catch {
    return '';
  }
}

/**
 * Creates a response cache for the API, for server-side reads (Server Components, prefetching) and
 * `createPromptApiHandler`: give it to `createPromptApiClient({ cache })`. Each kind's list with versions
 * is its index: it answers every latest item and both lists, and says what exists, so an id or a
 * version it does not name is a 404 without a request. Pinned versions it names are fetched once and kept.
 * Latest items and lists are fresh for `ttlMs`, then served stale while one request refreshes the list for
 * the whole fleet (a lock in the store). A 429 is remembered until the quota's reset and a 401 until the
 * key works again, each checked by one request per `errorTtlMs`. The store is never waited on for longer
 * than `storeBudgetMs` per read. See docs/operating/failures.md.
 *
 * @example
 * const cache = createPromptCache({ store: redisStore({ url: process.env.REDIS_URL }) })
 * const client = createPromptApiClient({ baseUrl, apiKey: process.env.PROMPT_API_KEY, cache })
 */
export function createPromptCache(options: PromptCacheOptions = {}): PromptCache {
  const { ttlMs, quotaShare = 0.5, notFoundTtlMs = 60_000, errorTtlMs = 5000, lockMs = 15_000, lockWaitMs = 3000, maxEntries = 2000 } = options;
  if (!(quotaShare > 0 && quotaShare <= 1)) throw new RangeError(`createPromptCache: quotaShare must be above 0 and at most 1, got ${quotaShare}`);
  const onEvent = options.onEvent ?? ((event: PromptCacheEvent) => event.type === 'store-health' && console.warn(event.message));
  /** Tells `onEvent` and OpenTelemetry (when `@opentelemetry/api` is installed) what the cache did. */
  const emit = (event: PromptCacheEvent) => {
    onEvent(event);
    recordEvent(event);
  };
  const telemetryLoaded = loadTelemetry();
  const background = new Set<Promise<unknown>>();
  const track = <T>(work: Promise<T>): Promise<T> => {
    const settled = work.catch(() => {}).finally(() => background.delete(settled));
    background.add(settled);
    return work;
  };
  const layers = createLayers({
    shared: options.store,
    // Memory holds what the lists say exists, whatever is asked: nothing of the account is evicted.
    capacity: () => maxEntries + records.versionCount(),
    budgetMs: options.storeBudgetMs ?? 50,
    timeoutMs: options.storeTimeoutMs ?? 1000,
    retryMs: 1000,
    onHealth: (healthy, reason) =>
      emit({
        type: 'store-health',
        healthy,
        message: healthy
          ? 'prompt cache: the shared store answers again; back to sharing entries, locks and usage'
          : `prompt cache: the shared store failed (${reason}); this server answers from its own memory and the API until the store answers again`,
      }),
    onOperation: (operation, outcome, durationMs) => emit({ type: 'store', operation, outcome, durationMs }),
  });
  const records = createRecords(layers, { notFoundTtlMs, errorTtlMs, track });
  const flights = new Map<string, Promise<void>>();
  const refreshing = new Set<string>();
  /** The last background refresh of each account on this server: the next one waits for it. */
  const queues = new Map<string, Promise<unknown>>();
  const token = () => Math.random().toString(36).slice(2);
  // The last header and its partition: a server reads with one key, and hashing it per read is wasted work.
  let partition: [string, Promise<string>] | undefined;
  const partitionOf = (authorization: string) => {
    if (partition?.[0] !== authorization) partition = [authorization, partitionName(authorization, options.secret)];
    return partition[1];
  };
  const report = (route: Route, outcome: Extract<PromptCacheEvent, { type: 'read' }>['outcome'], status: number) =>
    emit({ type: 'read', url: route.url, kind: route.kind, route: routeKind(route), outcome, status });
  const freshFor = (account: AccountRecord) => ttlMs ?? quotaTtlMs(account.rateLimit?.limit, quotaShare);
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
    const account = accountAfter(current, fetched, errorTtlMs, freshFor(current));
    record.quota(account.rateLimit);
    void records.writeAccount(partition, account);
    const { status } = fetched.record;
    let written: Promise<unknown> = Promise.resolve();
    let failed = false;
    if (status !== 401 && status !== 429) {
      if (target === 'list') written = records.saveList(partition, route, fetched, freshFor(account));
      else ({ written, failed } = records.saveEntry(partition, route, fetched, freshFor(account)));
    }
    if (!lock) return void track(written);
    void track(written.then(() => (failed ? layers.write(lock.key, lock.token, errorTtlMs) : layers.release(lock.key, lock.token))));
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

  /** One request for the fleet an interval that checks a remembered 401 or 429 again. */
  const takeProbe = (partition: string, budget?: Budget) => layers.lock(keyOf(partition, 'lock', 'probe'), token(), errorTtlMs, budget);

  /**
   * Refreshes a stale answer in the background. A server refreshes one thing at a time per account, each
   * after the last has answered, so that a 429 or 401 the first one meets stops the next before it is
   * sent; none is sent while the API fails (its back-off) or the key is refused.
   */
  function refresh(read: Read, target: Target, seen: Seen): void {
    const url = urlOf(read, target);
    const flightKey = `${read.partition} ${url}`;
    if (refreshing.has(flightKey)) return;
    refreshing.add(flightKey);
    const previous = queues.get(read.partition);
    const work = (async () => {
      await previous;
      const { unauthorized, exceeded, failing } = await records.readAccount(read.partition);
      const now = Date.now();
      if (unauthorized || (failing && now < failing.until)) return;
      const probing = exceeded !== undefined && now < exceeded.until;
      if (probing && (now < exceeded.retryAt || !(await takeProbe(read.partition)))) return;
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

  async function answer(read: Read): Promise<Response> {
    const { route, partition } = read;
    await telemetryLoaded;
    const budget = layers.budget();
    const id = decodedId(route);
    // Judged as of when the read began: what its own requests fetched is fresh for it, however brief.
    const now = Date.now();
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const [account, stamp, entry] = await Promise.all([
        records.readAccount(partition, budget),
        records.readStamp(partition, versionsListUrl(route), budget),
        id === undefined ? undefined : records.readEntry(partition, route.url, budget),
      ]);
      const { unauthorized, exceeded } = account;
      record.quota(account.rateLimit);
      // The key was refused: nothing cached under it is served; one request an interval checks it again.
      if (unauthorized) {
        if (round > 0 || now < unauthorized.retryAt || !(await takeProbe(partition, budget))) {
          // After this read's own request (a check), the 401 is its answer: a miss; else a refusal.
          report(route, round > 0 ? 'miss' : 'refused', unauthorized.response.status);
          return replay(unauthorized.response, account);
        }
        budget.extend(layers.missBudgetMs);
        await obtain(read, 'list', 'probe', { stamp, entry }, budget, true);
        continue;
      }
      const spent = exceeded !== undefined && now < exceeded.until;
      // A pinned version read before needs no index.
      const pinnedHit = route.version !== undefined && usable(entry, now);
      const index = pinnedHit ? undefined : await records.listIndexOf(partition, route, stamp, budget);
      const verdict = consult({ route, id, stamp, index, entry, now, mayFetch: !spent });
      if ('answer' in verdict) {
        if (verdict.refresh) refresh(read, verdict.refresh, { stamp, entry });
        if (verdict.keep) void records.keepEntry(partition, route, verdict.answer);
        report(route, round > 0 ? 'miss' : verdict.fresh ? 'fresh' : 'stale', verdict.answer.status);
        return replay(verdict.answer, account, verdict.body);
      }
      // Nothing to answer with. A spent quota: the 429, but for one request an interval that checks it.
      if (exceeded && spent && (round > 0 || now < exceeded.retryAt || !(await takeProbe(partition, budget)))) {
        report(route, round > 0 ? 'miss' : 'refused', exceeded.response.status);
        return replay(exceeded.response, account);
      }
      // A read that must fetch may wait longer on the store: coordinating the fleet saves requests.
      budget.extend(layers.missBudgetMs);
      // After a few rounds without an answer (a store that loses writes), one request of this server's own.
      await obtain(read, verdict.fetch, spent ? 'probe' : 'miss', { stamp, entry }, budget, round >= 2);
    }
    // Requests that landed nowhere this server can read: fail the way fetch fails, which clients retry.
    throw new TypeError('fetch failed (the cache found no answer after its requests)');
  }

  const wrapFetch = (upstream: typeof globalThis.fetch): typeof globalThis.fetch => async (input, init) => {
    const request = input instanceof Request ? input : undefined;
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init?.method ?? request?.method ?? 'GET').toUpperCase();
    const route = method === 'GET' ? routeOf(url) : null;
    if (!route) return upstream(input, init);
    const headers = new Headers(init?.headers ?? request?.headers);
    const read = { route, headers, partition: await partitionOf(headers.get('authorization') ?? ''), upstream };
    const signal = init?.signal ?? request?.signal;
    return signal ? untilAborted(answer(read), signal) : answer(read);
  };

  return {
    wrapFetch,
    attach(client) {
      client.fetch = wrapFetch(client.fetch);
      client.cached = true;
    },
    async idle() {
      while (background.size > 0) await Promise.allSettled([...background]);
    },
  };
}
