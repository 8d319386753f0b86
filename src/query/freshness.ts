import { type QueryCache, type QueryClient, type QueryKey, replaceEqualDeep } from '@tanstack/react-query';

/*
 * How new a query's data is. TanStack stamps what a query function returns with the time it returned;
 * a list is as old as its request, and so is every item taken from it. Such data carries the time its
 * list was requested, and a listener on the query cache stamps the entry with that time as TanStack
 * writes it (before a component renders it or an awaiting caller resumes). The same listener numbers
 * invalidations in the order of list requests, so that an invalidated read can tell a list sent before
 * its invalidation from one sent after, even within one tick.
 */

/** When the list that a value (a list, or an item taken from one) came from was requested. */
const listedAt = new WeakMap<object, number>();

/** When the list that `value` came from was requested, if it came from one. */
export function listedTime(value: unknown): number | undefined {
  return listedAt.get(value as object);
}

/** Marks `value` as taken from a list requested at `at`: its entry is stamped with that time. */
export function markListed<T extends object>(value: T, at: number): T {
  listedAt.set(value, at);
  return value;
}

/**
 * The factories' `structuralSharing`: TanStack's own (`replaceEqualDeep`, which keeps the cached value,
 * or builds one that reuses its unchanged parts), with the answer's list time carried over to the value
 * the cache keeps, or dropped from it when the answer is a response of its own (as new as it arrived).
 * An answer from a list requested before the one the cache holds does not replace it (a list query that
 * answers after a newer batch's list): the listener then stamps the entry with the kept list's time.
 */
export function keepListedAt(cached: unknown, answer: unknown): unknown {
  const at = listedTime(answer);
  if (at !== undefined && at < (listedTime(cached) ?? -Infinity)) return cached;
  const kept = replaceEqualDeep(cached, answer);
  if (typeof kept === 'object' && kept !== null) {
    if (at === undefined) listedAt.delete(kept);
    else listedAt.set(kept, at);
  }
  return kept;
}

let lastOrder = 0;

/** The next number in the order of list requests, forced reads and invalidations. */
export function nextOrder(): number {
  return ++lastOrder;
}

/**
 * Each query's last invalidation, by its key (TanStack hands the query function that same array). TanStack
 * marks an invalidated query once: invalidating it again before it refetches is not seen.
 */
const invalidatedAt = new WeakMap<QueryKey, number>();

/** The place of the query's last invalidation in the order, if one was seen. */
export function invalidationOrder(queryKey: QueryKey): number | undefined {
  return invalidatedAt.get(queryKey);
}

const watched = new WeakSet<QueryCache>();

/**
 * Listens to `queryClient`'s cache, once: a fetch that returned data taken from a list gets its list's
 * time as `dataUpdatedAt`, and invalidations are numbered. (An invalidation before the first query
 * function of the QueryClient ran is not seen: its read then counts from when it starts.)
 */
export function watchQueryCache(queryClient: QueryClient): void {
  const cache = queryClient.getQueryCache();
  if (watched.has(cache)) return;
  watched.add(cache);
  cache.subscribe((event) => {
    if (event.type !== 'updated') return;
    const { query, action } = event;
    if (action.type === 'invalidate') invalidatedAt.set(query.queryKey, nextOrder());
    // A fetch's data is stamped with the time it returned; a write by `setQueryData` gives its own time.
    const at = action.type === 'success' && !action.manual ? listedTime(query.state.data) : undefined;
    if (at !== undefined && at < query.state.dataUpdatedAt) query.setState({ dataUpdatedAt: at });
  });
}
