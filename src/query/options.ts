import {
  type DataTag,
  isServer,
  type QueryClient,
  type QueryKey,
  queryOptions,
  type SkipToken,
  skipToken,
  type UndefinedInitialDataOptions,
  type UnusedSkipTokenOptions,
} from '@tanstack/react-query';
import type { PromptApiClient } from '../api/client.ts';
import type { PromptApiError } from '../api/errors.ts';
import type { ComposerData, ComposerId, ComposerVersion, PromptData, PromptId, PromptVersion, SelectedData, VersionOption } from '../api/registry.ts';
import type { Composer, Prompt } from '../api/types.ts';
import { composerKeys, promptKeys } from './keys.ts';
import { promptApiRetry, promptApiRetryDelay } from './retry.ts';

/** Five minutes: how long "latest" data counts as fresh unless the provider or the hook says otherwise. */
export const DEFAULT_STALE_TIME = 5 * 60 * 1000;

/** Defaults the provider hands to every query factory. */
export interface PromptQueryDefaults {
  /** How long "latest" data is fresh, in ms. Pinned versions are always `Infinity`. @default 300000 */
  staleTime?: number;
  /**
   * TanStack `retry`. Where there is no window (server rendering, Server Components, a Node script), no
   * retry unless you set one here: a page would wait for every backoff, and each try costs quota.
   * @default promptApiRetry in a browser (network, timeout, 5xx; 3 at most); false where there is no window
   */
  retry?: boolean | number | ((failureCount: number, error: PromptApiError) => boolean);
  /** TanStack `retryDelay`. @default promptApiRetryDelay (Retry-After, else exponential with jitter) */
  retryDelay?: number | ((attempt: number, error: PromptApiError) => number);
}

/**
 * What the factories return: TanStack's `queryOptions` result, with the key tagged by the data and error
 * types (so `queryClient.getQueryData(options.queryKey)` is typed). Named through `@tanstack/react-query`
 * on purpose: an inferred type would make the declarations import `@tanstack/query-core`, and an app with a
 * second copy of it (a persister that brings its own) would get "`QueryClient` ... '#private'" errors.
 * `TSkippable` is `true` when the id may be `skipToken`: such options fit `useQuery`, not
 * `useSuspenseQuery` (TanStack refuses `skipToken` there).
 */
export type PromptApiQueryOptions<TQueryFnData, TData = TQueryFnData, TSkippable extends boolean = false> = (TSkippable extends true
  ? UndefinedInitialDataOptions<TQueryFnData, PromptApiError, TData>
  : UnusedSkipTokenOptions<TQueryFnData, PromptApiError, TData>) & {
  queryKey: DataTag<QueryKey, TQueryFnData, PromptApiError>;
};

/** The id in a skipped query's key: `''` can never be sent, so no entry with data ever has it. */
const SKIPPED_ID = '';

function policy(defaults: PromptQueryDefaults, pinned: boolean) {
  return {
    staleTime: pinned ? Infinity : (defaults.staleTime ?? DEFAULT_STALE_TIME),
    // TanStack's own default is no retry on the server (`isServer`: no window); ours follows it.
    retry: defaults.retry ?? (isServer ? false : promptApiRetry),
    retryDelay: defaults.retryDelay ?? promptApiRetryDelay,
  };
}

type Item = { publishedVersions?: unknown };

/** Seeds the single-item entries from a list, so a detail after the list costs no request. */
function seedDetails<T extends Item>(
  queryClient: QueryClient,
  startedAt: number,
  items: T[],
  key: (item: T, version: string | null) => readonly unknown[],
  version: (item: T) => string,
): void {
  // The list's data is as old as its request: entries fetched while it was in flight are newer and kept.
  for (const listed of items) {
    // A single-item response never carries publishedVersions.
    const { publishedVersions: _, ...item } = listed;
    for (const entry of [key(listed, null), key(listed, version(listed))]) {
      const state = queryClient.getQueryState(entry);
      if (!state || state.dataUpdatedAt < startedAt) queryClient.setQueryData(entry, item, { updatedAt: startedAt });
    }
  }
}

/** `promptQueryOptions` without the registry's checks: how the hooks call it with a plain string id. */
export type PromptQueryOptionsById = {
  <TData = Prompt>(client: PromptApiClient, promptId: string, options?: { version?: string } & PromptQueryDefaults): PromptApiQueryOptions<Prompt, TData>;
  <TData = Prompt>(
    client: PromptApiClient,
    promptId: string | SkipToken,
    options?: { version?: string } & PromptQueryDefaults,
  ): PromptApiQueryOptions<Prompt, TData, true>;
};

/**
 * Query options of one prompt: the same key and fetch for `usePrompt`, `prefetchQuery`,
 * `ensureQueryData` and SSR. A pinned `version` never goes stale. With the typegen registry, `promptId`
 * and `version` take only registered values, and the data carries both. With TanStack's `skipToken` as
 * the id the query waits (no request) and the options fit `useQuery`, not `useSuspenseQuery`.
 *
 * @example
 * await queryClient.prefetchQuery(promptQueryOptions(client, 'welcome-email'))
 * useQuery(promptQueryOptions(client, promptId ?? skipToken))
 */
