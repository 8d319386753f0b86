'use client';

import { type SkipToken, skipToken, type UseQueryOptions, useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import type { PromptApiError } from '../api/errors.ts';
import type { Collection, Item } from './collections.ts';
import { type WithFallback, withFallback } from './fallback.ts';
import { givenOptions } from './given-options.ts';
import { detailOptions, type PromptApiQueryOptions } from './options.ts';
import { usePromptApiContext } from './PromptApiProvider.tsx';
import { cachedInitialData } from './query-functions.ts';

/** What every detail hook takes: a version, a fallback, and any TanStack query option but key and fetch. */
export type DetailHookOptions<T, TData> = Omit<UseQueryOptions<T, PromptApiError, TData>, 'queryKey' | 'queryFn'> & {
  /** Version to fetch. @default the latest published version */
  version?: string;
  /** Data to show when the fetch fails and nothing is cached. */
  fallback?: TData;
};

/**
 * The query options of a detail hook, in one place: the factories' key, fetch and policy with the
 * provider's defaults, the item from the cache as `initialData` (a cached list's item, or a pinned version
 * the cache holds: data from the first render), then the caller's options, where one given as `undefined`
 * counts as not given.
 */
function useDetailOptions<T extends Item, TData>(
  hookName: string,
  collection: Collection<T>,
  id: string | SkipToken,
  { version, ...queryOptions }: Omit<DetailHookOptions<T, TData>, 'fallback'>,
): PromptApiQueryOptions<T, TData, true> {
  const { client, defaults } = usePromptApiContext(hookName);
  const queryClient = useQueryClient();
  return {
    ...detailOptions<T, TData>(collection, client, id, { version, ...defaults }),
    ...(typeof id === 'string' ? cachedInitialData(queryClient, client, collection, id, version) : undefined),
    ...givenOptions(queryOptions),
  } as PromptApiQueryOptions<T, TData, true>;
}

/**
 * One item of `collection`: what `usePrompt`, `useComposer` and the previews are, with plain string ids
 * (the typed hooks add the registry's checks on top). Without an id the query waits. `hookName` is named
 * in the error thrown outside a provider.
 */
export function useDetail<T extends Item, TData = T>(
  hookName: string,
  collection: Collection<T>,
  id: string | SkipToken | undefined,
  { fallback, ...options }: DetailHookOptions<T, TData> = {},
): WithFallback<TData> {
  return withFallback(useQuery(useDetailOptions<T, TData>(hookName, collection, id ?? skipToken, options)), fallback);
}

/** `useDetail` for Suspense: suspends while loading, throws errors to the nearest error boundary. */
export function useSuspenseDetail<T extends Item, TData = T>(
  hookName: string,
  collection: Collection<T>,
  id: string,
  options: Omit<DetailHookOptions<T, TData>, 'fallback' | 'placeholderData' | 'enabled'>,
) {
  // The options with a string id fit `useSuspenseQuery` (it refuses only `skipToken`).
  return useSuspenseQuery(useDetailOptions<T, TData>(hookName, collection, id, options) as PromptApiQueryOptions<T, TData>);
}
