import { untilAborted } from '../abort.ts';
import { accountAfter } from './account.ts';
import { type Catalog, readCatalog } from './catalog.ts';
import { consult } from './consult.ts';
import { type Budget, createLayers, type Layers } from './layers.ts';
import type { PromptCache, PromptCacheOptions, PromptCacheReadEvent } from './options.ts';
import { type AccountRecord, type CatalogStamp, catalogUrl, decode, isPinned, quotaTtlMs, type Route, routeOf, type StoredResponse, validItem } from './policy.ts';
import { partitionName, replay, sleep } from './responses.ts';
import { type Fetched, fetchUpstream } from './upstream.ts';

/** One read: its route, the request's headers (sent along upstream) and the account's partition. */
interface Read {
  route: Route;
  headers: Headers;
  partition: string;
  upstream: typeof globalThis.fetch;
}

/** What a fetch is for: the read's kind's catalog (its list with versions), or the read's own entry. */
type Target = 'catalog' | 'entry';

/** What a read saw before it fetched: a fetch that lands after it is newer. */
interface Seen {
  stamp: CatalogStamp | undefined;
  entry: StoredResponse | undefined;
}

/** A lock this server holds. */
interface HeldLock {
  key: string;
  token: string;
}

const PREFIX = 'prompt-cache:2:';
/** Rounds of a read: look, fetch (or wait for the fleet's fetch), look again; the third fetches alone. */
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
 * is its catalog: it answers every latest item and both lists, and says what exists, so an id or a
 * version it does not name is a 404 without a request. Pinned versions it names are fetched once and kept.
 * Latest items and lists are fresh for `ttlMs`, then served stale while one request refreshes the list for
 * the whole fleet (a lock in the store). A 429 is remembered until the quota's reset and a 401 until the
 * key works again, each checked by one request per `errorTtlMs`. The store is never waited on for longer
 * than `storeBudgetMs` per read. See docs/server-cache.md.
 *
 * @example
 * const cache = createPromptCache({ store: redisStore({ url: process.env.REDIS_URL }) })
 * const client = createPromptApiClient({ baseUrl, apiKey: process.env.PROMPT_API_KEY, cache })
 */
