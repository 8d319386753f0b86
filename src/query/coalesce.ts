import type { QueryClient, QueryFunctionContext } from '@tanstack/react-query';
import type { PromptApiClient } from '../api/client.ts';
import { isPromptApiError } from '../api/errors.ts';
import { type Collection, fetchList, indexOf, type Item, latestInCache, listedItem, single } from './collections.ts';
import type { PromptQueryDefaults } from './options.ts';

/*
 * Detail reads coalesced into their collection's list endpoint, per kind (one collection of one client
 * scope in one QueryClient). A read first looks in the cache (a cached list may hold its item); else it
 * waits for a list of its kind in flight; else it joins its tick's batch: the reads of a tick that ask
 * for enough distinct ids become one list request (DataLoader style); everything else sends its own.
 *
 * The tick is a microtask: TanStack starts the queryFns of the queries that mount in one React commit
 * synchronously, in one pass over the commit's effects (children first, so a list beside its details
 * starts last, still in that pass). StrictMode's second mount and a parent's new `key` abort and restart
 * reads in that same pass: a list query aborted meanwhile hands its reads back to the tick, and a batch's
 * own list is aborted only if no read is left at the tick's end.
 */

/** From how many distinct ids read at their latest version in one tick one list request replaces them. */
export const DEFAULT_BATCH_THRESHOLD = 2;

/** One detail read that waits for a list. */
interface Read {
  id: string;
  version: string | undefined;
  /** The tick it started in. */
  tick: number;
  /**
   * A fetch the app asked for while the data was fresh, or after invalidating it: it takes only a list
   * sent in its tick or later, never one sent before it (nor a cached one).
   */
  forced: boolean;
  /** Its batch threshold: `Infinity` keeps it out of batches (it waits only for a list query in flight). */
  threshold: number;
  /** The list or batch it waits in. */
  waitsIn?: List;
  /** Its own request (sends nothing once its signal is aborted). */
  own(): Promise<Item>;
  /** Ends the read with its answer (an item, or a promise of one: its own request, or a failure). */
  finish(answer: Item | Promise<Item>): void;
}

/** A list request in flight, or a batch (the tick's reads, their request not yet decided). */
interface List {
  tick: number;
  readers: Set<Read>;
  /** On a batch's own list request: aborts it. A list query's request belongs to its query. */
  abort?: () => void;
  /** Settled or aborted: it takes no more reads. */
  done?: boolean;
}

/** One kind: the newest list in flight and this tick's batch, with what they need to send and settle. */
interface Kind<T extends Item = Item> {
  list?: List;
  batch?: List;
  queryClient: QueryClient;
  client: PromptApiClient;
  collection: Collection<T>;
  /** Drops the kind from its QueryClient's map once nothing is in flight. */
  forgetIfIdle(): void;
}

/** Each QueryClient's kinds with something in flight, by the key of `all()`. */
const kindsByQueryClient = new WeakMap<QueryClient, Map<string, Kind>>();

let tick = 0;
let tickOpen = false;

/** The current tick: what starts before the next microtask shares it. */
function currentTick(): number {
  if (!tickOpen) {
    tickOpen = true;
    tick++;
    queueMicrotask(() => (tickOpen = false));
  }
  return tick;
}

function kindOf<T extends Item>(queryClient: QueryClient, client: PromptApiClient, collection: Collection<T>): Kind<T> {
  let kinds = kindsByQueryClient.get(queryClient);
  if (!kinds) kindsByQueryClient.set(queryClient, (kinds = new Map()));
  const key = JSON.stringify(collection.keys.all(client));
  let kind = kinds.get(key) as Kind<T> | undefined;
  if (!kind) {
    // Only this kind: another may have taken its key since it was forgotten once.
    const forgetIfIdle = () => void (kind?.list || kind?.batch || (kinds.get(key) === kind && kinds.delete(key)));
    kinds.set(key, (kind = { queryClient, client, collection, forgetIfIdle }));
  }
  return kind;
}

/**
 * Failures a read's own request would meet too, so it takes the list's error instead of sending: the
 * account's (a 401, a 429) and the connection's (no response, for a reason a retry may cure: a network
 * error, a timeout). Anything else may be the list's alone (a 5xx, a malformed body), or costs nothing to
 * learn exactly (the quota guard refuses each read without sending): the read sends.
 */
