import type { QueryClient } from '@tanstack/react-query';
import type { KeyScope } from './keys.ts';
import { type Collection, composerCollection, type Item, listedItem, promptCollection } from './collections.ts';

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
 * Whether the item of a detail entry is also in a cached list of its kind at the same version (a version
 * never changes, so the list's copy is the same content). After a restore, the hooks read it from there.
 */
function listedElsewhere(queryClient: QueryClient, query: DehydratableQuery): boolean {
  const [root, scope, collectionName, part, id] = query.queryKey;
  const collection = collections[String(collectionName)];
  const item = query.state.data as Item | undefined;
  if (root !== 'prompt-composer' || part !== 'detail' || !collection || typeof id !== 'string' || !item) return false;
  const client: KeyScope = { scope: String(scope) };
  // The list must be stored too: only successful queries are.
  const stored = [false, true].some((includeVersions) => queryClient.getQueryState(collection.keys.list(client, { includeVersions }))?.status === 'success');
  return stored && listedItem(queryClient, client, collection, id)?.item.version === item.version;
}

/**
 * TanStack's `shouldDehydrateQuery` for a persisted (or server-rendered) cache that holds each item once:
 * every query TanStack would keep, but a prompt or composer entry whose item a cached list also holds at
 * the same version. After a restore, `usePrompt` and `useComposer` read such an item from the list, with no
 * request; without it, a page of N detail views stores each of their items twice (in its list and in its
 * own entry).
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
 * A `retry` for TanStack's storage persisters (`createSyncStoragePersister`, `createAsyncStoragePersister`)
 * that makes a refused write visible instead of silent: `localStorage` refuses a cache past its quota
 * (about 5 MB), and without a `retry` the persister drops the write without a word, so every reload
 * fetches again. It warns once, calls `onError`, and gives up (the previous stored copy stays).
 *
 * @example
 * const persister = createSyncStoragePersister({ storage: window.localStorage, retry: reportPersistFailure() })
 */
export function reportPersistFailure({ onError, warn = true }: ReportPersistFailureOptions = {}) {
  let warned = false;
  return ({ persistedClient, error }: { persistedClient: unknown; error: unknown }): undefined => {
    const size = JSON.stringify(persistedClient)?.length ?? 0;
    if (warn && !warned) {
      warned = true;
      console.warn(
        `prompt-composer-react: the query cache (${size} characters) was not persisted: the storage refused it (${String(error)}). ` +
          'Reloads will fetch again. Past localStorage quota (about 5 MB), persist to IndexedDB (docs/hooks.md#persistence).',
      );
    }
    onError?.(error, { size });
    return undefined;
  };
}
