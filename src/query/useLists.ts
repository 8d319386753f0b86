'use client';

import { type UseQueryOptions, type UseSuspenseQueryOptions, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import type { PromptApiError } from '../api/errors.ts';
import type { Composer, Prompt } from '../api/types.ts';
import { givenOptions } from './given-options.ts';
import { composerListQueryOptions, promptListQueryOptions } from './options.ts';
import { usePromptApiContext } from './PromptApiProvider.tsx';

/** Options of the list hooks: `includeVersions` and any TanStack query option but key and fetch. */
export type UseListOptions<TItem, TData> = Omit<UseQueryOptions<TItem[], PromptApiError, TData>, 'queryKey' | 'queryFn'> & {
  /** Adds `publishedVersions` to every item. @default false */
  includeVersions?: boolean;
};

/** Options of the suspense list hooks. */
export type UseSuspenseListOptions<TItem, TData> = Omit<
  UseSuspenseQueryOptions<TItem[], PromptApiError, TData>,
  'queryKey' | 'queryFn'
> & {
  /** Adds `publishedVersions` to every item. @default false */
  includeVersions?: boolean;
};

/**
 * Every prompt of the account, in one request: `usePrompt(id)` then reads its item from this list, with no
 * request of its own, as old as the list.
 *
 * @example
 * const { data: prompts = [] } = usePromptList({ includeVersions: true })
 */
export function usePromptList<TData = Prompt[]>({ includeVersions, ...options }: UseListOptions<Prompt, TData> = {}) {
  const { client, defaults } = usePromptApiContext('usePromptList');
  return useQuery({ ...promptListQueryOptions<TData>(client, { includeVersions, ...defaults }), ...givenOptions(options) });
}

/** `usePromptList` for Suspense. */
export function useSuspensePromptList<TData = Prompt[]>({
  includeVersions,
  ...options
}: UseSuspenseListOptions<Prompt, TData> = {}) {
  const { client, defaults } = usePromptApiContext('useSuspensePromptList');
  return useSuspenseQuery({ ...promptListQueryOptions<TData>(client, { includeVersions, ...defaults }), ...givenOptions(options) });
}

/** Every composer of the account, in one request: `useComposer(id)` then reads its item from this list. */
export function useComposerList<TData = Composer[]>({ includeVersions, ...options }: UseListOptions<Composer, TData> = {}) {
  const { client, defaults } = usePromptApiContext('useComposerList');
  return useQuery({ ...composerListQueryOptions<TData>(client, { includeVersions, ...defaults }), ...givenOptions(options) });
}

/** `useComposerList` for Suspense. */
export function useSuspenseComposerList<TData = Composer[]>({
  includeVersions,
  ...options
}: UseSuspenseListOptions<Composer, TData> = {}) {
  const { client, defaults } = usePromptApiContext('useSuspenseComposerList');
  return useSuspenseQuery({ ...composerListQueryOptions<TData>(client, { includeVersions, ...defaults }), ...givenOptions(options) });
}