function sharedFailure(error: unknown): boolean {
  return isPromptApiError(error) && (error.status === 401 || error.status === 429 || (error.status === 0 && error.retryable));
}

/** Puts `read` in `list` when it may take its answer (a forced read: a list sent in its tick or later). */
function join(read: Read, list: List | undefined): boolean {
  if (!list || (read.forced && list.tick < read.tick)) return false;
  list.readers.add(read);
  read.waitsIn = list;
  return true;
}

/** Ends `list`: no longer the kind's list in flight, it takes no more reads. Returns its readers. */
function retire(kind: Kind, list: List): Read[] {
  list.done = true;
  if (kind.list === list) delete kind.list;
  const readers = [...list.readers];
  list.readers.clear();
  kind.forgetIfIdle();
  return readers;
}

/** Makes `items` the request of `list`: its reads take its answer, or its error, or send their own. */
function settle(kind: Kind, list: List, items: Promise<readonly Item[]>): void {
  kind.list = list;
  items.then(
    (answer) => {
      if (list.done) return;
      const index = indexOf(kind.collection, answer);
      for (const read of retire(kind, list)) {
        // The item at the read's version, else its own request (an id the list lacks gets its real error).
        const item = index.get(read.id);
        read.finish(item && (read.version ?? item.version) === item.version ? single(item) : read.own());
      }
    },
    (error: unknown) => {
      if (list.done) return;
      for (const read of retire(kind, list)) read.finish(sharedFailure(error) ? Promise.reject(error) : read.own());
    },
  );
}

/**
 * The end of a batch's tick: its reads take a list query sent meanwhile; the rest become one list request
 * when they ask for enough distinct ids at their latest version (their lowest threshold), else each sends
 * its own. The batch's list fills the list's cache entry, once, as old as its request.
 */
function decideBatch(kind: Kind, batch: List): void {
  if (kind.batch === batch) delete kind.batch;
  const rest = [...batch.readers].filter((read) => !join(read, kind.list));
  const ids = new Set(rest.filter((read) => read.version === undefined).map((read) => read.id));
  if (ids.size > 0 && ids.size >= rest.reduce((lowest, read) => Math.min(lowest, read.threshold), Infinity)) {
    const { queryClient, client, collection } = kind;
    const controller = new AbortController();
    const list: List = { tick: currentTick(), readers: new Set(), abort: () => controller.abort() };
    for (const read of rest) join(read, list);
    const sentAt = Date.now();
    const key = collection.keys.list(client);
    settle(
      kind,
      list,
      fetchList(client, collection, false, controller.signal).then((items) => {
        if ((queryClient.getQueryState(key)?.dataUpdatedAt ?? -1) < sentAt) queryClient.setQueryData(key, items, { updatedAt: sentAt });
        return items;
      }),
    );
  } else for (const read of rest) read.finish(read.own());
  kind.forgetIfIdle();
}

/** Where `read` waits: a list in flight it may take, else its tick's batch; opted out, its own request. */
function route(kind: Kind, read: Read): void {
  const optedOut = read.threshold === Infinity;
  if (!(optedOut && kind.list?.abort) && join(read, kind.list)) return;
  if (optedOut) return read.finish(read.own());
  if (!kind.batch) {
    const batch: List = (kind.batch = { tick: read.tick, readers: new Set() });
    queueMicrotask(() => decideBatch(kind, batch));
  }
  join(read, kind.batch);
}

/** A read that ends or leaves. A batch's list left without reads is aborted at the tick's end, unless one came back. */
function leave(kind: Kind, read: Read): void {
  const list = read.waitsIn;
  list?.readers.delete(read);
  delete read.waitsIn;
  if (list?.abort && !list.readers.size) {
    queueMicrotask(() => {
      if (!list.done && !list.readers.size) {
        retire(kind, list);
        list.abort?.();
      }
    });
  }
  kind.forgetIfIdle();
}

/**
 * `initialData` for a detail hook, from the cache: a pinned version that the "latest" entry or a cached
 * list holds (a version never changes), or a latest read's item in a cached list, as old as its list. The
 * hook then has its data on its first render (no loading state, no Suspense fallback), and the cache holds
 * a listed item once until a read needs it.
 */
