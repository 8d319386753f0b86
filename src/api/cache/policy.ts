// What the cache keeps, for how long, and what one list request refreshes: pure functions over URLs
// and stored records, no I/O.
import type { RateLimit } from '../types.ts';
import { parseComposer, parseComposerList, parsePrompt, parsePromptList } from '../validate.ts';

/** The longest month, in milliseconds: the quota is monthly, so the refresh budget holds in every month. */
export const MONTH_MS = 31 * 24 * 60 * 60 * 1000;

/** Requests one refresh of the whole account costs: one list per kind (prompts, composers). */
export const REFRESH_REQUESTS = 2;

/** The Free plan's monthly requests: the limit assumed until a response has said the account's own. */
export const DEFAULT_MONTHLY_LIMIT = 5000;

/**
 * How long latest items and lists stay fresh so that refreshing them spends at most `quotaShare` of the
 * monthly `limit`: a month holds `quotaShare * limit / REFRESH_REQUESTS` refreshes, one every
 * `MONTH_MS * REFRESH_REQUESTS / (quotaShare * limit)` ms. Free (5,000) at 0.5: one refresh every 35.7
 * minutes; Pro (50,000): every 3.6 minutes. Never below one second.
 */
export function quotaTtlMs(limit: number | undefined, quotaShare: number): number {
  const monthly = limit && limit > 0 ? limit : DEFAULT_MONTHLY_LIMIT;
  return Math.max(1000, Math.ceil((MONTH_MS * REFRESH_REQUESTS) / (quotaShare * monthly)));
}

/** The two kinds of stored items, as the API's paths name them. */
export type Kind = 'prompts' | 'composers';

/** One of the API's four GET routes, read from a request URL. */
export interface Route {
  /** The URL, normalized: the cache key. */
  url: string;
  /** Everything before `/prompts` or `/composers`: the base URL. */
  base: string;
  kind: Kind;
  /** The item's identifier, still percent-encoded; absent for a list. */
  id?: string;
  /** The pinned version of an item read. */
  version?: string;
  /** A list read with `include_versions=true`. */
  includeVersions: boolean;
}

const ROUTE = /^(.*)\/(prompts|composers)(?:\/([^/]+))?$/;

/** The API route `input` addresses, or `null` for anything else (left to `fetch` as it is). */
export function routeOf(input: string): Route | null {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    return null;
  }
  const match = ROUTE.exec(url.pathname);
  if (!match || url.hash) return null;
  const version = url.searchParams.get('version');
  return {
    url: url.href,
    base: `${url.origin}${match[1]}`,
    kind: match[2] as Kind,
    id: match[3],
    version: match[3] !== undefined && version !== null ? version : undefined,
    includeVersions: match[3] === undefined && url.searchParams.get('include_versions') === 'true',
  };
}

/** Whether a route's content never changes: a pinned version. */
export const isPinned = (route: Route): boolean => route.version !== undefined;

/** The list that refreshes every latest item and list of the route's kind. */
export function refreshUrl(route: Route): string {
  return new URL(`${route.base}/${route.kind}?include_versions=true`).href;
}

/** A response as the cache stores it. */
export interface StoredResponse {
  /** HTTP status; `0` for a request that got no response (network failure, timeout). */
  status: number;
  body: string;
  contentType: string | null;
  /** When it was fetched, in milliseconds since the epoch. */
  fetchedAt: number;
  /** Until when it is fresh; `null` for never stale (a pinned version). */
  freshUntil: number | null;
}

/** What the cache remembers of the account (the API key) across the fleet. */
export interface AccountRecord {
  /** The latest `X-RateLimit-*` headers any server saw. */
  rateLimit?: RateLimit;
  /** A 429: served to reads with nothing cached until `until` (the quota's reset). */
  exceeded?: { until: number; response: StoredResponse };
  /** A 401: served to every read until a request with the key succeeds; one probe after `retryAt`. */
  unauthorized?: { retryAt: number; response: StoredResponse };
}

/** Parses a stored record; `undefined` for nothing or something unreadable (another version's, say). */
export function decode<T>(text: string | null | undefined): T | undefined {
  if (typeof text !== 'string') return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null ? (value as T) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The account's rate limit after seeing `next`: within one quota period the lowest `remaining` wins (two
 * servers may report out of order); a later reset starts a new period.
 */
export function mergeRateLimit(current: RateLimit | undefined, next: RateLimit): RateLimit {
  if (!current || next.reset > current.reset || next.limit !== current.limit) return next;
  if (next.reset < current.reset) return current;
  return next.remaining <= current.remaining ? next : current;
}

const PARSERS = {
  prompts: { item: parsePrompt, list: parsePromptList },
  composers: { item: parseComposer, list: parseComposerList },
};

/** The validated JSON of a 200 body for `route`, or `undefined` when it is not what the contract says. */
export function validBody(route: Route, body: string): unknown {
  try {
    const parsers = PARSERS[route.kind];
    return (route.id === undefined ? parsers.list : parsers.item)(JSON.parse(body));
  } catch {
    return undefined;
  }
}

/**
 * The entries a list answers besides itself, as `[url, body]`: each item's latest read (`/prompts/{id}`,
 * the item without `publishedVersions`, as a single-item response is), and, for a list with versions,
 * the list without them.
 */
export function entriesOfList(route: Route, items: readonly Record<string, unknown>[]): [string, string][] {
  const idField = route.kind === 'prompts' ? 'promptId' : 'composerId';
  const bare = items.map(({ publishedVersions: _versions, ...item }) => item);
  const entries = bare.map((item): [string, string] => [
    new URL(`${route.base}/${route.kind}/${encodeURIComponent(String(item[idField]))}`).href,
    JSON.stringify(item),
  ]);
  if (route.includeVersions) entries.push([new URL(`${route.base}/${route.kind}`).href, JSON.stringify(bare)]);
  return entries;
}
