'use client';

import {
  type SkipToken,
  type UseQueryOptions,
  type UseSuspenseQueryOptions,
  type UseSuspenseQueryResult,
} from '@tanstack/react-query';
import type { PromptApiError } from '../api/errors.ts';
import type { PromptData, PromptId, PromptVersion, IdOption, SelectedData, VersionOption } from '../api/registry.ts';
import type { Prompt } from '../api/types.ts';
import type { WithFallback } from './fallback.ts';
import { promptCollection } from './collections.ts';
import { useDetail, useSuspenseDetail } from './useDetail.ts';

/**
 * Options of `usePrompt`: a version, a fallback, and any TanStack query option but key and fetch. `Id` and
 * `Version` type the data when the typegen registry is present; they change nothing without it.
 */
export interface UsePromptOptions<TData = Prompt, Id extends string = PromptId, Version extends string | undefined = PromptVersion<Id>>
  extends Omit<UseQueryOptions<PromptData<Id, Version>, PromptApiError, TData>, 'queryKey' | 'queryFn'> {
  /**
   * Version to fetch; a pinned version is cached forever. With the typegen registry, one of the prompt's
   * published versions.
   * @default the latest published version
   */
  version?: VersionOption<'prompt', Version>;
  /** Data to show when the fetch fails and nothing is cached; the result then has `isFallback: true`. */
  fallback?: TData;
}

/** What `usePrompt` returns: TanStack's result, with `isFallback`. */
export type UsePromptResult<TData = Prompt, Id extends string = PromptId, Version extends string | undefined = undefined> = WithFallback<
  SelectedData<TData, Prompt, PromptData<Id, Version>>
>;


/**
 * One prompt. Free after `usePromptList()` (read from the cached list); identical calls share one request. With the
 * typegen registry, `promptId` and `version` take only registered values, and `data` carries both.
 * Without an id (`undefined`, or TanStack's `skipToken`) the query waits: no request, `status`
 * `'pending'`, `fetchStatus` `'idle'`. The suspense twin needs an id (TanStack refuses `skipToken` there).
 *
 * @example
 * const { data: prompt, error } = usePrompt('welcome-email', { version: '2.0.0' })
 * const { data } = usePrompt(params.id) // waits while `params.id` is undefined
 */
export function usePrompt<TData = Prompt, Id extends PromptId = PromptId, Version extends PromptVersion<Id> | undefined = undefined>(
  promptId: IdOption<'prompt', Id> | SkipToken | undefined,
  options?: UsePromptOptions<TData, Id, Version>,
): UsePromptResult<TData, Id, Version>;
export function usePrompt<TData = Prompt>(
  promptId: string | SkipToken | undefined,
  options: UsePromptOptions<TData, string, string> = {},
): WithFallback<TData> {
  return useDetail<Prompt, TData>('usePrompt', promptCollection, promptId, options);
}

/** Options of `useSuspensePrompt`. */
export interface UseSuspensePromptOptions<TData = Prompt, Id extends string = PromptId, Version extends string | undefined = PromptVersion<Id>>
  extends Omit<UseSuspenseQueryOptions<PromptData<Id, Version>, PromptApiError, TData>, 'queryKey' | 'queryFn'> {
  /** Version to fetch. @default the latest published version */
  version?: VersionOption<'prompt', Version>;
}

/** `usePrompt` for Suspense: suspends while loading, throws errors to the nearest error boundary. */
export function useSuspensePrompt<TData = Prompt, Id extends PromptId = PromptId, Version extends PromptVersion<Id> | undefined = undefined>(
  promptId: IdOption<'prompt', Id>,
  options?: UseSuspensePromptOptions<TData, Id, Version>,
): UseSuspenseQueryResult<SelectedData<TData, Prompt, PromptData<Id, Version>>, PromptApiError>;
export function useSuspensePrompt<TData = Prompt>(promptId: string, options: UseSuspensePromptOptions<TData, string, string> = {}) {
  return useSuspenseDetail<Prompt, TData>('useSuspensePrompt', promptCollection, promptId, options);
}
