import type { PromptCacheSeam } from './cache/options.ts';
import { untilAborted } from './abort.ts';
import { PromptApiError, type PromptApiErrorInit } from './errors.ts';
import { parseRateLimit, parseRetryAfter } from './rate-limit.ts';
import { holdsKey, withoutKey } from './redact.ts';
import type { UsageStore } from './usage-store.ts';
import { parseErrorBody, ShapeError } from './validate.ts';

/** Where an API key comes from: a string, or a function returning one (sync or async). */
export type ApiKeySource = string | (() => string | null | undefined | Promise<string | null | undefined>);

/** Everything one request needs from its client; a cache attaches itself to it (`fetch`, `cached`). */
export interface RequestContext extends PromptCacheSeam {
  baseUrl: string;
  apiKey: ApiKeySource | undefined;
  timeoutMs: number;
  headers: Record<string, string>;
  usage: UsageStore;
  now: () => number;
}

/** What went wrong, without the request line; `status` is `0` (no response) unless given. */
type Failure = Omit<PromptApiErrorInit, 'method' | 'path' | 'status'> & { status?: number };

/**
 * Refuses to send while the stored usage says the quota is spent and its reset lies ahead; not behind a
 * cache, which remembers a 429 for every server and keeps answering what it holds.
 */
function quotaGuard(context: RequestContext): Failure | null {
  const usage = context.usage.getSnapshot();
  if (context.cached || !usage?.exceeded || !usage.reset || usage.reset.getTime() <= context.now()) return null;
  const { used, limit } = usage;
  return {
    code: 'USAGE_LIMIT_EXCEEDED',
    detail: `monthly quota used up (${used} of ${limit}); not sent until ${usage.reset.toISOString()}`,
    usage: { used, limit },
    upgradeUrl: usage.upgradeUrl ?? undefined,
  };
}

/**
 * The longest delay `setTimeout` can wait (2^31 - 1 ms, about 24.8 days): a longer one fires at once, so a
 * longer `timeoutMs` counts as no timeout.
 */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Response headers that carry credentials, never kept on an error. */
const CREDENTIAL_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie', 'set-cookie']);

/**
 * A response's headers for its error: lower-case names, without credential headers or any value that
 * holds the API key, plain or percent-encoded (a proxy or debug endpoint that echoes the request).
 */
function errorHeaders(headers: Headers, key: string | null | undefined): Record<string, string> {
  const kept: Record<string, string> = {};
  headers.forEach((value, name) => {
    if (!CREDENTIAL_HEADERS.has(name) && !(key && holdsKey(value, key))) kept[name] = value;
  });
  return kept;
}

/** A failure to obtain a usable API key; its message never quotes the key. */
class KeyError extends Error {}

/** The key from a string or a (sync or async) function; a function that throws becomes a `KeyError`. */
async function resolveKey(source: ApiKeySource | undefined): Promise<string | null | undefined> {
  try {
    return typeof source === 'function' ? await source() : source;
  } catch (cause) {
    throw new KeyError('the apiKey function failed', { cause });
  }
}

/** What `run` returns, or `undefined` when it throws. */
function unlessThrown<T>(run: () => T): T | undefined {
  try {
    return run();
  } catch {
    return undefined;
  }
}

/**
 * Sends one GET request and returns its validated JSON body, or throws a `PromptApiError`.
 * Updates the usage store from every response but a 401 and one whose rate-limit headers say limit 0
 * (no key identified).
 */
