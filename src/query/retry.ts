import { isPromptApiError } from '../api/errors.ts';

/** Retries after the first failure, at most. */
export const MAX_RETRIES = 3;

/** The longest wait between two tries, in milliseconds. */
export const MAX_RETRY_DELAY_MS = 30_000;

/**
 * The default `retry` of every query here in a browser: network errors, timeouts and 5xx, at most 3
 * times; never a 4xx, a 429, an abort or a contract violation in a 200. Where there is no window the
 * default is no retry; pass this as `retry` to opt in there.
 */
export function promptApiRetry(failureCount: number, error: unknown): boolean {
  return failureCount < MAX_RETRIES && isPromptApiError(error) && error.retryable;
}

/**
 * The default `retryDelay`: the server's `Retry-After` when it sent one, otherwise exponential backoff
 * (1 s, 2 s, 4 s ...) with equal jitter, capped at 30 s.
 * @param random Source of jitter in [0, 1). @default Math.random
 */
export function promptApiRetryDelay(attempt: number, error: unknown, random: () => number = Math.random): number {
  if (isPromptApiError(error) && error.retryAfterMs !== undefined) return Math.min(error.retryAfterMs, MAX_RETRY_DELAY_MS);
  const ceiling = Math.min(MAX_RETRY_DELAY_MS, 1000 * 2 ** attempt);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}
