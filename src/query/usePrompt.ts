import { type SkipToken, skipToken, type UseQueryOptions, type UseSuspenseQueryOptions, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import type { PromptApiError } from '../api/errors.ts';
import type { Prompt } from '../api/types.ts';
import { withFallback } from './fallback.ts';
import { givenOptions } from './given-options.ts';
import { promptQueryOptions } from './options.ts';
import { usePromptApiContext } from './PromptApiProvider.tsx';

/** Options of `usePrompt`: a version, a fallback, and any TanStack query option but key and fetch. */
export interface UsePromptOptions<TData = Prompt>
  extends Omit<UseQueryOptions<Prompt, PromptApiError, TData>, 'queryKey' | 'queryFn'> {
  /** Version to fetch; a pinned version is cached forever. @default the latest published version */
  version?: string;
  /** Data to show when the fetch fails and nothing is cached; the result then has `isFallback: true`. */
  fallback?: TData;
}

/**
 * One prompt. Free after `usePromptList()` (the list seeds it); identical calls share one request.
 * Without an id (`undefined`, or TanStack's `skipToken`) the query waits: no request, `status`
 * `'pending'`, `fetchStatus` `'idle'`. The suspense twin needs an id (TanStack refuses `skipToken` there).
 *
 * @example
 * const { data: prompt, error } = usePrompt('welcome-email', { version: '2.0.0' })
 * const { data } = usePrompt(params.id) // waits while `params.id` is undefined
 */
export function usePrompt<TData = Prompt>(promptId: string | SkipToken | undefined, options: UsePromptOptions<TData> = {}) {
  const { client, defaults } = usePromptApiContext('usePrompt');
  const { version, fallback, ...queryOptions } = options;
  const result = useQuery({ ...promptQueryOptions<TData>(client, promptId ?? skipToken, { version, ...defaults }), ...givenOptions(queryOptions) });
  return withFallback(result, fallback);
}

/** Options of `useSuspensePrompt`. */
export interface UseSuspensePromptOptions<TData = Prompt>
  extends Omit<UseSuspenseQueryOptions<Prompt, PromptApiError, TData>, 'queryKey' | 'queryFn'> {
  /** Version to fetch. @default the latest published version */
  version?: string;
}

/** `usePrompt` for Suspense: suspends while loading, throws errors to the nearest error boundary. */
export function useSuspensePrompt<TData = Prompt>(promptId: string, options: UseSuspensePromptOptions<TData> = {}) {
  const { client, defaults } = usePromptApiContext('useSuspensePrompt');
  const { version, ...queryOptions } = options;
  return useSuspenseQuery({ ...promptQueryOptions<TData>(client, promptId, { version, ...defaults }), ...givenOptions(queryOptions) });
}
