import type { PromptApiErrorCode, RateLimit, Usage } from './types.ts';

const brand = Symbol.for('prompt-composer-react.PromptApiError');

/** What a `PromptApiError` is built from. */
export interface PromptApiErrorInit {
  /** HTTP method of the failed request. */
  method: string;
  /** Path and query of the failed request, relative to the base URL (never holds the API key). */
  path: string;
  /** HTTP status; `0` when no response arrived (network error, timeout, abort, quota guard). */
  status: number;
  code: PromptApiErrorCode;
  /** What went wrong, without the request line (that is added in front). */
  detail: string;
  usage?: Usage;
  upgradeUrl?: string;
  rateLimit?: RateLimit;
  /** Milliseconds to wait before retrying, from a `Retry-After` header. */
  retryAfterMs?: number;
  cause?: unknown;
}

/** Codes a retry may cure: the request never completed, or the server failed. */
function isRetryable(status: number, code: PromptApiErrorCode): boolean {
  if (code === 'NETWORK_ERROR' || code === 'TIMEOUT' || code === 'INTERNAL_ERROR') return true;
  return status >= 500;
}

/**
 * The one error every client call rejects with.
 *
 * @example
 * try { await client.getPrompt('welcome-email') } catch (error) {
 *   if (isPromptApiError(error) && error.code === 'USAGE_LIMIT_EXCEEDED') showUpgrade(error.upgradeUrl)
 * }
 */
export class PromptApiError extends Error {
  override name = 'PromptApiError';
  /** HTTP status; `0` when no response arrived. */
  declare readonly status: number;
  /** The service's machine code, or `NETWORK_ERROR`, `TIMEOUT`, `INVALID_RESPONSE`, `ABORTED`. */
  declare readonly code: PromptApiErrorCode;
  /** HTTP method of the failed request. */
  declare readonly method: string;
  /** Path and query of the failed request, relative to the base URL. */
  declare readonly path: string;
  /** Usage from a 429 body (or the stored usage when the quota guard refused to send). */
  declare readonly usage: Usage | undefined;
  /** Upgrade link from a 429 body. */
  declare readonly upgradeUrl: string | undefined;
  /** The response's `X-RateLimit-*` headers, when it had valid ones. */
  declare readonly rateLimit: RateLimit | undefined;
  /** Milliseconds the server asked to wait (`Retry-After`), when it said. */
  declare readonly retryAfterMs: number | undefined;
  /** Whether sending the same request again may succeed: network errors, timeouts and 5xx. */
  declare readonly retryable: boolean;

  constructor({ method, path, status, code, detail, usage, upgradeUrl, rateLimit, retryAfterMs, cause }: PromptApiErrorInit) {
    super(`${method} ${path} failed with ${status ? `${status} ` : ''}${code}: ${detail}`, { cause });
    const retryable = isRetryable(status, code);
    // The fields above are `declare`d, so each is defined once, here, in their declared order.
    Object.assign(this, { status, code, method, path, usage, upgradeUrl, rateLimit, retryAfterMs, retryable });
    Object.defineProperty(this, brand, { value: true });
  }
}

/**
 * Whether `value` is a `PromptApiError`, also when it comes from another realm (an iframe, a worker
 * message) or another copy of this package.
 */
export function isPromptApiError(value: unknown): value is PromptApiError {
  return (
    value instanceof PromptApiError ||
    (typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[brand] === true)
  );
}
