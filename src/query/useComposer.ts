'use client';

import {
  type SkipToken,
  type UseQueryOptions,
  type UseSuspenseQueryOptions,
  type UseSuspenseQueryResult,
} from '@tanstack/react-query';
import type { PromptApiError } from '../api/errors.ts';
import type { ComposerData, ComposerId, ComposerVersion, IdOption, SelectedData, VersionOption } from '../api/registry.ts';
import type { Composer } from '../api/types.ts';
import type { WithFallback } from './fallback.ts';
import { composerCollection } from './collections.ts';
import { useDetail, useSuspenseDetail } from './useDetail.ts';

/**
 * Options of `useComposer`: a version, a fallback, and any TanStack query option but key and fetch. `Id`
 * and `Version` type the data when the typegen registry is present; they change nothing without it.
 */
export interface UseComposerOptions<TData = Composer, Id extends string = ComposerId, Version extends string | undefined = ComposerVersion<Id>>
  extends Omit<UseQueryOptions<ComposerData<Id, Version>, PromptApiError, TData>, 'queryKey' | 'queryFn'> {
  /**
   * Version to fetch; a pinned version is cached forever. With the typegen registry, one of the
   * composer's published versions.
   * @default the latest published version
   */
  version?: VersionOption<'composer', Version>;
  /** Data to show when the fetch fails and nothing is cached; the result then has `isFallback: true`. */
  fallback?: TData;
}

/** What `useComposer` returns: TanStack's result, with `isFallback`. */
export type UseComposerResult<TData = Composer, Id extends string = ComposerId, Version extends string | undefined = undefined> = WithFallback<
  SelectedData<TData, Composer, ComposerData<Id, Version>>
>;

/**
 * One composer. Free after `useComposerList()` (read from the cached list). With the typegen registry,
 * `composerId` and `version` take only registered values, and `data` carries both. Without an id
 * (`undefined`, or TanStack's `skipToken`) the query waits: no request, `status` `'pending'`,
 * `fetchStatus` `'idle'`.
 *
 * @example
 * const { data: composer } = useComposer('onboarding-flow')
 * const { data } = useComposer(params.id) // waits while `params.id` is undefined
 */
export function useComposer<TData = Composer, Id extends ComposerId = ComposerId, Version extends ComposerVersion<Id> | undefined = undefined>(
  composerId: IdOption<'composer', Id> | SkipToken | undefined,
  options?: UseComposerOptions<TData, Id, Version>,
): UseComposerResult<TData, Id, Version>;
export function useComposer<TData = Composer>(
  composerId: string | SkipToken | undefined,
  options: UseComposerOptions<TData, string, string> = {},
): WithFallback<TData> {
  return useDetail<Composer, TData>('useComposer', composerCollection, composerId, options);
}

/** Options of `useSuspenseComposer`. */
export interface UseSuspenseComposerOptions<TData = Composer, Id extends string = ComposerId, Version extends string | undefined = ComposerVersion<Id>>
  extends Omit<UseSuspenseQueryOptions<ComposerData<Id, Version>, PromptApiError, TData>, 'queryKey' | 'queryFn'> {
  /** Version to fetch. @default the latest published version */
  version?: VersionOption<'composer', Version>;
}

/** `useComposer` for Suspense. */
export function useSuspenseComposer<TData = Composer, Id extends ComposerId = ComposerId, Version extends ComposerVersion<Id> | undefined = undefined>(
  composerId: IdOption<'composer', Id>,
  options?: UseSuspenseComposerOptions<TData, Id, Version>,
): UseSuspenseQueryResult<SelectedData<TData, Composer, ComposerData<Id, Version>>, PromptApiError>;
export function useSuspenseComposer<TData = Composer>(composerId: string, options: UseSuspenseComposerOptions<TData, string, string> = {}) {
  return useSuspenseDetail<Composer, TData>('useSuspenseComposer', composerCollection, composerId, options);
}
