import { queryOptions, type SkipToken, skipToken } from '@tanstack/react-query';
import type { PromptApiClient } from '../api/client.ts';
import { PromptApiError } from '../api/errors.ts';
import type { ComposerId, PromptId } from '../api/registry.ts';
import type { Composer, Prompt, PublishedVersion } from '../api/types.ts';
import { type Collection, composerCollection, indexOf, promptCollection } from './collections.ts';
import { composerListQueryOptions, type PromptApiQueryOptions, type PromptQueryDefaults, promptListQueryOptions } from './options.ts';

/** A version written as dot-separated numbers only: `2`, `1.10`, `2.0.0`. */
const DOTTED_NUMERIC = /^\d+(\.\d+)*$/;

/** Compares two dotted-numeric versions part by part, as numbers; a missing part counts as 0 (`1.2` = `1.2.0`). */
function compareDottedNumeric(left: string, right: string): number {
  const a = left.split('.').map(Number);
  const b = right.split('.').map(Number);
  for (let index = 0; index < Math.max(a.length, b.length); index++) {
    const difference = (a[index] ?? 0) - (b[index] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}

/**
 * Published versions, newest first: the order of `usePromptVersions`, `useComposerVersions` and the
 * pickers of the version diffs, for your own pickers over `usePromptList({ includeVersions: true })`.
 * When every version is dotted numeric (`1.0.0`, `1.10`, `2`), the newest is the highest, compared part by
 * part as numbers (`1.10.0` is newer than `1.9.0`; `1.2` equals `1.2.0`). Otherwise (a `2.0.0-beta`, a
 * `v2`, a date) the service's order decides: it lists versions in the order they were published, oldest
 * first, so the list is reversed. Equal versions keep that reversed order too. Returns a new array: the
 * cached list is never sorted in place.
 *
 * @example
 * sortNewestFirst([{ version: '1.9.0' }, { version: '1.10.0' }]) // [{ version: '1.10.0' }, { version: '1.9.0' }]
 */
export function sortNewestFirst<T extends Pick<PublishedVersion, 'version'>>(versions: readonly T[]): T[] {
  const published = [...versions].reverse();
  if (!published.every((entry) => DOTTED_NUMERIC.test(entry.version))) return published;
  // Array.prototype.sort is stable: equal versions stay in the reversed service order.
  return published.sort((left, right) => compareDottedNumeric(right.version, left.version));
}

/** An item with published versions. */
type Listed = Prompt | Composer;

/** A kind of item with published versions: its name, its collection, and its list with every item's versions. */
export interface Versioned<T extends Listed> {
  /** The item's name in errors (`'prompt'`, `'composer'`). */
  kind: 'prompt' | 'composer';
  /** Its keys, ids and requests. */
  collection: Collection<T>;
  /** The options of the account's list of this kind with `publishedVersions` (`include_versions=true`). */
  list<TData = T[]>(client: PromptApiClient, defaults: PromptQueryDefaults): PromptApiQueryOptions<T[], TData>;
}

/** The prompts, as the versions hooks and the version diffs read them. */
export const versionedPrompts: Versioned<Prompt> = {
  kind: 'prompt',
  collection: promptCollection,
  list: (client, defaults) => promptListQueryOptions(client, { ...defaults, includeVersions: true }),
};

/** The composers, as the versions hooks and the version diffs read them. */
export const versionedComposers: Versioned<Composer> = {
  kind: 'composer',
  collection: composerCollection,
  list: (client, defaults) => composerListQueryOptions(client, { ...defaults, includeVersions: true }),
};

/**
 * `id`'s item in `items` (its kind's include-versions list), found through the list's index by id (built
 * once per list, so no scan), with its published versions newest first. An id the list lacks (it does not
 * exist, or has no published version) is an error with the code a single read would get, `NOT_FOUND`:
 * thrown from a `select`, the query reports it as its error.
 */
function listedVersions<T extends Listed>({ kind, collection }: Versioned<T>, items: readonly T[], id: string) {
  const item = indexOf(collection, items).get(id);
  if (!item) {
    throw new PromptApiError({
      method: 'GET',
      path: `/${kind}s?include_versions=true`,
      status: 404,
      code: 'NOT_FOUND',
      detail: `${kind === 'prompt' ? 'Prompt' : 'Composer'} not found: the list of published ${kind}s has no "${id}"`,
    });
  }
  return { item, versions: sortNewestFirst(item.publishedVersions ?? []) };
}

/** What the version diffs' pickers offer: every published version, newest first, and the latest. */
export interface VersionChoices {
  /** Every published version, newest first (`sortNewestFirst`). */
  versions: string[];
  /** The list item's own version: what a read without `version` gets (not always the highest). */
  latest: string;
}

/**
 * The `select` of the version diffs' query over the include-versions list: `id`'s versions and latest in
 * one pass. Make it once per id (`useMemo`): TanStack runs a `select` that is a new function every render.
 */
export function selectVersionChoices<T extends Listed>(versioned: Versioned<T>, id: string) {
  return (items: T[]): VersionChoices => {
    const { item, versions } = listedVersions(versioned, items, id);
    return { versions: versions.map((entry) => entry.version), latest: item.version };
  };
}

/** The options of `id`'s versions: the include-versions list of its kind, with a `select` that picks the item. */
function versionsOptions<T extends Listed>(
  versioned: Versioned<T>,
  client: PromptApiClient,
  id: string | SkipToken,
  defaults: PromptQueryDefaults,
): PromptApiQueryOptions<T[], PublishedVersion[], true> {
  const list = versioned.list<PublishedVersion[]>(client, defaults);
  if (id === skipToken) {
    // No id yet: a key of its own that never fetches, so the shared list's data (all items) never shows as
    // this query's, and the query waits (`status` 'pending', `fetchStatus` 'idle') as `usePrompt` does.
    return queryOptions({ ...list, queryKey: [...list.queryKey, 'skipped'], queryFn: skipToken }) as PromptApiQueryOptions<T[], PublishedVersion[], true>;
  }
  return { ...list, select: (items: T[]) => listedVersions(versioned, items, id).versions };
}

/**
 * Query options of one prompt's published versions, newest first (see `usePromptVersions`). The key, fetch
 * and cache entry are those of `promptListQueryOptions(client, { includeVersions: true })`, with a `select`
 * that picks the prompt: every prompt's versions come from one `GET /prompts?include_versions=true` for
 * the account, shared with `usePromptList({ includeVersions: true })`. `prefetchQuery` and
 * `ensureQueryData` cache that whole list (and `ensureQueryData` returns it); `select` applies in hooks.
 * With `skipToken` as the id the query waits (no request) and the options fit `useQuery` only. In your own
 * `useQuery`, make the options once per id (`useMemo`, as `usePromptVersions` does): TanStack runs a
 * `select` that is a new function on every render.
 *
 * @example
 * const versionsOptions = useMemo(() => promptVersionsQueryOptions(client, 'welcome-email'), [client])
 * const { data: versions } = useQuery(versionsOptions)
 * await queryClient.prefetchQuery(promptVersionsQueryOptions(client, 'welcome-email'))
 */
export function promptVersionsQueryOptions(
  client: PromptApiClient,
  promptId: PromptId,
  defaults?: PromptQueryDefaults,
): PromptApiQueryOptions<Prompt[], PublishedVersion[]>;
export function promptVersionsQueryOptions(
  client: PromptApiClient,
  promptId: PromptId | SkipToken,
  defaults?: PromptQueryDefaults,
): PromptApiQueryOptions<Prompt[], PublishedVersion[], true>;
export function promptVersionsQueryOptions(client: PromptApiClient, promptId: string | SkipToken, defaults: PromptQueryDefaults = {}) {
  return versionsOptions(versionedPrompts, client, promptId, defaults);
}

/**
 * Query options of one composer's published versions, newest first (see `useComposerVersions`): the
 * entry of `composerListQueryOptions(client, { includeVersions: true })`, one
 * `GET /composers?include_versions=true` for the account, with a `select` that picks the composer. Its
 * entries carry only `version`. With `skipToken` as the id the query waits (no request).
 *
 * @example
 * const { data: versions } = useQuery(composerVersionsQueryOptions(client, 'onboarding-flow'))
 */
export function composerVersionsQueryOptions(
  client: PromptApiClient,
  composerId: ComposerId,
  defaults?: PromptQueryDefaults,
): PromptApiQueryOptions<Composer[], PublishedVersion[]>;
export function composerVersionsQueryOptions(
  client: PromptApiClient,
  composerId: ComposerId | SkipToken,
  defaults?: PromptQueryDefaults,
): PromptApiQueryOptions<Composer[], PublishedVersion[], true>;
export function composerVersionsQueryOptions(client: PromptApiClient, composerId: string | SkipToken, defaults: PromptQueryDefaults = {}) {
  return versionsOptions(versionedComposers, client, composerId, defaults);
}
