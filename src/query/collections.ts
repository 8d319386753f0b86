import type { QueryClient } from '@tanstack/react-query';
import type { GetOptions, ListOptions, PromptApiClient } from '../api/client.ts';
import type { Composer, Prompt } from '../api/types.ts';
import { composerKeys, promptKeys } from './keys.ts';

/** What every listed item has. */
export type Item = { version: string; publishedVersions?: unknown };

/** What the query functions need to know of a collection: its keys, ids, and requests. */
export interface Collection<T extends Item> {
  keys: typeof promptKeys | typeof composerKeys;
  id: (item: T) => string;
  get: (client: PromptApiClient, id: string, options: GetOptions) => Promise<T>;
  list: (client: PromptApiClient, options: ListOptions) => Promise<T[]>;
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

/** A list item as a single-item response has it: never with `publishedVersions`. */
export function single<T extends Item>({ publishedVersions: _, ...item }: T): T {
  return item as T;
}

/**
 * Sends the list request and seeds each item's "latest" entry from it. The pinned entry at the latest
 * version is not seeded: a pinned read finds its version in the "latest" entry (see `detailQueryFn`), so
 * the cache, and a persisted copy of it, holds each item once.
 */
export async function fetchList<T extends Item>(
  queryClient: QueryClient,
  client: PromptApiClient,
  collection: Collection<T>,
  includeVersions: boolean | undefined,
  signal: AbortSignal,
): Promise<T[]> {
  const startedAt = Date.now();
  const items = await collection.list(client, { includeVersions, signal });
  // The list's data is as old as its request: entries fetched while it was in flight are newer and kept.
  for (const item of items) {
    const key = collection.keys.detail(client, collection.id(item));
    const state = queryClient.getQueryState(key);
    if (!state || state.dataUpdatedAt < startedAt) queryClient.setQueryData(key, single(item), { updatedAt: startedAt });
  }
  return items;
}
