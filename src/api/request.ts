import { PromptApiError, type PromptApiErrorInit } from './errors.ts';
import { parseRateLimit, parseRetryAfter } from './rate-limit.ts';
import type { ErrorBody } from './types.ts';
import type { UsageStore } from './usage-store.ts';
import { parseErrorBody, ShapeError } from './validate.ts';

/** Where an API key comes from: a string, or a function returning one (sync or async). */
export type ApiKeySource = string | (() => string | null | undefined | Promise<string | null | undefined>);

/** Everything one request needs from its client. */
export interface RequestContext {
  baseUrl: string;
  apiKey: ApiKeySource | undefined;
  fetch: typeof globalThis.fetch;
  timeoutMs: number;
  headers: Record<string, string>;
  usage: UsageStore;
  now: () => number;
}

type Failure = Omit<PromptApiErrorInit, 'method' | 'path'>;

/** Refuses to send while the stored usage says the quota is spent and its reset lies ahead. */
function quotaGuard(context: RequestContext): Failure | null {
  const usage = context.usage.getSnapshot();
  if (!usage?.exceeded || usage.reset === null || usage.reset.getTime() <= context.now()) return null;
  return {
    status: 0,
    code: 'USAGE_LIMIT_EXCEEDED',
    detail: `monthly quota used up (${usage.used} of ${usage.limit}); not sent until ${usage.reset.toISOString()}`,
    usage: { used: usage.used, limit: usage.limit },
    ...(usage.upgradeUrl === null ? {} : { upgradeUrl: usage.upgradeUrl }),
  };
}

async function authorization(source: ApiKeySource | undefined): Promise<string | null> {
  const key = typeof source === 'function' ? await source() : source;
  return key ? `Bearer ${key}` : null;
}

/** A signal that aborts on the caller's signal or after `timeoutMs`, and says which happened. */
function deadline(signal: AbortSignal | undefined, timeoutMs: number) {
  const controller = new AbortController();
  let timedOut = false;
  const onAbort = () => controller.abort(signal?.reason);
  // The caller may have aborted while the key was being resolved.
  if (signal?.aborted) onAbort();
  else signal?.addEventListener('abort', onAbort, { once: true });
  const timer =
    timeoutMs > 0 && Number.isFinite(timeoutMs)
      ? setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, timeoutMs)
      : undefined;
  return {
    signal: controller.signal,
    failure(cause: unknown, timeoutMsForMessage: number): Failure {
      if (timedOut) return { status: 0, code: 'TIMEOUT', detail: `no complete response within ${timeoutMsForMessage} ms`, cause };
      if (signal?.aborted) return { status: 0, code: 'ABORTED', detail: 'the request was aborted by its signal', cause: signal.reason };
      return { status: 0, code: 'NETWORK_ERROR', detail: `the request did not complete (${describeCause(cause)})`, cause };
    },
    done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    },
  };
}

function describeCause(cause: unknown): string {
  return cause instanceof Error ? cause.message || cause.name : String(cause);
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

function errorBodyOrNull(value: unknown): ErrorBody | null {
  try {
    return parseErrorBody(value);
  } catch {
    return null;
  }
}

function invalidResponse(status: number, detail: string, cause?: unknown): Failure {
  return { status, code: 'INVALID_RESPONSE', detail, cause };
}

function describeBody(response: Response): string {
  return `content-type ${response.headers.get('content-type') ?? 'none'}`;
}

/**
 * Sends one GET request and returns its validated JSON body, or throws a `PromptApiError`.
 * Updates the usage store from every response but a 401.
 */
export async function request<T>(
  context: RequestContext,
  path: string,
  parse: (value: unknown) => T,
  signal: AbortSignal | undefined,
): Promise<T> {
  const fail = (failure: Failure): never => {
    throw new PromptApiError({ method: 'GET', path, ...failure });
  };
  if (signal?.aborted) fail({ status: 0, code: 'ABORTED', detail: 'the request was aborted by its signal', cause: signal.reason });
  const refused = quotaGuard(context);
  if (refused) fail(refused);

  const headers = new Headers(context.headers);
  headers.set('Accept', 'application/json');
  const auth = await authorization(context.apiKey);
  if (auth) headers.set('Authorization', auth);

  const timer = deadline(signal, context.timeoutMs);
  let response: Response;
  let text: string;
  try {
    response = await context.fetch(`${context.baseUrl}${path}`, { method: 'GET', headers, signal: timer.signal });
    text = await response.text();
  } catch (cause) {
    return fail(timer.failure(cause, context.timeoutMs));
  } finally {
    timer.done();
  }

  const rateLimit = response.status === 401 ? null : parseRateLimit(response.headers);
  if (rateLimit && response.status !== 429) context.usage.recordRateLimit(rateLimit);
  const json = parseJson(text);

  if (response.ok) {
    if (!json.ok) return fail(invalidResponse(response.status, `the body is not JSON (${describeBody(response)})`));
    try {
      return parse(json.value);
    } catch (cause) {
      if (!(cause instanceof ShapeError)) throw cause;
      return fail(invalidResponse(response.status, `the body does not match the contract at ${cause.message}`, cause));
    }
  }

  const body = json.ok ? errorBodyOrNull(json.value) : null;
  if (response.status === 429) context.usage.recordExceeded(body?.usage, body?.upgradeUrl, rateLimit);
  if (!body) {
    const what = json.ok ? 'an error body of the wrong shape' : `a body that is not JSON (${describeBody(response)})`;
    const statusLine = [response.status, response.statusText].filter(Boolean).join(' ');
    return fail(invalidResponse(response.status, `status ${statusLine} with ${what}`));
  }
  return fail({
    status: response.status,
    code: body.code,
    detail: body.error,
    ...(body.usage ? { usage: body.usage } : {}),
    ...(body.upgradeUrl ? { upgradeUrl: body.upgradeUrl } : {}),
    ...(rateLimit ? { rateLimit } : {}),
    retryAfterMs: parseRetryAfter(response.headers.get('retry-after'), context.now()),
  });
}
