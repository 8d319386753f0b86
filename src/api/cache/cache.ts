import { parseRateLimit } from '../rate-limit.ts';
import { type Layers, createLayers } from './layers.ts';
import {
  type AccountRecord,
  decode,
  entriesOfList,
  isPinned,
  mergeRateLimit,
  quotaTtlMs,
  refreshUrl,
  type Route,
  routeOf,
  type StoredResponse,
  validBody,
} from './policy.ts';
import type { PromptCache, PromptCacheOptions, PromptCacheReadEvent } from './options.ts';
import { untilAborted } from '../abort.ts';
import { digest, replay, sleep } from './responses.ts';

/** One read: its route, the request's headers (sent along upstream) and the account's partition. */
interface Read {
  route: Route;
  headers: Headers;
  partition: string;
  upstream: typeof globalThis.fetch;
}

const PREFIX = 'prompt-cache:1:';

/**
 * Creates a response cache for the API, for server-side reads (Server Components, prefetching) and
 * `createPromptApiHandler`: give it to `createPromptApiClient({ cache })`. Pinned versions are kept until
 * evicted; latest items and lists are fresh for `ttlMs`, then served stale while one request refreshes
 * them for the whole fleet (a lock in the store), one list per kind refreshing every latest item of that
 * kind. 404s are remembered briefly, failures serve stale content, a 429 is remembered until the quota's
 * reset and a 401 until the key works again. See docs/server-cache.md.
 *
 * @example
 * const cache = createPromptCache({ store: redisStore({ url: process.env.REDIS_URL }) })
 * const client = createPromptApiClient({ baseUrl, apiKey: process.env.PROMPT_API_KEY, cache })
 */
