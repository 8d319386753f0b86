// The handler's responses: the API's JSON and error shapes, its rate-limit headers, ETags and
// Cache-Control. The API key is never among what these read.
import { createHash } from 'node:crypto';
import { isPromptApiError, type PromptApiError } from '../api/errors.ts';
import type { UsageSnapshot } from '../api/usage-store.ts';

/** An error as the API shapes it. */
export interface ErrorResponseInit {
  status: number;
  code: string;
  error: string;
  usage?: { used: number; limit: number };
  upgradeUrl?: string;
  /** Seconds, for `Retry-After`. */
  retryAfter?: number;
}

/** The three `X-RateLimit-*` headers of the account's latest usage, when the client has seen any. */
export function rateLimitHeaders(usage: UsageSnapshot | null): Record<string, string> {
  if (!usage || usage.limit <= 0) return {};
  const reset = usage.reset ? String(Math.floor(usage.reset.getTime() / 1000)) : undefined;
  if (reset === undefined) return {};
  return { 'x-ratelimit-limit': String(usage.limit), 'x-ratelimit-remaining': String(usage.remaining), 'x-ratelimit-reset': reset };
}

/** A strong ETag of a body: 160 bits of its SHA-256, the same on every server for the same bytes. */
export function entityTag(body: string): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

/** Whether an `If-None-Match` header names `tag` (weak comparison, as for GET; `*` matches anything). */
export function matchesTag(ifNoneMatch: string | null, tag: string): boolean {
  if (ifNoneMatch === null) return false;
  const bare = tag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((candidate) => {
    const trimmed = candidate.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === bare;
  });
}

/** The text after `CODE: ` in a `PromptApiError` message: what the API (or the client) said went wrong. */
function detailOf(error: PromptApiError): string {
  const marker = `${error.code}: `;
  const at = error.message.indexOf(marker);
  return at === -1 ? error.message : error.message.slice(at + marker.length);
}

/**
 * What the browser gets for a client error: the API's own errors as they came (status, code, text, usage,
 * upgrade link); failures that never got an answer from the API as a 502/504 `INTERNAL_ERROR`, which the
 * browser's client retries.
 */
export function errorOf(error: unknown): ErrorResponseInit {
  if (!isPromptApiError(error)) return { status: 500, code: 'INTERNAL_ERROR', error: 'Internal server error' };
  const retryAfter = error.retryAfterMs === undefined ? undefined : Math.ceil(error.retryAfterMs / 1000);
  const { code, usage, upgradeUrl } = error;
  switch (code) {
    case 'NETWORK_ERROR':
      return { status: 502, code: 'INTERNAL_ERROR', error: 'The prompt service did not answer' };
    case 'TIMEOUT':
      return { status: 504, code: 'INTERNAL_ERROR', error: 'The prompt service did not answer in time' };
    case 'INVALID_RESPONSE':
      return { status: 502, code: 'INTERNAL_ERROR', error: 'The prompt service sent a response outside its contract', retryAfter };
    case 'API_KEY_ERROR':
      return { status: 500, code: 'INTERNAL_ERROR', error: "The server could not get the prompt service's API key" };
    case 'ABORTED':
      return { status: 500, code: 'INTERNAL_ERROR', error: 'The request was aborted' };
    case 'USAGE_LIMIT_EXCEEDED':
      return { status: 429, code, error: error.status ? detailOf(error) : 'Usage limit exceeded', usage, upgradeUrl, retryAfter };
    default:
      return { status: error.status || 400, code, error: detailOf(error), usage, upgradeUrl, retryAfter };
  }
}

/** An error response in the API's shape, never cached by browsers or CDNs. */
export function errorResponse(init: ErrorResponseInit, headers: Record<string, string>): Response {
  const { status, retryAfter, error, code, usage, upgradeUrl } = init;
  const body = { error, code, usage, upgradeUrl };
  const extra: Record<string, string> = retryAfter !== undefined && retryAfter > 0 ? { 'retry-after': String(retryAfter) } : {};
  return Response.json(body, { status, headers: { ...headers, ...extra, 'cache-control': 'no-store' } });
}