export function cachedInitialData<T extends Item>(queryClient: QueryClient, client: PromptApiClient, collection: Collection<T>, id: string, version: string | undefined) {
  if (version === undefined) {
    return {
      initialData: () => listedItem(queryClient, client, collection, id)?.item,
      initialDataUpdatedAt: () => listedItem(queryClient, client, collection, id)?.at,
    };
  }
  return { initialData: () => latestInCache(queryClient, client, collection, id).find((item) => item.version === version) };
}

/** The queryFn of a list query: the detail reads that start while its request is in flight wait for it. */
export function listQueryFn<T extends Item>(client: PromptApiClient, collection: Collection<T>, includeVersions: boolean | undefined) {
  return ({ signal, client: queryClient }: QueryFunctionContext): Promise<T[]> => {
    const kind = kindOf(queryClient, client, collection);
    const list: List = { tick: currentTick(), readers: new Set() };
    // Aborted by its query (unmounted, StrictMode's first mount, cancelled): its reads go back to the tick.
    const onAbort = () => {
      if (!list.done) for (const read of retire(kind, list)) route(kind, read);
    };
    signal.addEventListener('abort', onAbort);
    const items = fetchList(client, collection, includeVersions, signal).finally(() => signal.removeEventListener('abort', onAbort));
    settle(kind, list, items);
    return items;
  };
}

/**
 * The queryFn of a detail query. A read the cache answers sends nothing: a pinned version that the
 * "latest" entry or a cached list holds, or a latest item of a cached list requested after the read's own
 * data and fresh by `staleTime`. A pinned read that the cache rules out (it knows another latest version)
 * sends its own request at once. Otherwise the read waits (see the top of this file). An item a list lacks
 * (or holds at another version) gets its own request, so its real error (such as NOT_FOUND) reaches the app.
 */
export function detailQueryFn<T extends Item>(
  client: PromptApiClient,
  collection: Collection<T>,
  id: string,
  version: string | undefined,
  { batchThreshold = DEFAULT_BATCH_THRESHOLD, coalescePinned = true, staleTime }: PromptQueryDefaults & { staleTime: number },
) {
  return ({ signal, client: queryClient, queryKey }: QueryFunctionContext): T | Promise<T> => {
    const own = () => collection.get(client, id, { version, signal });
    const state = queryClient.getQueryState(queryKey);
    // By the provider's or the factory's `staleTime`. A hook's own `staleTime` is not seen here: at worst a
    // refetch it makes (data fresh by this one) counts as forced, and sends its request.
    const fresh = (since = 0) => Date.now() - since < staleTime;
    const forced = state?.data !== undefined && (state.isInvalidated || fresh(state.dataUpdatedAt));
    if (version !== undefined) {
      const known = latestInCache(queryClient, client, collection, id);
      const cached = known.find((item) => item.version === version);
      if (cached) return cached;
      if (known.length > 0 || !coalescePinned) return own();
    } else if (!forced) {
      const listed = listedItem(queryClient, client, collection, id);
      if (listed && listed.at > (state?.dataUpdatedAt ?? 0) && fresh(listed.at)) return listed.item;
    }
    if (signal.aborted) return own();

    const kind = kindOf(queryClient, client, collection);
    return new Promise<T>((resolve) => {
      const read: Read = {
        id,
        version,
        tick: currentTick(),
        forced,
        threshold: batchThreshold,
        own,
        finish(answer) {
          signal.removeEventListener('abort', onAbort);
          leave(kind, read);
          resolve(answer as T | Promise<T>);
        },
      };
      // TanStack settles an aborted query without waiting for its queryFn: the read leaves its list or
      // batch at once, and its own request (never sent, the signal being aborted) ends it.
      const onAbort = () => read.finish(own());
      signal.addEventListener('abort', onAbort);
      route(kind, read);
    });
  };
}

/**
 * How many kinds of `queryClient` have a list in flight or reads still to decide: none once every read
 * has settled or left. Not part of the package's API: for the test that checks nothing is kept.
 */
export function kindsInFlight(queryClient: QueryClient): number {
  return kindsByQueryClient.get(queryClient)?.size ?? 0;
}
