// The handler's responses: the API's JSON and error shapes (in the handler's own words), its rate-limit
// headers, ETags and Cache-Control. The API key is never among what these read.
import { isPromptApiError } from '../api/errors.ts';
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

/**
 * Which of `tags` (those of the representations the request may get) an `If-None-Match` header names,
 * by weak comparison, as for GET: the first it names, the first of `tags` for `*`, else `undefined`.
 */
export function matchedTag(ifNoneMatch: string | null, tags: readonly string[]): string | undefined {
  if (ifNoneMatch === null) return undefined;
  for (const candidate of ifNoneMatch.split(',')) {
    const bare = candidate.trim().replace(/^W\//, '');
    if (bare === '*') return tags[0];
    if (tags.includes(bare)) return bare;
  }
  return undefined;
}

/** The contract's error codes the handler passes on, with their status and its own words for them. */
const API_ERRORS: Readonly<Record<string, { status: number; error: string }>> = {
  NOT_FOUND: { status: 404, error: 'Not found' },
  VERSION_NOT_FOUND: { status: 404, error: 'Version not found' },
  BAD_REQUEST: { status: 400, error: 'Invalid request' },
  UNAUTHORIZED: { status: 401, error: 'Missing or invalid API key' },
  INVALID_KEY: { status: 401, error: 'API key is invalid or has been revoked' },
  USAGE_LIMIT_EXCEEDED: { status: 429, error: 'Usage limit exceeded' },
  INTERNAL_ERROR: { status: 500, error: 'Internal server error' },
};

/** An upgrade link as the API gave it, when it is an http(s) URL (never what redaction left of it). */
function linkOf(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  try {
    const { protocol } = new URL(value);
    return protocol === 'https:' || protocol === 'http:' ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * What the browser gets for a client error, in the handler's own words: never the API's text (an API or
 * a proxy could echo the key in it, in an encoding nobody thought of). The contract's codes keep their
 * status (a 5xx keeps the API's), with `usage`, an http(s) `upgradeUrl` and `Retry-After` where the API
 * gave them; an unknown code, and failures that never got an answer from the API, are a 502/504
 * `INTERNAL_ERROR`, which the browser's client retries.
 */
export function errorOf(error: unknown, kind: 'prompts' | 'composers'): ErrorResponseInit {
  if (!isPromptApiError(error)) return { status: 500, code: 'INTERNAL_ERROR', error: 'Internal server error' };
  const retryAfter = error.retryAfterMs === undefined ? undefined : Math.ceil(error.retryAfterMs / 1000);
  const { code } = error;
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
  }
  // Own keys only: a code of `constructor` or `__proto__` is outside the contract, not an object's member.
  const known = Object.hasOwn(API_ERRORS, code) ? API_ERRORS[code] : undefined;
  if (!known) return { status: 502, code: 'INTERNAL_ERROR', error: 'The prompt service sent an error outside its contract', retryAfter };
  const status = code === 'INTERNAL_ERROR' && error.status >= 500 ? error.status : known.status;
  const words = code === 'NOT_FOUND' ? (kind === 'prompts' ? 'Prompt not found' : 'Composer not found') : known.error;
  const usage = error.usage && { used: error.usage.used, limit: error.usage.limit };
  return { status, code, error: words, usage, upgradeUrl: linkOf(error.upgradeUrl), retryAfter };
}

/** An error response in the API's shape, never cached by browsers or CDNs. */
export function errorResponse(init: ErrorResponseInit, headers: Record<string, string>): Response {
  const { status, retryAfter, error, code, usage, upgradeUrl } = init;
  const body = { error, code, usage, upgradeUrl };
  const extra: Record<string, string> = retryAfter !== undefined && retryAfter > 0 ? { 'retry-after': String(retryAfter) } : {};
  return Response.json(body, { status, headers: { ...headers, ...extra, 'cache-control': 'no-store' } });
}
