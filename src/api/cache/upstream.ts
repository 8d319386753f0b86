// One request to the API on the cache's behalf: aborted after a deadline, its body read with the key
// taken out of every decoded value, its rate-limit and Retry-After headers read. What the cache keeps of
// an answer is only what this returns, so the key reaches no store value in any encoding.
import { parseRateLimit, parseRetryAfter } from '../rate-limit.ts';
import { withoutKey } from '../redact.ts';
import type { RateLimit } from '../types.ts';
import type { StoredResponse } from './policy.ts';
import { startSpan } from './telemetry.ts';

/** An answer of the API, ready to store. */
export interface Fetched {
  /**
   * Its status, body and content type. A JSON body is kept as it came unless a value held the key (then
   * it is serialized again without it); any other body (a proxy's HTML page) is dropped: the client needs
   * only the status and the content type to say what failed.
   */
  record: StoredResponse;
  /** The parsed body, without the key; `undefined` when it is not JSON. */
  json: unknown;
  /** Its `X-RateLimit-*` headers (`null` on a 401, which says nothing of the key's quota). */
  rateLimit: RateLimit | null;
}

/**
 * Sends `GET url` with `headers` through `upstream`, aborted after `timeoutMs`, in a span of its own where
 * a trace is active (`attributes` on it). Never throws: a request that got no answer is a record of status 0.
 */
export async function fetchUpstream(
  upstream: typeof globalThis.fetch,
  url: string,
  headers: Headers,
  timeoutMs: number,
  attributes: Record<string, string> = {},
): Promise<Fetched> {
  const span = startSpan('prompt_api.upstream', attributes);
  const fetched = await send(upstream, url, headers, timeoutMs);
  span?.end({ 'http.response.status_code': fetched.record.status }, fetched.record.status === 0 || fetched.record.status >= 500);
  return fetched;
}

async function send(upstream: typeof globalThis.fetch, url: string, headers: Headers, timeoutMs: number): Promise<Fetched> {
  const fetchedAt = Date.now();
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  let response: Response;
  let text: string;
  try {
    response = await upstream(url, { method: 'GET', headers, signal: controller.signal });
    text = await response.text();
  } catch {
    return { record: { status: 0, body: 'no response from the API', contentType: null, fetchedAt, freshUntil: null }, json: undefined, rateLimit: null };
  } finally {
    clearTimeout(timer);
  }
  const key = headers.get('authorization')?.replace(/^Bearer\s+/i, '');
  let json: unknown;
  let found = false;
  try {
    json = JSON.parse(text);
    if (key) json = withoutKey(json, key, () => (found = true));
  } catch {
    json = undefined;
  }
  const { status } = response;
  const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'), fetchedAt);
  const record: StoredResponse = {
    status,
    body: json === undefined ? '' : found ? JSON.stringify(json) : text,
    contentType: response.headers.get('content-type'),
    fetchedAt,
    freshUntil: null,
  };
  if (retryAfterMs !== undefined && retryAfterMs > 0) record.retryAt = fetchedAt + retryAfterMs;
  return { record, json, rateLimit: status === 401 ? null : parseRateLimit(response.headers) };
}
