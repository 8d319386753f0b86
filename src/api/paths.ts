// The request path of each read, and the identifiers and versions that cannot be sent at all.
import { PromptApiError } from './errors.ts';

/** The path of an item read: `/{collection}/{id}`, with `?version=` when pinned. */
export function itemPath(collection: string, id: string, version: string | undefined): string {
  const query = version === undefined ? '' : `?${new URLSearchParams({ version })}`;
  return `/${collection}/${encodeURIComponent(id)}${query}`;
}

/**
 * `''`, `.` and `..` cannot be sent as a path segment (URL parsing would drop or climb them), and a `''`
 * version would be sent as `?version=` while the cache counts it as pinned.
 */
export function refuseUnaddressable(collection: string, id: string, version?: string): Promise<never> | null {
  const badId = id === '' || id === '.' || id === '..';
  if (!badId && version !== '') return null;
  const detail = `${JSON.stringify(badId ? id : version)} is not ${badId ? 'an identifier' : 'a version'} that can be sent; not sent`;
  const path = badId ? `/${collection}/${id}` : itemPath(collection, id, version);
  return Promise.reject(new PromptApiError({ method: 'GET', path, status: 0, code: 'BAD_REQUEST', detail }));
}

/** The path of a list read: `/{collection}`, with `?include_versions=true` when asked. */
export function listPath(collection: string, includeVersions: boolean | undefined): string {
  return includeVersions ? `/${collection}?include_versions=true` : `/${collection}`;
}
