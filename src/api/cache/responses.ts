// What the cache hands back: stored responses replayed as `Response`s, the account's digest, and a sleep.
import type { AccountRecord, StoredResponse } from './policy.ts';

/** A SHA-256 of the Authorization header (128 bits of it, in hex): the account's part of the store, without the key. */
export async function digest(authorization: string): Promise<string> {
  const bytes = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(authorization));
  return [...new Uint8Array(bytes).slice(0, 16)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Resolves after `ms` milliseconds. */
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A stored response as a `Response`, with the account's latest rate-limit headers. */
export function replay(record: StoredResponse, account: AccountRecord): Response {
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
  return new Response(record.body, { status: record.status, headers });
}
