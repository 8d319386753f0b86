'use client';

import {
  type SkipToken,
  skipToken,
  type UseQueryOptions,
  type UseQueryResult,
  type UseSuspenseQueryOptions,
  type UseSuspenseQueryResult,
  useQuery,
  useSuspenseQuery,
} from '@tanstack/react-query';
import { useMemo } from 'react';
import type { PromptApiError } from '../api/errors.ts';
import type { ComposerId, PromptId } from '../api/registry.ts';
import type { Composer, Prompt, PublishedVersion } from '../api/types.ts';
import { givenOptions } from './given-options.ts';
import { usePromptApiContext } from './PromptApiProvider.tsx';
import { composerVersionsQueryOptions, promptVersionsQueryOptions, selectVersionChoices, type VersionChoices, type Versioned } from './versions.ts';

/**
 * Options of `usePromptVersions` and `useComposerVersions`: any TanStack query option but key, fetch and
 * `select` (the hook's own `select` picks the item from the account's list).
 */
export type UseVersionsOptions<TItem> = Omit<UseQueryOptions<TItem[], PromptApiError, PublishedVersion[]>, 'queryKey' | 'queryFn' | 'select'>;

/** Options of the suspense twins `useSuspensePromptVersions` and `useSuspenseComposerVersions`. */
export type UseSuspenseVersionsOptions<TItem> = Omit<
  UseSuspenseQueryOptions<TItem[], PromptApiError, PublishedVersion[]>,
  'queryKey' | 'queryFn' | 'select'
>;

/**
 * The published versions of one prompt, newest first, each with its `userMessage`. They come from one
 * `GET /prompts?include_versions=true` for the whole account, shared by every caller and by
 * `usePromptList({ includeVersions: true })` (the same cache entry): a screen of many version lists costs
 * one request, and none where that list is cached. "Newest": the highest version when all are dotted
 * numbers (`1.10.0` after `1.9.0`), otherwise the service's publication order, reversed. A prompt the list
 * lacks fails with `NOT_FOUND`. Without an id (`undefined` or `skipToken`) the query waits.
 *
 * @example
 * const { data: versions = [] } = usePromptVersions('welcome-email')
 * versions[0]?.version // '2.0.0', the latest
 */
export function usePromptVersions(
  promptId: PromptId | SkipToken | undefined,
  options: UseVersionsOptions<Prompt> = {},
): UseQueryResult<PublishedVersion[], PromptApiError> {
  const { client, defaults } = usePromptApiContext('usePromptVersions');
  const id: PromptId | SkipToken = promptId ?? skipToken;
  // Made once per id: TanStack runs `select` again on every render where it is a new function.
  const versions = useMemo(() => promptVersionsQueryOptions(client, id, defaults), [client, id, defaults]);
  return useQuery({ ...versions, ...givenOptions(options) });
}

/**
 * The published versions of one composer, newest first, from one `GET /composers?include_versions=true`
 * for the account, shared with `useComposerList({ includeVersions: true })`. Entries carry only `version`.
 * Same rules as `usePromptVersions`.
 *
 * @example
 * const { data: versions = [] } = useComposerVersions('onboarding-flow')
 */
export function useComposerVersions(
  composerId: ComposerId | SkipToken | undefined,
  options: UseVersionsOptions<Composer> = {},
): UseQueryResult<PublishedVersion[], PromptApiError> {
  const { client, defaults } = usePromptApiContext('useComposerVersions');
  const id: ComposerId | SkipToken = composerId ?? skipToken;
  const versions = useMemo(() => composerVersionsQueryOptions(client, id, defaults), [client, id, defaults]);
  return useQuery({ ...versions, ...givenOptions(options) });
}

/**
 * Throws the error of an id the loaded list lacks: it fails in `select`, with the list cached, and TanStack
 * throws to the error boundary only errors of a query without data.
 */
function throwUnlisted<T extends UseSuspenseQueryResult<PublishedVersion[], PromptApiError>>(result: T): T {
  if (result.error && (result.data as PublishedVersion[] | undefined) === undefined) throw result.error;
  return result;
}

/** `usePromptVersions` for Suspense: suspends while the list loads, throws errors (`NOT_FOUND` too) to the nearest error boundary. */
export function useSuspensePromptVersions(
  promptId: PromptId,
  options: UseSuspenseVersionsOptions<Prompt> = {},
): UseSuspenseQueryResult<PublishedVersion[], PromptApiError> {
  const { client, defaults } = usePromptApiContext('useSuspensePromptVersions');
  const versions = useMemo(() => promptVersionsQueryOptions(client, promptId, defaults), [client, promptId, defaults]);
  return throwUnlisted(useSuspenseQuery({ ...versions, ...givenOptions(options) }));
}

/** `useComposerVersions` for Suspense. */
export function useSuspenseComposerVersions(
  composerId: ComposerId,
  options: UseSuspenseVersionsOptions<Composer> = {},
): UseSuspenseQueryResult<PublishedVersion[], PromptApiError> {
  const { client, defaults } = usePromptApiContext('useSuspenseComposerVersions');
  const versions = useMemo(() => composerVersionsQueryOptions(client, composerId, defaults), [client, composerId, defaults]);
  return throwUnlisted(useSuspenseQuery({ ...versions, ...givenOptions(options) }));
}

/**
 * What the version diffs' pickers offer for `id`: its versions, newest first, and its latest, from the
 * include-versions list of its kind (the cache entry the versions hooks share), with one `select` per id.
 * An id the list lacks fails with `NOT_FOUND`, as in `usePromptVersions`.
 */
export function useVersionChoices<T extends Prompt | Composer>(hookName: string, versioned: Versioned<T>, id: string): UseQueryResult<VersionChoices, PromptApiError> {
  const { client, defaults } = usePromptApiContext(hookName);
  const select = useMemo(() => selectVersionChoices(versioned, id), [versioned, id]);
  return useQuery({ ...versioned.list<VersionChoices>(client, defaults), select });
}
