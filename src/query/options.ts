import {
  type DataTag,
  isServer,
  type QueryKey,
  queryOptions,
  type SkipToken,
  skipToken,
  type UndefinedInitialDataOptions,
  type UnusedSkipTokenOptions,
} from '@tanstack/react-query';
import type { PromptApiClient } from '../api/client.ts';
import type { PromptApiError } from '../api/errors.ts';
import type {
  ComposerData,
  ComposerId,
  ComposerVersion,
  IdOption,
  PromptData,
  PromptId,
  PromptVersion,
  SelectedData,
  VersionOption,
} from '../api/registry.ts';
import type { Composer, Prompt } from '../api/types.ts';
import { type Collection, composerCollection, type Item, promptCollection } from './collections.ts';
import { keepListedAt } from './freshness.ts';
import { detailQueryFn, listQueryFn } from './query-functions.ts';
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
  /**
   * Detail reads that start in the same tick with no list of their kind in flight become one list request
   * (`GET /prompts` or `GET /composers`, kept for the reads that come later) once they ask for this many distinct
   * ids at their latest version. A list response is larger than one item: raise it when the account holds
   * many items and screens read few. `Infinity` turns batching off (a read still waits for a list query
   * already in flight).
   * @default 2
   */
  batchThreshold?: number;
  /**
   * Whether a read pinned to a version that the cache cannot place waits for a list of its kind (one in
   * flight, or its tick's batch) and takes the list's entry when the list holds that version. On a cold
   * cache a pinned version that is not the latest then costs a round trip more: it is sent once the list
   * has answered. `false` sends such a read at once: one request more, one round trip less
   * (docs/hooks/coalescing.md, "Latency").
   * A pinned read that the cache rules out (it knows another latest version) is always sent at once.
   * @default true
   */
  coalescePinned?: boolean;
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

/** The options of one item of `collection`: both detail factories and the detail hooks are this. */
export function detailOptions<T extends Item, TData>(
  collection: Collection<T>,
  client: PromptApiClient,
  id: string | SkipToken,
  { version, ...defaults }: { version?: string } & PromptQueryDefaults,
): PromptApiQueryOptions<T, TData, true> {
  const readPolicy = policy(defaults, version !== undefined);
  return queryOptions<T, PromptApiError, TData>({
    queryKey: collection.keys.detail(client, id === skipToken ? SKIPPED_ID : id, version),
    queryFn: id === skipToken ? skipToken : detailQueryFn(client, collection, id, version, { ...defaults, ...readPolicy }),
    // Keeps the time of the list an item was taken from, which the entry is stamped with.
    structuralSharing: keepListedAt,
    ...readPolicy,
  }) as PromptApiQueryOptions<T, TData, true>;
}

/** The options of `collection`'s list: both list factories are this, for their collection. */
function listOptions<T extends Item, TData>(
  collection: Collection<T>,
  client: PromptApiClient,
  { includeVersions, ...defaults }: { includeVersions?: boolean } & PromptQueryDefaults,
): PromptApiQueryOptions<T[], TData> {
  return queryOptions<T[], PromptApiError, TData>({
    queryKey: collection.keys.list(client, { includeVersions }),
    queryFn: listQueryFn(client, collection, includeVersions),
    // Keeps the time each list was requested, which the entry is stamped with.
    structuralSharing: keepListedAt,
    ...policy(defaults, false),
  }) as PromptApiQueryOptions<T[], TData>;
}

/**
 * Query options of one prompt: the same key and fetch for `usePrompt`, `prefetchQuery`,
 * `ensureQueryData` and SSR. A pinned `version` never goes stale. The read waits for a prompt list in
 * flight and takes its entry; reads of distinct prompts that start in the same tick become one
 * `GET /prompts` (`batchThreshold`); a prompt the list lacks gets its own request. With the typegen
 * registry, `promptId` and `version` take only registered values, and the data carries both. With
 * TanStack's `skipToken` as the id the query waits (no request) and the options fit `useQuery`, not
 * `useSuspenseQuery`.
 *
 * @example
 * await queryClient.prefetchQuery(promptQueryOptions(client, 'welcome-email'))
 * useQuery(promptQueryOptions(client, promptId ?? skipToken))
 */
