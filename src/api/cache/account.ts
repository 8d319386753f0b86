// What one answer of the API says about the account (the key) for the whole fleet: its usage, a spent
// quota (429), a refused key (401), and when to check either again. Pure: no I/O.
import type { RateLimit } from '../types.ts';
import { type AccountRecord, mergeRateLimit, type StoredResponse } from './policy.ts';

/** An answer of the API, as the account sees it. */
export interface AccountAnswer {
  record: StoredResponse;
  /** Its `X-RateLimit-*` headers, when they say something of this key (never on a 401). */
  rateLimit: RateLimit | null;
}

/**
 * The account after `answer`. The API checks the key before anything else: any answer of its own but a
 * 5xx says the key works (a 401 is lifted), and any success that the quota is not spent (a 429 is lifted:
 * after an upgrade, say). A 401 or a 429 is served without a request from then on, with one request for
 * the fleet every `retryMs` to check it again. A 5xx or no answer leaves the account as it was: the target
 * that failed backs off alone.
 */
export function accountAfter(current: AccountRecord, { record, rateLimit }: AccountAnswer, retryMs: number): AccountRecord {
  const { status, fetchedAt: now } = record;
  // A 5xx or no answer says nothing of the key or the quota: each target backs off on its own (records.ts).
  if (status === 0 || status >= 500) return current;
  const next: AccountRecord = { ...current, rateLimit: rateLimit && rateLimit.limit > 0 ? mergeRateLimit(current.rateLimit, rateLimit) : current.rateLimit };
  if (status === 401) return { ...next, unauthorized: { retryAt: now + retryMs, response: record } };
  delete next.unauthorized;
  if (status < 400) delete next.exceeded;
  if (status !== 429) return next;
  // Until the quota's reset; without the header, the Retry-After or the start of the next month (UTC).
  const nextMonth = Date.UTC(new Date(now).getUTCFullYear(), new Date(now).getUTCMonth() + 1);
  const until = rateLimit ? rateLimit.reset * 1000 : (record.retryAt ?? nextMonth);
  return { ...next, exceeded: { until, retryAt: now + retryMs, response: record } };
}
