import type { QueryClient } from '@tanstack/react-query';
import type { KeyScope } from './keys.ts';
import { type Collection, composerCollection, indexOf, type Item, promptCollection } from './collections.ts';

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

/**
 * Whether the item of a detail entry is in the lists that are stored with it, at its version in every one
 * of them (a version never changes, so a list's copy is the same content): after a restore, whichever list
 * a read finds gives it back.
 */
function listedElsewhere(queryClient: QueryClient, query: DehydratableQuery): boolean {
  const [root, scope, collectionName, part, id] = query.queryKey;
  const collection = collections[String(collectionName)];
  const item = query.state.data as Item | undefined;
  if (root !== 'prompt-composer' || part !== 'detail' || !collection || typeof id !== 'string' || !item) return false;
  const client: KeyScope = { scope: String(scope) };
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
  let warned = false;
  return ({ persistedClient, error }: { persistedClient: unknown; error: unknown }): undefined => {
    // Serialized again only when it is reported: a refused cache may be megabytes, refused every second.
    const size = () => JSON.stringify(persistedClient)?.length ?? 0;
    if (warn && !warned) {
      warned = true;
      console.warn(
        `prompt-composer-react: the query cache (${size()} characters) was not persisted: the storage refused it (${String(error)}). ` +
          'The last stored copy, if any, stays. Past localStorage quota (about 5 MB), persist to IndexedDB (docs/hooks.md#persistence).',
      );
    }
    onError?.(error, { size: size() });
    return undefined;
  };
}
