import type { QueryClient, QueryFunctionContext } from '@tanstack/react-query';
import type { PromptApiClient } from '../api/client.ts';
import { isPromptApiError } from '../api/errors.ts';
import { type Collection, fetchList, type Item, single } from './collections.ts';

/*
 * Detail reads coalesced into their collection's list endpoint, per kind (one collection of one client
 * scope in one QueryClient). A read waits for a list of its kind in flight; reads that start in the same
 * tick with no list in flight become one list request from a threshold (DataLoader style); everything
 * else sends its own request. The tick is a microtask: TanStack starts the queryFns of the queries that
 * mount in one React commit synchronously, in one pass over the commit's effects (children first, so a
 * list beside its details starts last, still in that pass).
 */

/** From how many distinct ids read at their latest version in one tick one list request replaces them. */
export const DEFAULT_BATCH_THRESHOLD = 2;

/** A list request in flight that the reads of its kind wait for. */
interface SharedList {
  promise: Promise<Item[]>;
  /** Reads waiting for it. */
  waiters: number;
  /** Set on a list sent for a batch: aborts it once no read waits for it any longer. */
  abort?: () => void;
  /** On a batch: the distinct ids its reads ask for at their latest version, and their lowest threshold. */
  batch?: { ids: Set<string>; threshold: number };
}

/** The list in flight of each kind, per QueryClient. */
const kinds = new WeakMap<QueryClient, Record<string, SharedList | undefined>>();

/** Makes `list` its kind's list in flight, until it settles or another list takes its place. */
function share(lists: Record<string, SharedList | undefined>, key: string, list: SharedList): SharedList {
  const forget = () => {
    if (lists[key] === list) lists[key] = undefined;
  };
  lists[key] = list;
  list.promise.then(forget, forget);
  return list;
}

/**
 * A batch: a list in flight whose request is decided at the end of the tick (a microtask). If a list query
 * of the kind started meanwhile, the batch waits for it; else, with enough distinct ids, it sends its own
 * list request; else it rejects (with no reason, which no read takes for its own) and each read sends its
 * own request.
 */
function openBatch(lists: Record<string, SharedList | undefined>, key: string, send: (signal: AbortSignal) => Promise<Item[]>): SharedList {
  const batch = { ids: new Set<string>(), threshold: Infinity };
  const list: SharedList = share(lists, key, {
    waiters: 0,
    batch,
    promise: Promise.resolve().then(() => {
      const current = lists[key];
      if (current && current !== list) return current.promise;
      if (list.waiters > 0 && batch.ids.size > 0 && batch.ids.size >= batch.threshold) {
        const controller = new AbortController();
        list.abort = () => controller.abort();
        return send(controller.signal);
      }
      lists[key] = undefined;
      return Promise.reject();
    }),
  });
  return list;
}

/**
 * Failures a read's own request would meet too, so it takes the list's error instead of sending: the
 * account's (a 401, a 429) and the connection's (no response, for a reason a retry may cure: a network
 * error, a timeout). Anything else may be the list's alone (a 5xx, a malformed body, an aborted list), or
 * costs nothing to learn exactly (the quota guard refuses each read without sending): the read sends.
 */
function sharedFailure(error: unknown): boolean {
  return isPromptApiError(error) && (error.status === 401 || error.status === 429 || (error.status === 0 && error.retryable));
}

/** The lists in flight of `queryClient`, and the key of `collection`'s kind for `client`. */
function kindOf(queryClient: QueryClient, client: PromptApiClient, { keys }: Pick<Collection<Item>, 'keys'>) {
  let lists = kinds.get(queryClient);
  if (!lists) kinds.set(queryClient, (lists = {}));
  return [lists, JSON.stringify(keys.all(client))] as const;
}

/**
 * The item cached as `id`'s "latest" entry, when it is at `version`: a version never changes, so a read
 * pinned to it needs no request (lists fill only the latest entries, so the cache holds each item once).
 */
function cachedAtVersion<T extends Item>(queryClient: QueryClient, client: PromptApiClient, collection: Collection<T>, id: string, version: string) {
  const latest = queryClient.getQueryData<T>(collection.keys.detail(client, id));
  return latest?.version === version ? latest : undefined;
}

/**
 * `initialData` for a read pinned to `version`: the cached latest entry when it is at that version, so the
 * hook has its data on its first render (no loading state, no Suspense fallback) instead of a tick later.
 * No `initialDataUpdatedAt`: a pinned version never goes stale (`staleTime: Infinity`).
 */
export function pinnedInitialData<T extends Item>(queryClient: QueryClient, client: PromptApiClient, collection: Collection<T>, id: string, version: string) {
  return { initialData: () => cachedAtVersion(queryClient, client, collection, id, version) };
}

/** The queryFn of a list query: the detail reads that start while its request is in flight wait for it. */
export function listQueryFn<T extends Item>(client: PromptApiClient, collection: Collection<T>, includeVersions: boolean | undefined) {
  return ({ signal, client: queryClient }: QueryFunctionContext): Promise<T[]> => {
    const promise = fetchList(queryClient, client, collection, includeVersions, signal);
    const [lists, key] = kindOf(queryClient, client, collection);
    share(lists, key, { promise, waiters: 0 });
    return promise;
  };
}

/**
 * The queryFn of a detail query. A pinned version cached as the "latest" entry is taken from it (a version
 * never changes). Otherwise the read waits for a list of its kind in flight, or for the end of the tick:
 * the reads of a tick that ask for `threshold` distinct ids at their latest version become one list
 * request. The item a list lacks (or holds at another version) gets its own request, so its real error
 * (such as NOT_FOUND) reaches the app.
 */
export function detailQueryFn<T extends Item>(
  client: PromptApiClient,
  collection: Collection<T>,
  id: string,
  version: string | undefined,
  threshold = DEFAULT_BATCH_THRESHOLD,
) {
  return ({ signal, client: queryClient }: QueryFunctionContext): T | Promise<T> => {
    const cached = version === undefined ? undefined : cachedAtVersion(queryClient, client, collection, id, version);
    if (cached) return cached;
    const [lists, key] = kindOf(queryClient, client, collection);
    const own = () => collection.get(client, id, { version, signal });
    const list = lists[key] ?? openBatch(lists, key, (listSignal) => fetchList(queryClient, client, collection, false, listSignal));
    if (list.batch) {
      list.batch.threshold = Math.min(list.batch.threshold, threshold);
      // Only reads of the latest version count: a list serves a pinned one only at its latest version.
      if (version === undefined) list.batch.ids.add(id);
    }
    list.waiters++;
    // TanStack settles an aborted query without waiting for its queryFn; this read then ends in `own`,
    // which sends nothing, its signal being aborted.
    signal.addEventListener('abort', () => {
      if (--list.waiters === 0) list.abort?.();
    });
    return list.promise.then(
      (items) => {
        const item = items.find((candidate) => collection.id(candidate as T) === id && (version ?? candidate.version) === candidate.version);
        return item ? (single(item) as T) : own();
      },
      (error: unknown) => (sharedFailure(error) ? Promise.reject(error) : own()),
    );
  };
}
