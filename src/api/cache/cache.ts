import { untilAborted } from '../abort.ts';
import type { RequestContext } from '../request.ts';
import { addBackgroundWork } from './background.ts';
import { consult, usable, type Verdict } from './consult.ts';
import { allOf, andThen, type Eventually } from './eventually.ts';
import { createFleet, type Read, type ReadOutcome } from './fleet.ts';
import { type Budget, createLayers } from './layers.ts';
import { type CacheReader, decorate } from './cached-reads.ts';
import type { PromptCache, PromptCacheEvent, PromptCacheOptions, PromptCacheRoute } from './options.ts';
import { type AccountRecord, type ListStamp, versionsListUrl, quotaTtlMs, type Route, type RouteReader, routesUnder, type StoredResponse } from './policy.ts';
import { createRecords } from './records.ts';
import type { Representation } from './representation.ts';
import { partitionName, replay } from './responses.ts';
import { afterTelemetry, loadTelemetry, record, recordEvent } from './telemetry.ts';

/** What the cache answers a read with: a stored response, the body's representation for content, and the account. */
interface Answer {
  record: StoredResponse;
  account: AccountRecord;
  representation?: Representation;
}

/** A route as the events name it. */
const routeKind = (route: Route): PromptCacheRoute => (route.id === undefined ? 'list' : route.version === undefined ? 'item' : 'pinned');

