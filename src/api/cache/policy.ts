// What the cache keeps, for how long, and what one list request refreshes: pure functions over URLs
// and stored records, no I/O.
import type { RateLimit } from '../types.ts';
import { parseComposer, parsePrompt } from '../validate.ts';
import { remembered } from './remembered.ts';

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
  /** The identifier decoded, as the lists name it (`''` for one that does not decode); absent for a list. */
  decodedId?: string;
  /** The pinned version of an item read. */
  version?: string;
  /** A list read with `include_versions=true`. */
  includeVersions: boolean;
  /** The URL of its kind's list with versions: its index. */
  listUrl: string;
}

const KINDS: ReadonlySet<string> = new Set<Kind>(['prompts', 'composers']);

/** The prefix every URL under `base` starts with (its origin and path, a trailing slash aside), or `null`. */
function prefixOf(base: string): string | null {
  try {
    const root = new URL(base);
    return `${root.origin}${root.pathname.replace(/\/+$/, '')}/`;
  } catch {
    return null;
  }
}

/** The path of `url` after `prefix`, or `null` outside it. */
function pathUnder(url: URL, prefix: string | null): string | null {
  const href = `${url.origin}${url.pathname}`;
  return prefix !== null && href.startsWith(prefix) ? href.slice(prefix.length) : null;
}

/** Reads the API route of a URL (see `readRoute`), or `null` for anything else. */
export type RouteReader = (input: string) => Route | null;

/**
 * The route reader of one base URL: a server reads the same URLs again and again, and parsing one is a
 * large part of a cached read's cost, so each URL's route is remembered (`remembered`). Remembered routes
 * are frozen: every read of a URL shares one.
 */
export function routesUnder(base?: string): RouteReader {
  const prefix = base === undefined ? undefined : prefixOf(base);
  return remembered((input) => {
    const route = readRoute(input, prefix);
    return route && Object.freeze(route);
  });
}

/**
 * The API route `input` addresses, or `null` for anything else (left to `fetch` as it is). Under a base
 * (the client's `baseUrl`, as its `prefix`: `null` for one that is not a URL), the path after it is read as
 * `{kind}` or `{kind}/{id}`, whatever the id is named: `{base}/prompts/composers` is the prompt
 * `composers`. Without one, the last one or two segments are, and a path that could be either
 * (`/prompts/prompts`, an id spelled like a kind) is not cached.
 */
function readRoute(input: string, prefix: string | null | undefined): Route | null {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    return null;
  }
  if (url.hash) return null;
  const segments = url.pathname.split('/');
  let rest: string[];
  if (prefix === undefined) {
    const at = KINDS.has(segments.at(-2) ?? '') ? segments.length - 2 : segments.length - 1;
    if (at < segments.length - 1 && KINDS.has(segments.at(-1) ?? '')) return null;
    rest = segments.slice(at);
  } else {
    const under = pathUnder(url, prefix);
    if (under === null) return null;
    rest = under.split('/');
  }
  const [kind, id, ...more] = rest as [string, string | undefined, ...string[]];
  if (!KINDS.has(kind) || id === '' || more.length > 0) return null;
  const root = `${url.origin}${segments.slice(0, segments.length - rest.length).join('/')}`;
  const version = url.searchParams.get('version');
  return {
    url: url.href,
    base: root,
    // Of parts already normalized by the URL parser: as `new URL` would write it.
    listUrl: `${root}/${kind}?include_versions=true`,
    kind: kind as Kind,
    id,
    decodedId: id === undefined ? undefined : decoded(id),
    version: id !== undefined && version !== null ? version : undefined,
    includeVersions: id === undefined && url.searchParams.get('include_versions') === 'true',
  };
}

/** A path segment decoded, or `''` when it does not decode. */
function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return '';
  }
}

const PREFIX = 'prompt-cache:2:';

/** The store's key of an account's `what` (`entry`, `stamp`, `list`, `lock`) for `url`. */
export const keyOf = (partition: string, what: string, url: string) => `${PREFIX}${partition}:${what}:${url}`;

/** The store's key of an account's record. */
export const accountKey = (partition: string) => `${PREFIX}${partition}:account`;

/** Whether a route's content never changes: a pinned version. */
export const isPinned = (route: Route): boolean => route.version !== undefined;

/** The list with versions of the route's kind: its index, which answers every latest item and list. */
export function versionsListUrl(route: Route): string {
  return route.listUrl;
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
  /** When the API said to try again (`Retry-After`), in milliseconds since the epoch. */
  retryAt?: number;
  /** A 200 whose body breaks the contract: a failure, never served as content while a valid copy is held. */
  invalid?: true;
  /** Requests for this entry that failed in a row (5xx, no answer, outside the contract). */
  failures?: number;
  /** Content whose last request failed: no request for it before then (`errorTtlMs`, doubling per failure). */
  backoffUntil?: number;
}

/** What the store holds of a kind's index, besides its body: read on every request, so small. */
export interface ListStamp {
  /** When it last changed: the newer of two copies wins. */
  updatedAt: number;
  /** When the body was fetched; absent until a list was read. */
  fetchedAt?: number;
  /** Until when the body is fresh. */
  freshUntil?: number;
  /** The body's length, for the time its read may take. */
  bytes?: number;
  /** The body breaks the contract (its index is used; its items that meet the contract are served). */
  invalid?: true;
  /**
   * The last request for the list, when it failed: no request for it before its `freshUntil` (a back-off
   * that doubles with each failure in a row, up to one refresh interval), and items refresh alone
   * meanwhile. A `status` of 200 is a list that broke the contract.
   */
  failure?: StoredResponse;
  /** Failures of the list in a row. */
  failures?: number;
}

/** What the cache remembers of the account (the API key) across the fleet. */
export interface AccountRecord {
  /** The latest `X-RateLimit-*` headers any server saw. */
  rateLimit?: RateLimit;
  /**
   * A 429: served to reads with nothing cached until `until` (the quota's reset); from `retryAt` on, one
   * request for the fleet per interval checks whether the quota is back (an upgrade).
   */
  exceeded?: { until: number; retryAt: number; response: StoredResponse };
  /** A 401: served to every read until a request with the key succeeds; one probe after `retryAt`. */
  unauthorized?: { retryAt: number; response: StoredResponse };
}

/**
 * The wait after `failures` failures in a row of one target (a list, an item, a version): `errorTtlMs`,
 * doubling each time, at most `maxMs` (one refresh interval), and never less than `errorTtlMs`.
 */
export function backoffMs(failures: number, errorTtlMs: number, maxMs: number): number {
  return Math.min(Math.max(errorTtlMs, maxMs), errorTtlMs * 2 ** Math.min(30, Math.max(0, failures - 1)));
}

/**
 * The longest an item or a version that keeps failing waits between requests, when one refresh interval
 * is shorter: 10 minutes, 6 requests an hour. Their content does not go stale meanwhile (a version never
 * does), so the wait can outgrow the interval that bounds a list's.
 */
export const ENTRY_BACKOFF_MAX_MS = 10 * 60_000;

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

const PARSERS = { prompts: parsePrompt, composers: parseComposer };

/** Whether `json`, a parsed item of `kind` (a 200 body of an item read, or an item of a list), meets the contract. */
export function validItem(kind: Kind, json: unknown): boolean {
  try {
    PARSERS[kind](json);
    return true;
  } catch {
    return false;
  }
}
