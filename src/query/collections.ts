import type { QueryClient } from '@tanstack/react-query';
import type { GetOptions, ListOptions, PromptApiClient } from '../api/client.ts';
import type { Composer, Prompt } from '../api/types.ts';
import { markListed } from './freshness.ts';
import { composerKeys, type KeyScope, promptKeys } from './keys.ts';

/** What every listed item has. */
export type Item = { version: string; publishedVersions?: unknown };

/**
 * What the query functions need to know of a collection: its keys, ids, and requests. (Methods, so that a
 * `Collection<Prompt>` serves where any collection of items is read.)
 */
export interface Collection<T extends Item> {
  keys: typeof promptKeys | typeof composerKeys;
  id(item: T): string;
  get(client: PromptApiClient, id: string, options: GetOptions): Promise<T>;
  list(client: PromptApiClient, options: ListOptions): Promise<T[]>;
}

/** The prompts. */
export const promptCollection: Collection<Prompt> = {
  keys: promptKeys,
  id: (prompt) => prompt.promptId,
  get: (client, id, options) => client.getPrompt(id, options),
  list: (client, options) => client.listPrompts(options),
};

/** The composers. */
export const composerCollection: Collection<Composer> = {
  keys: composerKeys,
  id: (composer) => composer.composerId,
  get: (client, id, options) => client.getComposer(id, options),
  list: (client, options) => client.listComposers(options),
};

/** A list item as a single-item response has it (never with `publishedVersions`), marked with its list's time. */
export function fromList<T extends Item>({ publishedVersions: _, ...item }: T, listedAt: number): T {
  return markListed(item as T, listedAt);
}

/** Each list's items by id, built once per list (a lookup is then O(1), not a scan). */
const indexes = new WeakMap<readonly Item[], Map<string, Item>>();

/** `items` by id. */
export function indexOf<T extends Item>(collection: Collection<T>, items: readonly T[]): Map<string, T> {
  let index = indexes.get(items) as Map<string, T> | undefined;
  if (!index) indexes.set(items, (index = new Map(items.map((item) => [collection.id(item), item]))));
  return index;
}

/** An item found in a cached list, with the time its list was requested (its entry's `dataUpdatedAt`). */
export interface ListedItem<T> {
  item: T;
  at: number;
}

/**
 * `id`'s item in the newest cached list of `collection` (with or without `publishedVersions`), as a
 * single-item response has it, marked with its list's time.
 */
export function listedItem<T extends Item>(queryClient: QueryClient, client: KeyScope, collection: Collection<T>, id: string) {
  let found: ListedItem<T> | undefined;
  for (const includeVersions of [false, true]) {
    const state = queryClient.getQueryState<T[]>(collection.keys.list(client, { includeVersions }));
    const item = state?.data && indexOf(collection, state.data).get(id);
    if (item && (!found || state.dataUpdatedAt > found.at)) found = { item, at: state.dataUpdatedAt };
  }
  return found && { item: fromList(found.item, found.at), at: found.at };
}

/**
 * What the cache knows of `id`'s latest version: its "latest" entry, and its item in the newest cached
 * list (either may be missing, and they may differ: a list newer than the entry, or older).
 */
export function latestInCache<T extends Item>(queryClient: QueryClient, client: KeyScope, collection: Collection<T>, id: string): T[] {
  const known = [queryClient.getQueryData<T>(collection.keys.detail(client, id)), listedItem(queryClient, client, collection, id)?.item];
  return known.filter((item) => item !== undefined);
}
