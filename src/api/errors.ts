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
  /** The response's headers, lower-case names (credentials already left out). @default {} */
  headers?: Readonly<Record<string, string>>;
  cause?: unknown;
}

/**
 * The fields of a `PromptApiError` as plain data: what `error.toJSON()` returns, and what a structured clone
 * (`postMessage`, `structuredClone`, IndexedDB) or a JSON round trip of it keeps. `isPromptApiErrorData`
 * recognises it, so `isPromptApiErrorData(data) && data.code === 'NOT_FOUND'` works on the other side too.
 */
export interface PromptApiErrorData {
  /** Always `'PromptApiError'`. */
  name: string;
  /** The whole message: `GET /prompts/abc failed with 404 NOT_FOUND: Prompt not found`. */
  message: string;
  /** HTTP status; `0` when no response arrived (network error, timeout, abort, quota guard). */
  readonly status: number;
  /** The service's machine code, or `NETWORK_ERROR`, `TIMEOUT`, `INVALID_RESPONSE`, `ABORTED`, `API_KEY_ERROR`. */
  readonly code: PromptApiErrorCode;
  /** HTTP method of the failed request. */
  readonly method: string;
  /** Path and query of the failed request, relative to the base URL. */
  readonly path: string;
  /** Usage from a 429 body (or the stored usage when the quota guard refused to send). */
  readonly usage: Usage | undefined;
  /** Upgrade link from a 429 body. */
  readonly upgradeUrl: string | undefined;
  /** The response's `X-RateLimit-*` headers, when it had valid ones. */
  readonly rateLimit: RateLimit | undefined;
  /** Milliseconds the server asked to wait (`Retry-After`), when it said. */
  readonly retryAfterMs: number | undefined;
  /** Whether sending the same request again may succeed: network errors, timeouts and 5xx. */
  readonly retryable: boolean;
  /**
   * The response's headers, such as a request id to quote to support: a frozen record with lower-case
   * names, empty when no response arrived. Never credentials: `Authorization`, `Proxy-Authorization`,
   * `Cookie`, `Set-Cookie` and any value holding the API key are left out. In a browser, a cross-origin
   * response shows only the headers its `Access-Control-Expose-Headers` names (and the CORS-safelisted ones).
   * A plain record, not `Headers`, so it survives a structured clone of `toJSON()`.
   */
  readonly headers: Readonly<Record<string, string>>;
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
export class PromptApiError extends Error implements PromptApiErrorData {
  override name = 'PromptApiError';
  // Each field's documentation is on `PromptApiErrorData` (editors show it here too).
  declare readonly status: number;
  declare readonly code: PromptApiErrorCode;
  declare readonly method: string;
  declare readonly path: string;
  declare readonly usage: Usage | undefined;
  declare readonly upgradeUrl: string | undefined;
  declare readonly rateLimit: RateLimit | undefined;
  declare readonly retryAfterMs: number | undefined;
  declare readonly retryable: boolean;
  declare readonly headers: Readonly<Record<string, string>>;

  constructor({ method, path, status, code, detail, usage, upgradeUrl, rateLimit, retryAfterMs, headers = {}, cause }: PromptApiErrorInit) {
    super(`${method} ${path} failed with ${status ? `${status} ` : ''}${code}: ${detail}`, { cause });
    const retryable = isRetryable(status, code);
    // The fields above are `declare`d, so each is defined once, here, in their declared order.
    Object.assign(this, { status, code, method, path, usage, upgradeUrl, rateLimit, retryAfterMs, retryable, headers: Object.freeze({ ...headers }) });
    Object.defineProperty(this, brand, { value: true });
  }

  /**
   * The error as plain data, for a worker message, a JSON payload or a persisted cache: the structured clone
   * of an `Error` keeps only its message and stack (and `cause`), so send `error.toJSON()` instead of the
   * error. `JSON.stringify(error)` calls it. `cause` and `stack` are left out.
   *
   * @example
   * // In a worker:
   * catch (error) { postMessage({ error: isPromptApiError(error) ? error.toJSON() : String(error) }) }
   * // On the page: isPromptApiErrorData(event.data.error) is true, with every field.
   */
  toJSON(): PromptApiErrorData {
    // The own enumerable fields are the data (assigned above, and `name`); `message` is Error's own, not enumerable.
    return { ...this, message: this.message };
  }
}

/** The fields (and their `typeof`) that tell a `PromptApiError`'s data from other objects named like it. */
const DATA_SHAPE = { message: 'string', status: 'number', code: 'string', method: 'string', path: 'string', retryable: 'boolean' };

/**
 * Whether `value` is a `PromptApiError` instance, also one from another realm (an iframe) or another copy of
 * this package (recognised by a `Symbol.for` brand). It then has the class's methods, `stack` and `cause`.
 *
 * False for the error's data sent from elsewhere (`error.toJSON()` after `postMessage` or a JSON round
 * trip): recognise that with `isPromptApiErrorData`.
 *
 * @example
 * catch (error) { if (isPromptApiError(error)) postMessage({ error: error.toJSON() }) }
 */
export function isPromptApiError(value: unknown): value is PromptApiError {
  if (value instanceof PromptApiError) return true;
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[brand] === true;
}

/**
 * Whether `value` is a `PromptApiError` or its data: true for everything `isPromptApiError` accepts, and for
 * an object whose `name` is `'PromptApiError'`, with string `message`, `code`, `method` and `path`, a number
 * `status` and a boolean `retryable`. That is what `error.toJSON()` gives and what a structured clone
 * (`postMessage`, IndexedDB) or a JSON round trip of it keeps. Data is not an instance: `instanceof` is
 * false and it has no `stack`, `cause` or methods, so the guard narrows to `PromptApiErrorData` only.
 *
 * The structured clone of the error itself is a plain `Error` with the message only: not recognised (send
 * `error.toJSON()` instead).
 *
 * @example
 * // On the page, from a worker that sent error.toJSON():
 * worker.onmessage = (event) => { if (isPromptApiErrorData(event.data.error)) show(event.data.error.code) }
 */
export function isPromptApiErrorData(value: unknown): value is PromptApiErrorData {
  if (isPromptApiError(value)) return true;
  if (typeof value !== 'object' || value === null) return false;
  const data = value as Record<string, unknown>;
  return data.name === 'PromptApiError' && Object.entries(DATA_SHAPE).every(([field, type]) => typeof data[field] === type);
}
