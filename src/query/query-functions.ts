import type { QueryClient, QueryFunctionContext } from '@tanstack/react-query';
import type { PromptApiClient } from '../api/client.ts';
import { DEFAULT_BATCH_THRESHOLD, readThroughList, requestList } from './coalesce.ts';
import { type Collection, type Item, latestInCache, listedItem } from './collections.ts';
import { invalidationOrder, nextOrder, watchQueryCache } from './freshness.ts';

/*
 * The query functions of the factories: what a read takes from the cache, and which lists in flight are
 * new enough for it (the state machine of `coalesce.ts` does the waiting).
 */

/** What a detail read takes of the provider's or the factory's defaults. */
export interface DetailReadOptions {
  /** From how many distinct ids one list request replaces the reads of a tick. @default 2 */
  batchThreshold?: number;
  /** Whether a pinned read that the cache cannot place waits for a list. @default true */
  coalescePinned?: boolean;
  /** How long its data is fresh, in ms: the factory's or the provider's (pinned versions: `Infinity`). */
  staleTime: number;
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

/** The queryFn of a list query: the detail reads that start while its request is in flight may wait for it. */
export function listQueryFn<T extends Item>(client: PromptApiClient, collection: Collection<T>, includeVersions: boolean | undefined) {
  return ({ signal, client: queryClient }: QueryFunctionContext): Promise<T[]> => {
    watchQueryCache(queryClient);
    return requestList(queryClient, client, collection, includeVersions, signal);
  };
}

/**
 * The queryFn of a detail query. A read the cache answers sends nothing: a pinned version that the
 * "latest" entry or a cached list holds, or a latest item of a cached list requested after the read's own
 * data and fresh by `staleTime`. A pinned read that the cache rules out (it knows another latest version)
 * sends its own request at once. Otherwise the read waits for a list (`coalesce.ts`) that is new enough:
 * one requested after its data, so no data ever goes back in time; and for a read the app forced (it
 * invalidated the data, or refetched it while fresh), one sent after it was forced. An item a list lacks
 * (or holds at another version) gets its own request, so its real error (such as NOT_FOUND) reaches the app.
 */
export function detailQueryFn<T extends Item>(
  client: PromptApiClient,
  collection: Collection<T>,
  id: string,
  version: string | undefined,
  { batchThreshold = DEFAULT_BATCH_THRESHOLD, coalescePinned = true, staleTime }: DetailReadOptions,
) {
  return ({ signal, client: queryClient, queryKey }: QueryFunctionContext): T | Promise<T> => {
    watchQueryCache(queryClient);
    const own = () => collection.get(client, id, { version, signal });
    if (version !== undefined) {
      const known = latestInCache(queryClient, client, collection, id);
      const cached = known.find((item) => item.version === version);
      if (cached) return cached;
      if (known.length > 0 || !coalescePinned) return own();
    }
    const state = queryClient.getQueryState(queryKey);
    const dataAt = state?.dataUpdatedAt ?? 0;
    // By the provider's or the factory's `staleTime`. A hook's own `staleTime` is not seen here: at worst a
    // refetch it makes (data fresh by this one) counts as forced, and waits for a newer list or sends.
    const fresh = (since: number) => Date.now() - since < staleTime;
    const forced = state?.data !== undefined && (state.isInvalidated || fresh(dataAt));
    // Forced by an invalidation: a list sent after the invalidation (such as the one `invalidateQueries`
    // refetches beside it, even when that one starts first); by a refetch of fresh data: one sent from now on.
    const forcedAt = forced ? (state.isInvalidated && invalidationOrder(queryKey)) || nextOrder() : 0;
    if (version === undefined && !forced) {
      const listed = listedItem(queryClient, client, collection, id);
      if (listed && listed.at > dataAt && fresh(listed.at)) return listed.item;
    }
    if (signal.aborted) return own();
    return readThroughList(
      queryClient,
      client,
      collection,
      { id, version, threshold: batchThreshold, own, accepts: (list) => list.sentAt > dataAt && list.order > forcedAt },
      signal,
    );
  };
}
