'use client';

import { type SkipToken, useQueryClient } from '@tanstack/react-query';
import { cachedInitialData } from './coalesce.ts';
import type { Collection, Item } from './collections.ts';
import { givenOptions } from './given-options.ts';
import { detailOptions, type PromptApiQueryOptions } from './options.ts';
import { usePromptApiContext } from './PromptApiProvider.tsx';

/**
 * The query options of a detail hook (`usePrompt`, `useComposer` and their Suspense twins), in one place:
 * the factories' key, fetch and policy with the provider's defaults, the item from the cache as
 * `initialData` (a cached list's item, or a pinned version the cache holds: data from the first render),
 * then the caller's options, where one given as `undefined` counts as not given.
 */
export function useDetailOptions<T extends Item, TData>(
  hookName: string,
  collection: Collection<T>,
  id: string | SkipToken,
  { version, ...queryOptions }: { version?: string },
): PromptApiQueryOptions<T, TData, true> {
  const { client, defaults } = usePromptApiContext(hookName);
  const queryClient = useQueryClient();
  return {
    ...detailOptions<T, TData>(collection, client, id, { version, ...defaults }),
    ...(typeof id === 'string' ? cachedInitialData(queryClient, client, collection, id, version) : undefined),
    ...givenOptions(queryOptions),
  } as PromptApiQueryOptions<T, TData, true>;
}
