import type { Query, QueryCacheNotifyEvent, QueryClient } from '@tanstack/react-query';
import { type Collection, composerCollection, indexOf, type Item, promptCollection } from './collections.ts';
import { listedTime } from './freshness.ts';
import type { KeyScope } from './keys.ts';

const collections: Record<string, Collection<Item>> = { prompts: promptCollection, composers: composerCollection };

/**
 * What `dehydrateEachItemOnce` reads of a query: typed by shape, not as TanStack's `Query` class, which a
 * persister package may bring in a second copy of `@tanstack/query-core` (its private fields would make
 * the two `Query` types incompatible).
 */
export interface DehydratableQuery {
  queryKey: readonly unknown[];
  state: { status: string; data: unknown };
}

/** The collection, scope and id of a prompt or composer entry (not a list's), with its item. */
function detailOf(query: DehydratableQuery) {
  const [root, scope, collectionName, part, id] = query.queryKey;
  const collection = collections[String(collectionName)];
  const item = query.state.data as Item | undefined;
  if (root !== 'prompt-composer' || part !== 'detail' || !collection || typeof id !== 'string' || !item) return undefined;
  return { collection, client: { scope: String(scope) } satisfies KeyScope, id, item };
}

/**
 * Whether the item of a detail entry is in the lists that are stored with it, at its version in every one
 * of them (a version never changes, so a list's copy is the same content): after a restore, whichever list
 * a read finds gives it back.
 */
function listedElsewhere(queryClient: QueryClient, query: DehydratableQuery): boolean {
  const detail = detailOf(query);
  if (!detail) return false;
  const { collection, client, id, item } = detail;
  // Only successful lists are stored (TanStack's default); each gives the version it holds, if any.
  const held = [false, true].map((includeVersions) => {
    const state = queryClient.getQueryState<Item[]>(collection.keys.list(client, { includeVersions }));
    return state?.status === 'success' && state.data ? indexOf(collection, state.data).get(id)?.version : undefined;
  });
  return held.some((version) => version !== undefined) && held.every((version) => version === undefined || version === item.version);
}

/**
 * TanStack's `shouldDehydrateQuery` for a persisted cache that holds each item once: every query TanStack
 * would keep, but a prompt or composer entry whose item the stored lists hold at the same version. After a
 * restore, `usePrompt`, `useComposer` and their Suspense twins read such an item from the list, with no
 * request, on their first render; without it, a page of N detail views stores each of their items twice
 * (in its list and in its own entry).
 *
 * Only the library's hooks read an item from a list on their first render: a component that reads through
 * the factories directly (`useQuery(promptQueryOptions(...))`) finds no entry after a restore and shows its
 * loading state while its query function reads the list (no request). Keep TanStack's default there, and
 * for server rendering, whose HTML must match the client's first render.
 *
 * @example
 * <PersistQueryClientProvider
 *   client={queryClient}
 *   persistOptions={{ persister, dehydrateOptions: { shouldDehydrateQuery: dehydrateEachItemOnce(queryClient) } }}
 * >
 */
export function dehydrateEachItemOnce(queryClient: QueryClient): (query: DehydratableQuery) => boolean {
  // TanStack's `defaultShouldDehydrateQuery`: successful queries only.
  return (query) => query.state.status === 'success' && !listedElsewhere(queryClient, query);
}

/** Options of `reportPersistFailure`. */
export interface ReportPersistFailureOptions {
  /**
   * Called on every write the storage refused, with the error and the size of what was refused (in
   * UTF-16 code units, what `localStorage` counts), for your error reporting.
   * @default undefined (only the warning)
   */
  onError?: (error: unknown, details: { size: number }) => void;
  /**
   * Warns on the console, once, the first time a write is refused.
   * @default true
   */
  warn?: boolean;
}

/**
 * A `retry` for TanStack's storage persisters (`createAsyncStoragePersister`, `createSyncStoragePersister`)
 * that makes a refused write visible instead of silent: `localStorage` refuses a cache past its quota
 * (about 5 MB), and without a `retry` the persister drops the write without a word: the stored copy stays
 * the last one that fit (or none). It warns once, calls `onError`, and gives up.
 *
 * @example
 * const persister = createAsyncStoragePersister({ storage: window.localStorage, retry: reportPersistFailure() })
 */
export function reportPersistFailure({ onError, warn = true }: ReportPersistFailureOptions = {}) {
  const warning = warnOnce();
  return ({ persistedClient, error }: { persistedClient: unknown; error: unknown }): undefined => {
    // Serialized again only when it is reported: a refused cache may be megabytes, refused every second.
    const size = () => JSON.stringify(persistedClient)?.length ?? 0;
    if (warn) warning(() => `the query cache (${size()} characters)`, error);
    onError?.(error, { size: size() });
    return undefined;
  };
}

/** A console warning for a write the storage refused, given the first time only. */
function warnOnce() {
  let warned = false;
  return (what: () => string, error: unknown) => {
    if (warned) return;
    warned = true;
    console.warn(
      `prompt-composer-react: ${what()} was not persisted: the storage refused it (${String(error)}). ` +
        'The last stored copy, if any, stays. Past localStorage quota (about 5 MB), persist to IndexedDB (docs/hooks/persistence.md).',
    );
  };
}

/**
 * What `persistEachQuery` uses of TanStack's per-query persister (`experimental_createQueryPersister`):
 * typed by shape, as `DehydratableQuery` is (the persister package may bring its own copy of TanStack's
 * classes).
 */