export function promptQueryOptions<TData = Prompt, Id extends PromptId = PromptId, Version extends PromptVersion<Id> | undefined = undefined>(
  client: PromptApiClient,
  promptId: IdOption<'prompt', Id>,
  options?: { version?: VersionOption<'prompt', Version> } & PromptQueryDefaults,
): PromptApiQueryOptions<PromptData<Id, Version>, SelectedData<TData, Prompt, PromptData<Id, Version>>>;
export function promptQueryOptions<TData = Prompt, Id extends PromptId = PromptId, Version extends PromptVersion<Id> | undefined = undefined>(
  client: PromptApiClient,
  promptId: IdOption<'prompt', Id> | SkipToken,
  options?: { version?: VersionOption<'prompt', Version> } & PromptQueryDefaults,
): PromptApiQueryOptions<PromptData<Id, Version>, SelectedData<TData, Prompt, PromptData<Id, Version>>, true>;
export function promptQueryOptions<TData = Prompt>(
  client: PromptApiClient,
  promptId: string | SkipToken,
  options: { version?: string } & PromptQueryDefaults = {},
): PromptApiQueryOptions<Prompt, TData, true> {
  return detailOptions(promptCollection, client, promptId, options);
}

/**
 * Query options of the prompt list: one cache entry with every prompt, which answers the prompt reads that
 * start while it is in flight, and those that come while it is cached.
 */
export function promptListQueryOptions<TData = Prompt[]>(
  client: PromptApiClient,
  options: { includeVersions?: boolean } & PromptQueryDefaults = {},
): PromptApiQueryOptions<Prompt[], TData> {
  return listOptions(promptCollection, client, options);
}

/**
 * Query options of one composer. A pinned `version` never goes stale; the read coalesces like
 * `promptQueryOptions`'s, into `GET /composers`. With the typegen registry, `composerId` and `version`
 * take only registered values, and the data carries both. With `skipToken` as the id the query waits
 * (no request) and the options fit `useQuery`, not `useSuspenseQuery`.
 */
export function composerQueryOptions<
  TData = Composer,
  Id extends ComposerId = ComposerId,
  Version extends ComposerVersion<Id> | undefined = undefined,
>(
  client: PromptApiClient,
  composerId: IdOption<'composer', Id>,
  options?: { version?: VersionOption<'composer', Version> } & PromptQueryDefaults,
): PromptApiQueryOptions<ComposerData<Id, Version>, SelectedData<TData, Composer, ComposerData<Id, Version>>>;
export function composerQueryOptions<
  TData = Composer,
  Id extends ComposerId = ComposerId,
  Version extends ComposerVersion<Id> | undefined = undefined,
>(
  client: PromptApiClient,
  composerId: IdOption<'composer', Id> | SkipToken,
  options?: { version?: VersionOption<'composer', Version> } & PromptQueryDefaults,
): PromptApiQueryOptions<ComposerData<Id, Version>, SelectedData<TData, Composer, ComposerData<Id, Version>>, true>;
export function composerQueryOptions<TData = Composer>(
  client: PromptApiClient,
  composerId: string | SkipToken,
  options: { version?: string } & PromptQueryDefaults = {},
): PromptApiQueryOptions<Composer, TData, true> {
  return detailOptions(composerCollection, client, composerId, options);
}

/**
 * Query options of the composer list: one cache entry with every composer, which answers the composer reads
 * that start while it is in flight, and those that come while it is cached.
 */
export function composerListQueryOptions<TData = Composer[]>(
  client: PromptApiClient,
  options: { includeVersions?: boolean } & PromptQueryDefaults = {},
): PromptApiQueryOptions<Composer[], TData> {
  return listOptions(composerCollection, client, options);
}