export function createPromptCache(options: PromptCacheOptions = {}): PromptCache {
  const { ttlMs, quotaShare = 0.5, notFoundTtlMs = 60_000, errorTtlMs = 5000, lockMs = 15_000, onRead } = options;
  if (!(quotaShare > 0 && quotaShare <= 1)) throw new RangeError(`createPromptCache: quotaShare must be above 0 and at most 1, got ${quotaShare}`);
  const layers: Layers = createLayers({
    shared: options.store,
    maxEntries: options.maxEntries,
    timeoutMs: options.storeTimeoutMs ?? 1000,
    retryMs: 1000,
    warn: options.onWarning ?? ((message) => console.warn(message)),
  });
  const background = new Set<Promise<unknown>>();
  const misses = new Map<string, Promise<StoredResponse | undefined>>();
  const refreshing = new Set<string>();
  /** The last background refresh of each account on this server: the next one waits for it. */
  const queues = new Map<string, Promise<unknown>>();
  const entryKey = (partition: string, url: string) => `${PREFIX}${partition}:entry:${url}`;
  const lockKey = (partition: string, url: string) => `${PREFIX}${partition}:lock:${url}`;
  const accountKey = (partition: string) => `${PREFIX}${partition}:account`;
  const token = () => Math.random().toString(36).slice(2);
  // The last header and its digest: a server reads with one key, and hashing it per read is wasted work.
  let partition: [string, Promise<string>] | undefined;
  const partitionOf = (authorization: string) => {
    if (partition?.[0] !== authorization) partition = [authorization, digest(authorization)];
    return partition[1];
  };
  const report = (route: Route, outcome: PromptCacheReadEvent['outcome']) => onRead?.({ url: route.url, outcome });

  /** An entry's TTL in the store: none for content (a refresh replaces it), its freshness for the rest. */
  const storeTtl = (record: StoredResponse) => (record.status === 200 || record.freshUntil === null ? undefined : Math.max(1, record.freshUntil - Date.now()));

  /**
   * A record: from the shared store (a copy is kept in memory for when it is down), else from memory.
   * An entry the shared store lost (restarted empty, evicted) is given back to it (`restore`); the
   * account's record is not: what the shared store says of the account wins (deleting it there lifts a
   * remembered 429 on every server).
   */
  async function readRecord<T extends object>(key: string, restore: boolean): Promise<T | undefined> {
    const { value, from } = await layers.read(key);
    if (from === 'lost' && !restore) return undefined;
    const record = decode<T>(value);
    if (!record || value === undefined) return record;
    const ttl = restore ? storeTtl(record as unknown as StoredResponse) : undefined;
    if (from === 'shared') layers.remember(key, value, ttl);
    if (from === 'lost' && restore) void layers.write(key, value, ttl);
    return record;
  }
  const readEntry = (partition: string, url: string) => readRecord<StoredResponse>(entryKey(partition, url), true);
  const readAccount = async (partition: string) => (await readRecord<AccountRecord>(accountKey(partition), false)) ?? {};

  /** Content is served fresh or stale; remembered errors and failures only while fresh. */
  const usable = (record: StoredResponse | undefined, now: number): record is StoredResponse =>
    record !== undefined && (record.status === 200 || (record.freshUntil ?? Infinity) > now);
  const fresh = (record: StoredResponse, now: number) => record.freshUntil === null || record.freshUntil > now;

  async function updateAccount(partition: string, change: (account: AccountRecord) => AccountRecord): Promise<AccountRecord> {
    const next = change(await readAccount(partition));
    await layers.write(accountKey(partition), JSON.stringify(next));
    return next;
  }

  /** Sends one request upstream and stores what it answers; `lock` is released, or kept as a back-off. */
  async function fetchAndStore(read: Read, lock: string | null): Promise<StoredResponse> {
    const { route, partition } = read;
    const now = Date.now();
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), lockMs);
    let response: Response;
    let body: string;
    try {
      response = await read.upstream(route.url, { method: 'GET', headers: read.headers, signal: controller.signal });
      // An API (or proxy) that echoes the key: the key is never stored (the client would redact it anyway).
      const key = read.headers.get('authorization')?.replace(/^Bearer\s+/i, '');
      body = await response.text();
      if (key) body = body.replaceAll(key, '(API key)');
    } catch {
      return failed(read, lock, { status: 0, body: 'no response from the API', contentType: null, fetchedAt: now, freshUntil: now + errorTtlMs });
    } finally {
      clearTimeout(timer);
    }
    const { status } = response;
    const rateLimit = status === 401 ? null : parseRateLimit(response.headers);
    const record: StoredResponse = { status, body, contentType: response.headers.get('content-type'), fetchedAt: now, freshUntil: null };
    const account = await updateAccount(partition, (current) => {
      const next = { ...current, rateLimit: rateLimit && rateLimit.limit > 0 ? mergeRateLimit(current.rateLimit, rateLimit) : current.rateLimit };
      if (status === 401) return { ...next, unauthorized: { retryAt: now + errorTtlMs, response: record } };
      // The API checks the key before anything else: any answer of its own but a 5xx says the key works,
      // and a success that the quota is not spent (after an upgrade, say).
      if (status < 500) delete next.unauthorized;
      if (status < 400) delete next.exceeded;
      if (status !== 429) return next;
      // Until the quota's reset; without the header, the Retry-After or the start of the next month (UTC).
      const retryAfter = Number(response.headers.get('retry-after'));
      const nextMonth = Date.UTC(new Date(now).getUTCFullYear(), new Date(now).getUTCMonth() + 1);
      const until = rateLimit ? rateLimit.reset * 1000 : retryAfter > 0 ? now + retryAfter * 1000 : nextMonth;
      return { ...next, exceeded: { until, response: record } };
    });
    if (status === 401 || status === 429) return release(lock, record);
    const json = status === 200 ? validBody(route, body) : undefined;
    if (status >= 500 || (status === 200 && json === undefined)) {
      return failed(read, lock, { ...record, freshUntil: now + errorTtlMs });
    }
    if (status !== 200) {
      record.freshUntil = now + notFoundTtlMs;
      await layers.write(entryKey(partition, route.url), JSON.stringify(record), notFoundTtlMs);
      return release(lock, record);
    }
    const freshUntil = isPinned(route) ? null : now + (ttlMs ?? quotaTtlMs(account.rateLimit?.limit, quotaShare));
    const stored = { ...record, freshUntil };
    const writes = [[route.url, body]];
    if (route.id === undefined) writes.push(...entriesOfList(route, json as Record<string, unknown>[]));
    await Promise.all(writes.map(([url, text]) => layers.write(entryKey(partition, url as string), JSON.stringify({ ...stored, body: text }))));
    return release(lock, stored);
  }

  async function release(lock: string | null, record: StoredResponse): Promise<StoredResponse> {
    if (lock) await layers.remove(lock);
    return record;
  }

  /**
   * A request that failed: remembered for `errorTtlMs` where there is no content to serve instead, and
   * its lock held as long, so that no server of the fleet asks again sooner.
   */
  async function failed(read: Read, lock: string | null, record: StoredResponse): Promise<StoredResponse> {
    const key = entryKey(read.partition, read.route.url);
    const current = await readEntry(read.partition, read.route.url);
    if (current?.status !== 200) await layers.write(key, JSON.stringify(record), errorTtlMs);
    if (lock) await layers.write(lock, 'failed', errorTtlMs);
    return record;
  }

  /**
   * Nothing usable cached: one request for the fleet, the others wait for its entry. `undefined` when the
   * lock went without an entry (the answer was a 401 or 429, kept on the account): look again.
   */
  function miss(read: Read): Promise<StoredResponse | undefined> {
    const key = entryKey(read.partition, read.route.url);
    const inFlight = misses.get(key);
    if (inFlight) return inFlight;
    const flight = (async () => {
      const lock = lockKey(read.partition, read.route.url);
      const deadline = Date.now() + lockMs + 1000;
      if (await layers.lock(lock, token(), lockMs)) {
        // Another server may have fetched it and let the lock go between this server's first look and now.
        const entry = await readEntry(read.partition, read.route.url);
        return usable(entry, Date.now()) ? release(lock, entry) : fetchAndStore(read, lock);
      }
      for (let delay = 5; Date.now() < deadline; delay = Math.min(delay * 2, 100)) {
        await sleep(delay);
        const [entry, holder] = await Promise.all([readEntry(read.partition, read.route.url), layers.holder(lock)]);
        if (usable(entry, Date.now())) return entry;
        if (holder === undefined) return undefined;
      }
      // The lock outlived its holder's request: fetch without it rather than keep the reader waiting.
      return fetchAndStore(read, null);
    })().finally(() => misses.delete(key));
    misses.set(key, flight);
    return flight;
  }

  /**
   * Refreshes a stale entry in the background: by its kind's list, or alone when that list lacks it. A
   * server refreshes one thing at a time per account, each after the last has answered, so that a 429 or
   * 401 the first one meets stops the next before it is sent.
   */
  function refresh(read: Read, stale: StoredResponse): void {
    const { route, partition } = read;
    const source = refreshUrl(route);
    const flightKey = `${partition}:${source}:${route.url}`;
    if (refreshing.has(flightKey)) return;
    refreshing.add(flightKey);
    const previous = queues.get(partition);
    const work = (async () => {
      await previous;
      const { exceeded, unauthorized } = await readAccount(partition);
      if (unauthorized || (exceeded && Date.now() < exceeded.until)) return;
      let target = routeOf(source) as Route;
      if (target.url !== route.url) {
        const list = await readEntry(partition, target.url);
        // The list was fetched after this entry and did not renew it: the list lacks this id.
        if (list?.status === 200 && list.fetchedAt > stale.fetchedAt) target = route;
      }
      const lock = lockKey(partition, target.url);
      if (!(await layers.lock(lock, token(), lockMs))) return;
      const again = await readEntry(partition, route.url);
      if (again && again.fetchedAt > stale.fetchedAt) return release(lock, again);
      return fetchAndStore({ ...read, route: target }, lock);
    })()
      .catch(() => {})
      .finally(() => {
        refreshing.delete(flightKey);
        background.delete(work);
        if (queues.get(partition) === work) queues.delete(partition);
      });
    background.add(work);
    queues.set(partition, work);
  }

  async function answer(read: Read, attempt = 0): Promise<Response> {
    const { route, partition } = read;
    const [entry, account] = await Promise.all([readEntry(partition, route.url), readAccount(partition)]);
    const now = Date.now();
    const { unauthorized, exceeded } = account;
    if (unauthorized) {
      // The key was refused: nothing cached under it is served; one request an interval checks it again.
      if (now < unauthorized.retryAt || !(await layers.lock(lockKey(partition, 'unauthorized'), token(), errorTtlMs))) {
        report(route, 'refused');
        return replay(unauthorized.response, account);
      }
      report(route, 'miss');
      return replay(await fetchAndStore(read, null), await readAccount(partition));
    }
    const spent = exceeded !== undefined && now < exceeded.until;
    if (usable(entry, now)) {
      if (fresh(entry, now)) {
        report(route, 'hit');
        return replay(entry, account);
      }
      if (!spent) refresh(read, entry);
      report(route, 'stale');
      return replay(entry, account);
    }
    if (spent) {
      report(route, 'refused');
      return replay(exceeded.response, account);
    }
    if (attempt === 0) report(route, 'miss');
    // After a few rounds without an entry (a store that loses writes), one request of this server's own.
    const record = attempt < 3 ? await miss(read) : await fetchAndStore(read, null);
    return record ? replay(record, await readAccount(partition)) : answer(read, attempt + 1);
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