export function promptQueryOptions<TData = Prompt, Id extends PromptId = PromptId, Version extends PromptVersion<Id> | undefined = undefined>(
  client: PromptApiClient,
  promptId: Id,
  options?: { version?: VersionOption<'prompt', Version> } & PromptQueryDefaults,
): PromptApiQueryOptions<PromptData<Id, Version>, SelectedData<TData, Prompt, PromptData<Id, Version>>>;
export function promptQueryOptions<TData = Prompt, Id extends PromptId = PromptId, Version extends PromptVersion<Id> | undefined = undefined>(
  client: PromptApiClient,
  promptId: Id | SkipToken,
  options?: { version?: VersionOption<'prompt', Version> } & PromptQueryDefaults,
): PromptApiQueryOptions<PromptData<Id, Version>, SelectedData<TData, Prompt, PromptData<Id, Version>>, true>;
export function promptQueryOptions<TData = Prompt>(
  client: PromptApiClient,
  promptId: string | SkipToken,
  { version, ...defaults }: { version?: string } & PromptQueryDefaults = {},
): PromptApiQueryOptions<Prompt, TData, true> {
  return queryOptions<Prompt, PromptApiError, TData>({
    queryKey: promptKeys.detail(client, promptId === skipToken ? SKIPPED_ID : promptId, version),
    queryFn: promptId === skipToken ? skipToken : ({ signal }) => client.getPrompt(promptId, { version, signal }),
    ...policy(defaults, version !== undefined),
  });
}

/** Query options of the prompt list; its response seeds each prompt's "latest" entry. */
export function promptListQueryOptions<TData = Prompt[]>(
  client: PromptApiClient,
  { includeVersions, ...defaults }: { includeVersions?: boolean } & PromptQueryDefaults = {},
): PromptApiQueryOptions<Prompt[], TData> {
  return queryOptions<Prompt[], PromptApiError, TData>({
    queryKey: promptKeys.list(client, { includeVersions }),
    queryFn: async ({ signal, client: queryClient }) => {
      const startedAt = Date.now();
      const prompts = await client.listPrompts({ includeVersions, signal });
      seedDetails(queryClient, startedAt, prompts, (p, v) => promptKeys.detail(client, p.promptId, v), (p) => p.version);
      return prompts;
    },
    ...policy(defaults, false),
  });
}

/** `composerQueryOptions` without the registry's checks: how the hooks call it with a plain string id. */
export type ComposerQueryOptionsById = {
  <TData = Composer>(
    client: PromptApiClient,
    composerId: string,
    options?: { version?: string } & PromptQueryDefaults,
  ): PromptApiQueryOptions<Composer, TData>;
  <TData = Composer>(
    client: PromptApiClient,
    composerId: string | SkipToken,
    options?: { version?: string } & PromptQueryDefaults,
  ): PromptApiQueryOptions<Composer, TData, true>;
};

/**
 * Query options of one composer. A pinned `version` never goes stale. With the typegen registry,
 * `composerId` and `version` take only registered values, and the data carries both. With `skipToken`
 * as the id the query waits (no request) and the options fit `useQuery`, not `useSuspenseQuery`.
 */
export function composerQueryOptions<
  TData = Composer,
  Id extends ComposerId = ComposerId,
  Version extends ComposerVersion<Id> | undefined = undefined,
>(
  client: PromptApiClient,
  composerId: Id,
  options?: { version?: VersionOption<'composer', Version> } & PromptQueryDefaults,
): PromptApiQueryOptions<ComposerData<Id, Version>, SelectedData<TData, Composer, ComposerData<Id, Version>>>;
export function composerQueryOptions<
  TData = Composer,
  Id extends ComposerId = ComposerId,
  Version extends ComposerVersion<Id> | undefined = undefined,
>(
  client: PromptApiClient,
  composerId: Id | SkipToken,
  options?: { version?: VersionOption<'composer', Version> } & PromptQueryDefaults,
): PromptApiQueryOptions<ComposerData<Id, Version>, SelectedData<TData, Composer, ComposerData<Id, Version>>, true>;
export function composerQueryOptions<TData = Composer>(
  client: PromptApiClient,
  composerId: string | SkipToken,
  { version, ...defaults }: { version?: string } & PromptQueryDefaults = {},
): PromptApiQueryOptions<Composer, TData, true> {
  return queryOptions<Composer, PromptApiError, TData>({
    queryKey: composerKeys.detail(client, composerId === skipToken ? SKIPPED_ID : composerId, version),
    queryFn: composerId === skipToken ? skipToken : ({ signal }) => client.getComposer(composerId, { version, signal }),
    ...policy(defaults, version !== undefined),
  });
}

/** Query options of the composer list; its response seeds each composer's "latest" entry. */
export function composerListQueryOptions<TData = Composer[]>(
  client: PromptApiClient,
  { includeVersions, ...defaults }: { includeVersions?: boolean } & PromptQueryDefaults = {},
): PromptApiQueryOptions<Composer[], TData> {
  return queryOptions<Composer[], PromptApiError, TData>({
    queryKey: composerKeys.list(client, { includeVersions }),
    queryFn: async ({ signal, client: queryClient }) => {
      const startedAt = Date.now();
      const composers = await client.listComposers({ includeVersions, signal });
      seedDetails(queryClient, startedAt, composers, (c, v) => composerKeys.detail(client, c.composerId, v), (c) => c.version);
      return composers;
    },
    ...policy(defaults, false),
  });
}
