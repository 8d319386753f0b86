// What the cache hands back: stored responses replayed as `Response`s, the answers it gives itself for
// what the lists say does not exist, the account's partition name, and a sleep.
import type { AccountRecord, Route, StoredResponse } from './policy.ts';

const hex = (bytes: ArrayBuffer) => [...new Uint8Array(bytes).slice(0, 16)].map((byte) => byte.toString(16).padStart(2, '0')).join('');

/**
 * The account's part of the store, without the key: 128 bits of a SHA-256 of the Authorization header,
 * or of an HMAC-SHA-256 keyed by `secret` when there is one (then nobody who reads the store's key names
 * can test a guessed API key against them).
 */
export async function partitionName(authorization: string, secret: string | undefined): Promise<string> {
  const data = new TextEncoder().encode(authorization);
  if (secret === undefined) return hex(await crypto.subtle.digest('SHA-256', data));
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return hex(await crypto.subtle.sign('HMAC', key, data));
}

/** Resolves after `ms` milliseconds. */
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The answer for an id or a version its kind's list does not name, in the API's words (the contract's
 * table, and the composer wording of docs/hooks/contract-decisions.md), as if the API had said it.
 */
export function absent(route: Route, code: 'NOT_FOUND' | 'VERSION_NOT_FOUND', fetchedAt: number, freshUntil: number | null): StoredResponse {
  const error = code === 'VERSION_NOT_FOUND' ? 'Version not found' : route.kind === 'prompts' ? 'Prompt not found' : 'Composer not found';
  return { status: 404, body: JSON.stringify({ error, code }), contentType: 'application/json', fetchedAt, freshUntil };
}

/** A stored response as a `Response`, with the account's latest rate-limit headers and its `Retry-After`. */
export function replay(record: StoredResponse, account: AccountRecord, body = record.body): Response {
  // A remembered request that got no response fails the way fetch fails.
  if (record.status === 0) throw new TypeError(`fetch failed (${record.body})`);
  const headers = new Headers();
  if (record.contentType) headers.set('content-type', record.contentType);
  const { rateLimit } = account;
  if (rateLimit && record.status !== 401) {
    headers.set('x-ratelimit-limit', String(rateLimit.limit));
    headers.set('x-ratelimit-remaining', String(rateLimit.remaining));
    headers.set('x-ratelimit-reset', String(rateLimit.reset));
  }
  const retryAfter = record.retryAt === undefined ? 0 : Math.ceil((record.retryAt - Date.now()) / 1000);
  if (retryAfter > 0) headers.set('retry-after', String(retryAfter));
  return new Response(body, { status: record.status, headers });
}
