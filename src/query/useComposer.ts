import { type SkipToken, skipToken, type UseQueryOptions, type UseSuspenseQueryOptions, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import type { PromptApiError } from '../api/errors.ts';
import type { Composer } from '../api/types.ts';
import { withFallback } from './fallback.ts';
import { givenOptions } from './given-options.ts';
import { composerQueryOptions } from './options.ts';
import { usePromptApiContext } from './PromptApiProvider.tsx';

/** Options of `useComposer`: a version, a fallback, and any TanStack query option but key and fetch. */
export interface UseComposerOptions<TData = Composer>
  extends Omit<UseQueryOptions<Composer, PromptApiError, TData>, 'queryKey' | 'queryFn'> {
  /** Version to fetch; a pinned version is cached forever. @default the latest published version */
  version?: string;
  /** Data to show when the fetch fails and nothing is cached; the result then has `isFallback: true`. */
  fallback?: TData;
}

/**
 * One composer. Free after `useComposerList()` (the list seeds it). Without an id (`undefined`, or
 * TanStack's `skipToken`) the query waits: no request, `status` `'pending'`, `fetchStatus` `'idle'`.
 *
 * @example
 * const { data: composer } = useComposer('onboarding-flow')
 * const { data } = useComposer(params.id) // waits while `params.id` is undefined
 */
export function useComposer<TData = Composer>(composerId: string | SkipToken | undefined, options: UseComposerOptions<TData> = {}) {
  const { client, defaults } = usePromptApiContext('useComposer');
  const { version, fallback, ...queryOptions } = options;
  const result = useQuery({ ...composerQueryOptions<TData>(client, composerId ?? skipToken, { version, ...defaults }), ...givenOptions(queryOptions) });
  return withFallback(result, fallback);
}

/** Options of `useSuspenseComposer`. */
export interface UseSuspenseComposerOptions<TData = Composer>
  extends Omit<UseSuspenseQueryOptions<Composer, PromptApiError, TData>, 'queryKey' | 'queryFn'> {
  /** Version to fetch. @default the latest published version */
  version?: string;
}

/** `useComposer` for Suspense. */
export function useSuspenseComposer<TData = Composer>(composerId: string, options: UseSuspenseComposerOptions<TData> = {}) {
  const { client, defaults } = usePromptApiContext('useSuspenseComposer');
  const { version, ...queryOptions } = options;
  return useSuspenseQuery({ ...composerQueryOptions<TData>(client, composerId, { version, ...defaults }), ...givenOptions(queryOptions) });
}