export function createPromptCache(options: PromptCacheOptions = {}): PromptCache {
  const { ttlMs, quotaShare = 0.5, notFoundTtlMs = 60_000, errorTtlMs = 5000, lockMs = 15_000, lockWaitMs = 3000, maxEntries = 2000, onRead } = options;
  if (!(quotaShare > 0 && quotaShare <= 1)) throw new RangeError(`createPromptCache: quotaShare must be above 0 and at most 1, got ${quotaShare}`);
  const warn = options.onWarning ?? ((message: string) => console.warn(message));
  /** Each account's catalogs, parsed, by partition and list URL. */
  const catalogs = new Map<string, Catalog>();
  const loads = new Map<string, Promise<Catalog | undefined>>();
  const layers: Layers = createLayers({
    shared: options.store,
    capacity: () => [...catalogs.values()].reduce((total, catalog) => total + catalog.versionCount, maxEntries),
    budgetMs: options.storeBudgetMs ?? 50,
    timeoutMs: options.storeTimeoutMs ?? 1000,
    retryMs: 1000,
    onHealth: (healthy, reason) =>
      warn(
        healthy
          ? 'prompt cache: the shared store answers again; back to sharing entries, locks and usage'
          : `prompt cache: the shared store failed (${reason}); this server answers from its own memory and the API until the store answers again`,
      ),
  });
  const background = new Set<Promise<unknown>>();
  const flights = new Map<string, Promise<void>>();
  const refreshing = new Set<string>();
  /** The last background refresh of each account on this server: the next one waits for it. */
  const queues = new Map<string, Promise<unknown>>();
  const keyOf = (partition: string, what: string, url: string) => `${PREFIX}${partition}:${what}:${url}`;
  const accountKey = (partition: string) => `${PREFIX}${partition}:account`;
  const token = () => Math.random().toString(36).slice(2);
  // The last header and its partition: a server reads with one key, and hashing it per read is wasted work.
  let partition: [string, Promise<string>] | undefined;
  const partitionOf = (authorization: string) => {
    if (partition?.[0] !== authorization) partition = [authorization, partitionName(authorization, options.secret)];
    return partition[1];
  };
  const report = (route: Route, outcome: PromptCacheReadEvent['outcome']) => onRead?.({ url: route.url, outcome });
  const track = <T>(work: Promise<T>): Promise<T> => {
    const settled = work.catch(() => {}).finally(() => background.delete(settled));
    background.add(settled);
    return work;
  };
  const freshFor = (account: AccountRecord) => ttlMs ?? quotaTtlMs(account.rateLimit?.limit, quotaShare);

  /** An entry's TTL in the store: none for content (a refresh replaces it), its freshness for the rest. */
  const storeTtl = (record: StoredResponse) => (record.status === 200 || record.freshUntil === null ? undefined : Math.max(1, record.freshUntil - Date.now()));

  /**
   * The newer of the shared store's and memory's copies of a record (by `time`). A record the shared store
   * answered is kept in memory too (for when it is down); one it lost (restarted empty, evicted) is given
   * back to it by `restore`.
   */
  async function readNewest<T extends object>(
    key: string,
    budget: Budget | undefined,
    time: (record: T) => number,
    ttl: (record: T) => number | undefined,
    restore: (record: T, text: string) => void,
  ) {
    const { shared, memory, answered } = await layers.read(key, budget);
    const fromShared = decode<T>(shared);
    const fromMemory = decode<T>(memory);
    if (fromShared && (!fromMemory || time(fromShared) >= time(fromMemory))) {
      if (shared !== memory) layers.remember(key, shared as string, ttl(fromShared));
      return fromShared;
    }
    if (fromMemory && answered && shared === undefined) restore(fromMemory, memory as string);
    return fromMemory;
  }

  const readEntry = (partition: string, url: string, budget?: Budget) =>
    readNewest<StoredResponse>(keyOf(partition, 'entry', url), budget, (record) => record.fetchedAt, storeTtl, (record, text) => {
      void track(layers.write(keyOf(partition, 'entry', url), text, storeTtl(record)));
    });

  const readStamp = (partition: string, url: string, budget?: Budget) =>
    readNewest<CatalogStamp>(keyOf(partition, 'stamp', url), budget, (stamp) => stamp.updatedAt, () => undefined, (stamp, text) => {
      const catalog = catalogs.get(`${partition} ${url}`);
      const body = catalog && catalog.fetchedAt === stamp.fetchedAt ? layers.share(keyOf(partition, 'catalog', url), `${catalog.fetchedAt}\n${catalog.body}`) : Promise.resolve();
      void track(body.then(() => layers.write(keyOf(partition, 'stamp', url), text)));
    });

  /** What the shared store says of the account wins (deleting it there lifts a remembered 429 everywhere). */
  async function readAccount(partition: string, budget?: Budget): Promise<AccountRecord> {
    const key = accountKey(partition);
    const { shared, memory, answered } = await layers.read(key, budget);
    if (answered && shared !== memory) layers.remember(key, shared ?? '{}');
    return decode<AccountRecord>(answered ? shared : memory) ?? {};
  }

  /**
   * The catalog the stamp names, parsed. When this server holds an older one, the read waits for the newer
   * at most what is left of its budget, then answers from the older while the newer loads; with none, it
   * waits for the load (one per catalog at a time).
   */
  async function catalogOf(partition: string, route: Route, stamp: CatalogStamp | undefined, budget: Budget): Promise<Catalog | undefined> {
    const url = catalogUrl(route);
    const memoryKey = `${partition} ${url}`;
    const held = catalogs.get(memoryKey);
    if (stamp?.fetchedAt === undefined || (held && held.fetchedAt >= stamp.fetchedAt)) return held;
    let loading = loads.get(memoryKey);
    if (!loading) {
      loading = (async () => {
        const { shared } = await layers.read(keyOf(partition, 'catalog', url), undefined, stamp.bytes);
        const newline = shared?.indexOf('\n') ?? -1;
        const fetchedAt = Number(shared?.slice(0, newline));
        const current = catalogs.get(memoryKey);
        if (shared === undefined || newline < 0 || (current && current.fetchedAt >= fetchedAt)) return current;
        const body = shared.slice(newline + 1);
        let json: unknown;
        try {
          json = JSON.parse(body);
        } catch {
          return current;
        }
        const catalog = readCatalog(route.kind, json, body, fetchedAt);
        if (catalog) catalogs.set(memoryKey, catalog);
        return catalog ?? current;
      })().finally(() => loads.delete(memoryKey));
      loads.set(memoryKey, track(loading));
    }
    if (!held) return loading;
    const started = Date.now();
    const loaded = await Promise.race([loading, sleep(Math.max(0, budget.remainingMs)).then(() => held)]);
    budget.remainingMs -= Date.now() - started;
    return loaded ?? held;
  }

  /** Records what an answer says of the account, for the fleet. */
  async function recordAccount(partition: string, fetched: Fetched, budget?: Budget): Promise<AccountRecord> {
    const current = await readAccount(partition, budget);
    if (fetched.record.status === 0) return current;
    const next = accountAfter(current, fetched, errorTtlMs);
    void track(layers.write(accountKey(partition), JSON.stringify(next)));
    return next;
  }

  /** Stores a list's answer: its catalog (body, then stamp), or its failure beside the last catalog. */
  function storeCatalog(read: Read, url: string, { record, json }: Fetched, account: AccountRecord): Promise<unknown> {
    const { partition } = read;
    const now = record.fetchedAt;
    const stampKey = keyOf(partition, 'stamp', url);
    const catalog = record.status === 200 ? readCatalog(read.route.kind, json, record.body, now) : undefined;
    if (!catalog) {
      const previous = decode<CatalogStamp>(layers.peek(stampKey)) ?? { updatedAt: 0 };
      const failure = { ...record, body: record.status === 200 ? '' : record.body, freshUntil: now + errorTtlMs };
      return layers.write(stampKey, JSON.stringify({ ...previous, updatedAt: now, failure } satisfies CatalogStamp));
    }
    catalogs.set(`${partition} ${url}`, catalog);
    const failure = catalog.valid ? undefined : { ...record, body: '', freshUntil: now + errorTtlMs };
    const stamp: CatalogStamp = { updatedAt: now, fetchedAt: now, freshUntil: now + freshFor(account), bytes: record.body.length, failure };
    // Memory at once (this server answers from it); the shared store gets the body before the stamp.
    layers.remember(stampKey, JSON.stringify(stamp));
    return layers.share(keyOf(partition, 'catalog', url), `${now}\n${record.body}`).then(() => layers.write(stampKey, JSON.stringify(stamp)));
  }

  /** Stores an item's answer. Says whether it failed (5xx, no answer, outside the contract). */
  function storeEntry(read: Read, { record, json }: Fetched, account: AccountRecord): { failed: boolean; written: Promise<unknown> } {
    const { route, partition } = read;
    const key = keyOf(partition, 'entry', route.url);
    const now = record.fetchedAt;
    const { status } = record;
    if (status === 0 || status >= 500 || (status === 200 && !validItem(route, json))) {
      // Remembered where there is no content to serve instead.
      const current = decode<StoredResponse>(layers.peek(key));
      const written = current?.status === 200 ? Promise.resolve() : layers.write(key, JSON.stringify({ ...record, freshUntil: now + errorTtlMs }), errorTtlMs);
      return { failed: true, written };
    }
    if (status !== 200) return { failed: false, written: layers.write(key, JSON.stringify({ ...record, freshUntil: now + notFoundTtlMs }), notFoundTtlMs) };
    const freshUntil = isPinned(route) ? null : now + freshFor(account);
    return { failed: false, written: layers.write(key, JSON.stringify({ ...record, freshUntil })) };
  }

  /**
   * Sends one request for `target` and stores the answer. The lock is released once the writes are in, or
   * kept for `errorTtlMs` after a failed item request, so that the fleet does not ask again sooner.
   */
  async function fetchInto(read: Read, target: Target, lock: HeldLock | null, budget?: Budget): Promise<void> {
    const url = target === 'catalog' ? catalogUrl(read.route) : read.route.url;
    const fetched = await fetchUpstream(read.upstream, url, read.headers, lockMs);
    const account = await recordAccount(read.partition, fetched, budget);
    const { status } = fetched.record;
    let written: Promise<unknown> = Promise.resolve();
    let failed = false;
    if (status !== 401 && status !== 429) {
      if (target === 'catalog') written = storeCatalog(read, url, fetched, account);
      else ({ written, failed } = storeEntry(read, fetched, account));
    }
    // The API failed (5xx, no answer): no refresh of this account is sent for `errorTtlMs`, whatever it is for.
    if (status === 0 || status >= 500) void track(layers.write(keyOf(read.partition, 'lock', 'outage'), 'failing', errorTtlMs));
    if (!lock) return void track(written);
    void track(written.then(() => (failed ? layers.write(lock.key, lock.token, errorTtlMs) : layers.release(lock.key, lock.token))));
  }

  /** Whether something newer than what the read saw has landed for `target`. */
  async function landed(read: Read, target: Target, seen: Seen, budget?: Budget): Promise<boolean> {
    if (target === 'catalog') return ((await readStamp(read.partition, catalogUrl(read.route), budget))?.updatedAt ?? 0) > (seen.stamp?.updatedAt ?? 0);
    return ((await readEntry(read.partition, read.route.url, budget))?.fetchedAt ?? 0) > (seen.entry?.fetchedAt ?? 0);
  }

  /**
   * One request for the fleet: this server takes the lock and fetches, or waits (at most `lockWaitMs`)
   * until the holder's answer lands or its lock is gone; then, or with `alone`, it fetches itself.
   */
  function obtain(read: Read, target: Target, seen: Seen, budget: Budget, alone: boolean): Promise<void> {
    const url = target === 'catalog' ? catalogUrl(read.route) : read.route.url;
    const flightKey = `${read.partition} ${url}`;
    const running = flights.get(flightKey);
    if (running) return running;
    const flight = (async () => {
      if (alone) return fetchInto(read, target, null, budget);
      const lock = { key: keyOf(read.partition, 'lock', url), token: token() };
      if (await layers.lock(lock.key, lock.token, lockMs, budget)) {
        // Another server may have fetched it and let the lock go between this server's look and now.
        if (await landed(read, target, seen, budget)) return void track(layers.release(lock.key, lock.token));
        return fetchInto(read, target, lock, budget);
      }
      const deadline = Date.now() + lockWaitMs;
      for (let delay = 5; Date.now() < deadline; delay = Math.min(delay * 2, 100)) {
        await sleep(delay);
        if ((await landed(read, target, seen, budget)) || (await layers.holder(lock.key, budget)) === undefined) return;
      }
      // The lock outlived its holder's request (a fault): fetch rather than keep the reader waiting.
      return fetchInto(read, target, null, budget);
    })().finally(() => flights.delete(flightKey));
    flights.set(flightKey, flight);
    return flight;
  }

  /** One request for the fleet an interval that checks a remembered 401 or 429 again. */
  const takeProbe = (partition: string, budget?: Budget) => layers.lock(keyOf(partition, 'lock', 'probe'), token(), errorTtlMs, budget);

  /**
   * Refreshes a stale answer in the background. A server refreshes one thing at a time per account, each
   * after the last has answered, so that a 429 or 401 the first one meets stops the next before it is sent.
   */
  function refresh(read: Read, target: Target, seen: Seen): void {
    const url = target === 'catalog' ? catalogUrl(read.route) : read.route.url;
    const flightKey = `${read.partition} ${url}`;
    if (refreshing.has(flightKey)) return;
    refreshing.add(flightKey);
    const previous = queues.get(read.partition);
    const work = (async () => {
      await previous;
      const { unauthorized, exceeded } = await readAccount(read.partition);
      const now = Date.now();
      if (unauthorized) return;
      if (exceeded && now < exceeded.until && (now < exceeded.retryAt || !(await takeProbe(read.partition)))) return;
      if ((await layers.holder(keyOf(read.partition, 'lock', 'outage'))) !== undefined) return;
      const lock = { key: keyOf(read.partition, 'lock', url), token: token() };
      if (!(await layers.lock(lock.key, lock.token, lockMs))) return;
      if (await landed(read, target, seen)) return layers.release(lock.key, lock.token);
      return fetchInto(read, target, lock);
    })().finally(() => {
      refreshing.delete(flightKey);
      if (queues.get(read.partition) === work) queues.delete(read.partition);
    });
    queues.set(read.partition, track(work));
  }

  async function answer(read: Read): Promise<Response> {
    const { route, partition } = read;
    const budget = layers.budget();
    const id = decodedId(route);
    // Judged as of when the read began: what its own requests fetched is fresh for it, however brief.
    const now = Date.now();
    for (let attempt = 0; attempt < MAX_ROUNDS; attempt++) {
      const [account, stamp, entry] = await Promise.all([
        readAccount(partition, budget),
        readStamp(partition, catalogUrl(route), budget),
        id === undefined ? undefined : readEntry(partition, route.url, budget),
      ]);
      const { unauthorized, exceeded } = account;
      // The key was refused: nothing cached under it is served; one request an interval checks it again.
      if (unauthorized) {
        if (attempt > 0 || now < unauthorized.retryAt || !(await takeProbe(partition, budget))) {
          report(route, 'refused');
          return replay(unauthorized.response, account);
        }
        await obtain(read, 'catalog', { stamp, entry }, budget, true);
        continue;
      }
      const spent = exceeded !== undefined && now < exceeded.until;
      // A pinned version read before needs no catalog.
      const pinnedHit = route.version !== undefined && entry !== undefined && (entry.status === 200 || (entry.freshUntil ?? Infinity) > now);
      const catalog = pinnedHit ? undefined : await catalogOf(partition, route, stamp, budget);
      const verdict = consult({ route, id, stamp, catalog, entry, now, ttlMs: freshFor(account), mayFetch: !spent });
      if ('answer' in verdict) {
        if (verdict.refresh) refresh(read, verdict.refresh, { stamp, entry });
        if (verdict.keep) void track(layers.write(keyOf(partition, 'entry', route.url), JSON.stringify({ ...verdict.answer, body: verdict.body ?? verdict.answer.body })));
        report(route, attempt > 0 ? 'miss' : verdict.fresh ? 'hit' : 'stale');
        return replay(verdict.answer, account, verdict.body);
      }
      // Nothing to answer with. A spent quota: the 429, but for one request an interval that checks it.
      if (exceeded && spent && (attempt > 0 || now < exceeded.retryAt || !(await takeProbe(partition, budget)))) {
        report(route, 'refused');
        return replay(exceeded.response, account);
      }
      // After a few rounds without an answer (a store that loses writes), one request of this server's own.
      await obtain(read, verdict.fetch, { stamp, entry }, budget, attempt >= 2);
    }
    // Requests that landed nowhere this server can read (a store that drops writes and a clock that
    // jumps, say): fail the way fetch fails, which the browser's client retries.
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