export interface QueryPersister {
  /** Restores every stored query that is not expired or busted into the QueryClient. */
  restoreQueries(queryClient: object): Promise<void>;
  /** Stores one query, under its own key (its hash). */
  persistQuery(query: DehydratableQuery & { queryHash: string }): Promise<void>;
}

/** Options of `persistEachQuery`. */
export interface PersistEachQueryOptions {
  /** The QueryClient whose queries are stored and restored. */
  queryClient: QueryClient;
  /** TanStack's per-query persister, over your storage (it needs `entries`, to restore). */
  persister: QueryPersister;
  /**
   * Which queries are stored: called with a query when it is added, fetched, written, fails, or its state
   * is set (hydrated over, reset). A query it turns down that has a stored copy has that copy emptied.
   * @default every successful query but a prompt or composer taken from a list (its list is stored on its
   * own)
   */
  shouldPersistQuery?: (query: DehydratableQuery) => boolean;
  /**
   * Called when the storage refuses a write, with the error and the query.
   * @default a warning on the console, once
   */
  onError?: (error: unknown, query: DehydratableQuery) => void;
}

/** The default `onError` of `persistEachQuery`: the warning of `reportPersistFailure`, naming the query. */
function reportRefusedQuery() {
  const warning = warnOnce();
  return (error: unknown, query: DehydratableQuery) => warning(() => `the query ${JSON.stringify(query.queryKey)}`, error);
}

/** `persistEachQuery`'s default: a successful query, unless it is an item taken from a list. */
function notTakenFromList(query: DehydratableQuery): boolean {
  const detail = detailOf(query);
  return query.state.status === 'success' && !(detail && listedTime(detail.item) !== undefined);
}

/**
 * Whether `event` may change what its query's stored copy should be: the query is added (hydrated, or with
 * an `initialData`), fetched, written, failed, or its state set (hydrated over, reset).
 */
function changesStoredCopy(event: QueryCacheNotifyEvent): boolean {
  return event.type === 'added' || (event.type === 'updated' && ['success', 'error', 'setState'].includes(event.action.type));
}

/**
 * Keeps each query of `queryClient` stored on its own, with TanStack's per-query persister
 * (`experimental_createQueryPersister`): restores every stored query first, then keeps each stored copy
 * in step with its query: written each time the query gets data (and `shouldPersistQuery` keeps it),
 * emptied when it no longer does (its data taken from a list, or failed). A change costs the write of the
 * query that changed, where `PersistQueryClientProvider` (`persistQueryClient`) dehydrates the whole cache
 * on every change of any query (TanStack/query#9775): a page of N `usePrompt` views is linear with this,
 * quadratic with that (docs/operating/many-views.md). Unlike the persister's own `persisterFn`, it reads nothing from storage inside a
 * query function, so the reads of one render still coalesce into one list, and the restored lists are
 * there for the hooks' first render.
 *
 * Returns, as `persistQueryClient` does, a function that stops writing, and the restore: render once it
 * has settled (or under TanStack's `IsRestoringProvider` until then). An item read alone and later held
 * by a stored list stays stored too, until its own data changes or it expires (`maxAge`): no query is
 * rewritten because another changed.
 *
 * @example
 * const persister = experimental_createQueryPersister({ storage: { getItem: get, setItem: set, removeItem: del, entries } })
 * const [stopPersisting, restored] = persistEachQuery({ queryClient, persister })
 * await restored
 */
export function persistEachQuery({
  queryClient,
  persister,
  shouldPersistQuery = notTakenFromList,
  onError = reportRefusedQuery(),
}: PersistEachQueryOptions): [stop: () => void, restored: Promise<void>] {
  let unsubscribe: (() => void) | undefined;
  let stopped = false;
  const cache = queryClient.getQueryCache();
  // The queries with a copy in storage, by hash: the restored ones (and any other with data by then), and
  // the ones written since. Only these have a copy to empty.
  const stored = new Set<string>();
  const waiting = new Set<Query>();
  const write = (query: DehydratableQuery & { queryHash: string }) => persister.persistQuery(query).catch((error: unknown) => onError(error, query));
  const update = (query: Query) => {
    waiting.delete(query);
    if (shouldPersistQuery(query)) {
      stored.add(query.queryHash);
      void write(query);
    } else if (stored.delete(query.queryHash)) {
      // Its stored copy must not come back after a reload: emptied in one write (TanStack's `removeQueries`
      // reads every stored entry to find one). It restores nothing, and TanStack's restore deletes it (an
      // entry without `dataUpdatedAt` counts as expired).
      const state = { ...query.state, data: undefined, dataUpdatedAt: 0 };
      void write({ queryKey: query.queryKey, queryHash: query.queryHash, state });
    }
  };
  const restored = persister.restoreQueries(queryClient).then(() => {
    if (stopped) return;
    for (const query of cache.getAll()) if (query.state.data !== undefined) stored.add(query.queryHash);
    unsubscribe = cache.subscribe((event) => {
      const { query } = event;
      if (!changesStoredCopy(event) || waiting.has(query)) return;
      // Once this event is over, once for the events of one tick: a listener of the library may still set
      // the data's time.
      waiting.add(query);
      queueMicrotask(() => update(query));
    });
  });
  return [
    () => {
      stopped = true;
      unsubscribe?.();
    },
    restored,
  ];
}