/** Rounds of a read: look, fetch (or wait for the fleet's fetch), look again; from the third, it fetches alone. */
const MAX_ROUNDS = 5;

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
  const { ttlMs, quotaShare = 0.5, notFoundTtlMs = 60_000, errorTtlMs = 5000, lockMs = 15_000, lockWaitMs = 3000, maxEntries = 2000, maxAccounts = 8 } = options;
  if (!(quotaShare > 0 && quotaShare <= 1)) throw new RangeError(`createPromptCache: quotaShare must be above 0 and at most 1, got ${quotaShare}`);
  if (!(maxAccounts >= 1)) throw new RangeError(`createPromptCache: maxAccounts must be at least 1, got ${maxAccounts}`);
  // An environment variable that is set but empty: Web Crypto refuses a zero-length HMAC key on every read.
  if (options.secret === '') throw new RangeError('createPromptCache: secret is empty (an environment variable set to nothing?); give at least 32 random characters, or leave it out');
  const onEvent = options.onEvent ?? ((event: PromptCacheEvent) => event.type === 'store-health' && console.warn(event.message));
  /** Tells `onEvent` and OpenTelemetry (when `@opentelemetry/api` is installed) what the cache did. */
  const emit = (event: PromptCacheEvent) => {
    onEvent(event);
    recordEvent(event);
  };
  void loadTelemetry();
  const background = new Set<Promise<unknown>>();
  const track = <T>(work: Promise<T>): Promise<T> => {
    const settled = work.catch(() => {}).finally(() => background.delete(settled));
    background.add(settled);
    addBackgroundWork(settled);
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
    track,
  });
  const records = createRecords(layers, { notFoundTtlMs, errorTtlMs, track, capacity: () => maxEntries + records.versionCount(), maxAccounts });
  // The last header and its partition (at once, once hashed): a server reads with one key, and hashing it
  // per read is wasted work.
  let partition: { authorization: string; name: Promise<string>; hashed?: string } | undefined;
  const partitionOf = (authorization: string): Eventually<string> => {
    if (partition?.authorization !== authorization) {
      const held: typeof partition = { authorization, name: partitionName(authorization, options.secret) };
      held.name.then((name) => (held.hashed = name), () => {});
      partition = held;
    }
    return partition.hashed ?? partition.name;
  };
  const report = ({ route, onOutcome }: Read, outcome: ReadOutcome, status: number) => {
    emit({ type: 'read', url: route.url, kind: route.kind, route: routeKind(route), outcome, status });
    onOutcome?.(outcome);
  };
  const freshFor = (account: AccountRecord) => ttlMs ?? quotaTtlMs(account.rateLimit?.limit, quotaShare);
  const { obtain, refresh, takeProbe } = createFleet({ layers, records, emit, track, freshFor, lockMs, lockWaitMs, errorTtlMs });


  /** What one look at the cache found for a read: a verdict, unless the key was refused (no verdict then). */
  type Look = {
    account: AccountRecord;
    stamp: ListStamp | undefined;
    entry: StoredResponse | undefined;
    /** Whether the quota is spent (no request may be sent for the read). */
    spent: boolean;
  } & ({ refused: NonNullable<AccountRecord['unauthorized']>; verdict?: undefined } | { refused?: undefined; verdict: Verdict });

  /** Looks at what the cache holds for `read`: at once when the stores answer at once. */
  function look(read: Read, budget: Budget, now: number): Eventually<Look> {
    const { route, partition } = read;
    const id = route.decodedId;
    const pinned = route.version !== undefined;
    const found = allOf([
      records.readAccount(partition, budget),
      // A pinned version read before is answered from its own entry: its every hit spares the stamp's read.
      pinned ? undefined : records.readStamp(partition, versionsListUrl(route), budget),
      id === undefined ? undefined : records.readEntry(partition, route.url, budget),
    ]);
    return andThen(found, ([account, listStamp, entry]) => {
      // A pinned version read before needs no index.
      const pinnedHit = pinned && usable(entry, now);
      const stampOf = pinned && (!pinnedHit || account.unauthorized) ? records.readStamp(partition, versionsListUrl(route), budget) : listStamp;
      return andThen(stampOf, (stamp) => {
        record.quota(account.rateLimit);
        const { unauthorized, exceeded } = account;
        const spent = exceeded !== undefined && now < exceeded.until;
        if (unauthorized) return { account, stamp, entry, spent, refused: unauthorized };
        const indexOf = pinnedHit ? undefined : records.listIndexOf(partition, route, stamp, budget);
        return andThen(indexOf, (index) => ({ account, stamp, entry, spent, verdict: consult({ route, id, stamp, index, entry, now, mayFetch: !spent }) }));
      });
    });
  }

  /** The answer of a verdict that has one, reported, with its refresh or keeping started. */
  function answered(read: Read, { account, stamp, entry }: Look, verdict: Extract<Verdict, { answer: unknown }>, round: number): Answer {
    const { route, partition } = read;
    if (verdict.refresh) refresh(read, verdict.refresh, { stamp, entry });
    if (verdict.keep) void records.keepEntry(partition, route, verdict.answer);
    report(read, round > 0 ? 'miss' : verdict.fresh ? 'fresh' : 'stale', verdict.answer.status);
    const { answer: record } = verdict;
    const representation = verdict.representation ?? (record.status === 200 ? records.representationOf(partition, route.url, record) : undefined);
    return { record, account, representation };
  }

  /**
   * Content the cache holds for `read`, or nothing (`undefined`): no request, no probe, and no answer
   * other than a 200. At once when the stores answer at once: a hit waits on nothing.
   */
  const heldAnswer = (read: Read): Eventually<Answer | undefined> =>
    afterTelemetry(() =>
      andThen(look(read, layers.budget(), Date.now()), (found) => {
        const { verdict } = found;
        return verdict && 'answer' in verdict && verdict.answer.status === 200 ? answered(read, found, verdict, 0) : undefined;
      }),
    );

  /** Answers a read: from what the cache holds, or after the requests it needs. */
  const answer = (read: Read): Promise<Answer> => Promise.resolve(afterTelemetry(() => answerLoaded(read)));

  /** `answer`, telemetry loaded. */
  async function answerLoaded(read: Read): Promise<Answer> {
    const { partition } = read;
    const budget = layers.budget();
    // Judged as of when the read began: what its own requests fetched is fresh for it, however brief.
    const now = Date.now();
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const found = await look(read, budget, now);
      const { account, stamp, entry, spent } = found;
      // The key was refused: nothing cached under it is served; one request an interval checks it again.
      if (found.refused) {
        if (round > 0 || now < found.refused.retryAt || !(await takeProbe(partition, budget))) {
          // After this read's own request (a check), the 401 is its answer: a miss; else a refusal.
          report(read, round > 0 ? 'miss' : 'refused', found.refused.response.status);
          return { record: found.refused.response, account };
        }
        budget.extend(layers.missBudgetMs);
        await obtain(read, 'list', 'probe', { stamp, entry }, budget, true);
        continue;
      }
      const { verdict } = found;
      if ('answer' in verdict) return answered(read, found, verdict, round);
      // Nothing to answer with. A spent quota: the 429, but for one request an interval that checks it.
      const { exceeded } = account;
      if (exceeded && spent && (round > 0 || now < exceeded.retryAt || !(await takeProbe(partition, budget)))) {
        report(read, round > 0 ? 'miss' : 'refused', exceeded.response.status);
        return { record: exceeded.response, account };
      }
      // A read that must fetch may wait longer on the store: coordinating the fleet saves requests.
      budget.extend(layers.missBudgetMs);
      // After a few rounds without an answer (a store that loses writes), one request of this server's own.
      await obtain(read, verdict.fetch, spent ? 'probe' : 'miss', { stamp, entry }, budget, round >= 2);
    }
    // Requests that landed nowhere this server can read: fail the way fetch fails, which clients retry.
    throw new TypeError('fetch failed (the cache found no answer after its requests)');
  }

  /** An answer as a `Response`, its body the representation's text where there is one. */
  const toResponse = ({ record, account, representation }: Answer) => replay(record, account, representation?.text ?? record.body);

  const readOf = (route: Route, headers: Headers, upstream: typeof globalThis.fetch, onOutcome?: Read['onOutcome']): Eventually<Read> =>
    andThen(partitionOf(headers.get('authorization') ?? ''), (partition) => ({ route, headers, partition, upstream, onOutcome }));

  /** `fetch` through the cache, for the routes `routeOf` reads (one reader of routes per base URL). */
  const wrapWith = (upstream: typeof globalThis.fetch, routeOf: RouteReader): typeof globalThis.fetch => async (input, init) => {
    const request = input instanceof Request ? input : undefined;
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init?.method ?? request?.method ?? 'GET').toUpperCase();
    const route = method === 'GET' ? routeOf(url) : null;
    if (!route) return upstream(input, init);
    const answered = answer(await readOf(route, new Headers(init?.headers ?? request?.headers), upstream)).then(toResponse);
    const signal = init?.signal ?? request?.signal;
    return signal ? untilAborted(answered, signal) : answered;
  };

  /**
   * A client's reads through the cache: `read` answers content as its representation (made once, shared)
   * and anything else as a `Response`; `held` answers only content the cache holds, at once.
   */
  const readerOf = (upstream: typeof globalThis.fetch, routeOf: RouteReader): CacheReader => ({
    async read(url, headers, onOutcome) {
      const route = routeOf(url);
      if (!route) return { response: await upstream(url, { method: 'GET', headers }) };
      const answered = await answer(await readOf(route, headers, upstream, onOutcome));
      const { record, account, representation } = answered;
      if (record.status !== 200 || !representation) return { response: toResponse(answered) };
      return { representation, replay: (body) => replay(record, account, body) };
    },
    held(url, headers, onOutcome) {
      const route = routeOf(url);
      if (!route) return undefined;
      const held = andThen(readOf(route, headers, upstream, onOutcome), heldAnswer);
      return andThen(held, (answered) => answered?.representation && { representation: answered.representation, rateLimit: answered.account.rateLimit });
    },
  });

  return {
    wrapFetch: (upstream, baseUrl) => wrapWith(upstream, routesUnder(baseUrl)),
    attach(pipeline, client) {
      const upstream = pipeline.fetch;
      // Routes are read under the client's base URL (an id may be spelled like a kind), once for both paths.
      const routeOf = routesUnder(pipeline.baseUrl);
      pipeline.fetch = wrapWith(upstream, routeOf);
      pipeline.cached = true;
      // What createPromptApiClient hands its cache is its whole request pipeline, not only the seam.
      if (client) decorate(client, pipeline as RequestContext, readerOf(upstream, routeOf));
    },
    async idle() {
      while (background.size > 0) await Promise.allSettled([...background]);
    },
  };
}