export async function request<T>(
  context: RequestContext,
  path: string,
  parse: (value: unknown) => T,
  signal: AbortSignal | undefined,
): Promise<T> {
  const fail = (failure: Failure): never => {
    throw new PromptApiError({ method: 'GET', path, status: 0, ...failure });
  };
  const failIfAborted = () => {
    if (signal?.aborted) fail({ code: 'ABORTED', detail: 'the request was aborted by its signal', cause: signal.reason });
  };
  failIfAborted();
  const refused = quotaGuard(context);
  if (refused) fail(refused);

  const headers = new Headers(context.headers);
  headers.set('Accept', 'application/json');
  const { apiKey, timeoutMs } = context;

  // One signal that aborts on the caller's signal or after `timeoutMs`; `timedOut` says which happened.
  // It covers resolving the key too: a key function that hangs is a timeout, not a stuck request.
  // Built from `AbortController` and `setTimeout`, not `AbortSignal.any` and `AbortSignal.timeout`: test
  // environments often replace `AbortController` with a polyfill or jsdom's (before jsdom 26) that lack them.
  const controller = new AbortController();
  const forwardAbort = () => controller.abort(signal?.reason);
  signal?.addEventListener('abort', forwardAbort, { once: true });
  let timedOut = false;
  const timer =
    timeoutMs > 0 && timeoutMs <= MAX_TIMER_MS
      ? setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, timeoutMs)
      : undefined;
  let key: string | null | undefined;
  let response: Response;
  let text: string;
  try {
    key = await untilAborted(resolveKey(apiKey), controller.signal);
    // Checked before `Headers.set`, whose own error would quote the key.
    if (key && !/^[\x21-\x7e]+$/.test(key)) throw new KeyError('the API key holds characters a header cannot carry');
    if (key) headers.set('Authorization', `Bearer ${key}`);
    // Raced against the signal too: a `fetch` that drops `init.signal` (an instrumentation wrapper, a test
    // double) or a body that never ends would otherwise outlive the timeout and the caller's abort.
    response = await untilAborted(context.fetch(`${context.baseUrl}${path}`, { method: 'GET', headers, signal: controller.signal }), controller.signal);
    text = await untilAborted(response.text(), controller.signal);
  } catch (cause) {
    if (cause instanceof KeyError) return fail({ code: 'API_KEY_ERROR', detail: cause.message, cause: cause.cause });
    if (timedOut) return fail({ code: 'TIMEOUT', detail: `no complete response within ${timeoutMs} ms`, cause });
    failIfAborted();
    const reason = cause instanceof Error ? cause.message || cause.name : String(cause);
    return fail({ code: 'NETWORK_ERROR', detail: `the request did not complete (${reason})`, cause });
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forwardAbort);
  }

  const { status } = response;
  const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'), context.now());
  const headersOfResponse = errorHeaders(response.headers, key);
  const invalid = (detail: string, cause?: unknown) =>
    fail({ status, code: 'INVALID_RESPONSE', detail, cause, retryAfterMs, headers: headersOfResponse });
  const rateLimit = status === 401 ? null : parseRateLimit(response.headers);
  // A limit of 0 is what a response that identified no key carries: it says nothing of this key's quota.
  const keyUsage = rateLimit && rateLimit.limit > 0 ? rateLimit : null;
  if (keyUsage && status !== 429) context.usage.recordRateLimit(keyUsage);
  // `undefined` when the body is not JSON (JSON itself has no `undefined`). An upstream (or a proxy) that
  // echoes the key, escaped or encoded in any way JSON allows: the decoded values lose it, so the key
  // reaches no message, field or cause; nothing else of the text is kept.
  const parsed: unknown = unlessThrown(() => JSON.parse(text));
  const json = key ? withoutKey(parsed, key) : parsed;
  const notJson = `not JSON (content-type ${response.headers.get('content-type') ?? 'none'})`;

  if (response.ok) {
    if (json === undefined) return invalid(`the body is ${notJson}`);
    try {
      return parse(json);
    } catch (cause) {
      if (!(cause instanceof ShapeError)) throw cause;
      return invalid(`the body does not match the contract at ${cause.message}`, cause);
    }
  }

  const body = unlessThrown(() => parseErrorBody(json));
  if (status === 429) {
    // A Retry-After of 0 (or in the past) says nothing about when the quota returns.
    const retryAt = retryAfterMs !== undefined && retryAfterMs > 0 ? context.now() + retryAfterMs : undefined;
    context.usage.recordExceeded(body?.usage, body?.upgradeUrl, keyUsage, retryAt);
  }
  if (!body) {
    const what = json === undefined ? `a body that is ${notJson}` : 'an error body of the wrong shape';
    return invalid(`status ${`${status} ${response.statusText}`.trim()} with ${what}`);
  }
  return fail({
    status,
    code: body.code,
    detail: body.error,
    usage: body.usage,
    upgradeUrl: body.upgradeUrl || undefined,
    rateLimit: keyUsage ?? undefined,
    retryAfterMs,
    headers: headersOfResponse,
  });
}
