import type { PromptApiClient } from '../api/client.ts';

/** What keys need from a client: its cache scope (base URL and key fingerprint, never the key). */
export type KeyScope = Pick<PromptApiClient, 'scope'>;

const root = 'prompt-composer';

function keysFor<Collection extends 'prompts' | 'composers'>(collection: Collection) {
  return {
    /** Every entry of this collection for the client: for `invalidateQueries`. */
    all: (client: KeyScope) => [root, client.scope, collection] as const,
    /** Every list entry. */
    lists: (client: KeyScope) => [root, client.scope, collection, 'list'] as const,
    /** One list, with or without `publishedVersions`. */
    list: (client: KeyScope, options: { includeVersions?: boolean } = {}) =>
      [root, client.scope, collection, 'list', { includeVersions: options.includeVersions === true }] as const,
    /** Every single-item entry. */
    details: (client: KeyScope) => [root, client.scope, collection, 'detail'] as const,
    /** One item at a pinned version, or the latest (`version` undefined or null). */
    detail: (client: KeyScope, id: string, version?: string | null) =>
      [root, client.scope, collection, 'detail', id, { version: version ?? null }] as const,
  };
}

/**
 * Query keys of prompts, namespaced by the client's `scope`.
 *
 * @example
 * queryClient.invalidateQueries({ queryKey: promptKeys.all(client) })
 */
export const promptKeys = keysFor('prompts');

/** Query keys of composers, namespaced by the client's `scope`. */
export const composerKeys = keysFor('composers');
