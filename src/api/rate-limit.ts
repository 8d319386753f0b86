import type { RateLimit } from './types.ts';

function nonNegativeInteger(raw: string | null): number | null {
  if (raw === null || !/^\s*\d{1,16}\s*$/.test(raw)) return null;
  return Number(raw);
}

/**
 * Reads `X-RateLimit-Limit`, `X-RateLimit-Remaining` and `X-RateLimit-Reset` (Unix seconds).
 * Returns `null` unless all three are present non-negative integers with `remaining <= limit`.
 *
 * @example
 * parseRateLimit(response.headers) // { limit: 5000, remaining: 4212, reset: 1798761600 }
 */
export function parseRateLimit(headers: Pick<Headers, 'get'>): RateLimit | null {
  const limit = nonNegativeInteger(headers.get('x-ratelimit-limit'));
  const remaining = nonNegativeInteger(headers.get('x-ratelimit-remaining'));
  const reset = nonNegativeInteger(headers.get('x-ratelimit-reset'));
  if (limit === null || remaining === null || reset === null || remaining > limit) return null;
  return { limit, remaining, reset };
}

/**
 * Parses a `Retry-After` header (seconds or an HTTP date) into milliseconds from `now`.
 * Returns `undefined` when absent or unreadable.
 */
export function parseRetryAfter(raw: string | null, now: number): number | undefined {
  if (raw === null) return undefined;
  if (/^\s*\d+\s*$/.test(raw)) return Number(raw) * 1000;
  const date = Date.parse(raw);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
