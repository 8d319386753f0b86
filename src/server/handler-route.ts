// Reads one of the API's four GET routes from a request URL below the handler's base path, or says why
// not. Nothing here reaches the API: whatever is not exactly a route is refused before the client runs.
import { remembered } from '../api/cache/remembered.ts';

/** A request the handler forwards through the client. */
export interface HandlerRoute {
  kind: 'prompts' | 'composers';
  /** The item's identifier (decoded); absent for a list. */
  id?: string;
  /** The pinned version of an item read. */
  version?: string;
  /** A list read with `include_versions=true`. */
  includeVersions: boolean;
}

/** Why a request is refused: 404 (not a route of the API) or 400 (a route, with a malformed part). */
export interface RouteRefusal {
  status: 400 | 404;
  detail: string;
}

/** The contract's identifiers, as this library decides them (docs/hooks/contract-decisions.md). */
const ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;
const VERSION = /^[A-Za-z0-9._-]{1,64}$/;
/** What a path segment must never decode to: separators, dot segments, `%` (a second encoding), controls. */
// eslint-disable-next-line no-control-regex
const UNSAFE = /[/\\%\u0000-\u001f\u007f]|^\.{1,2}$/;

const notFound = (detail: string): RouteRefusal => ({ status: 404, detail });
const badRequest = (detail: string): RouteRefusal => ({ status: 400, detail });

/** The only value of query parameter `name`, `null` when absent, or a refusal when repeated. */
function single(query: URLSearchParams, name: string): string | null | RouteRefusal {
  const values = query.getAll(name);
  if (values.length > 1) return badRequest(`the ${name} parameter is given ${values.length} times`);
  return values[0] ?? null;
}

/**
 * The route of `url` below `basePath`. The URL parser has already resolved dot segments, `%2e%2e` among
 * them, so a path that climbed out of `basePath` no longer starts with it. Each remaining segment is
 * decoded once and must not decode to a separator, a dot segment or another escape.
 */
export function readRoute(url: URL, basePath: string): HandlerRoute | RouteRefusal {
  const { pathname } = url;
  if (!pathname.startsWith(`${basePath}/`)) return notFound('not a path of the API');
  const segments = pathname.slice(basePath.length + 1).split('/');
  const [collection, encodedId] = segments;
  if (segments.length > 2 || (collection !== 'prompts' && collection !== 'composers')) return notFound('not a path of the API');
  const query = url.searchParams;
  if (encodedId === undefined) {
    const raw = single(query, 'include_versions');
    if (typeof raw === 'object' && raw !== null) return raw;
    const value = raw?.toLowerCase();
    if (value !== undefined && value !== 'true' && value !== 'false') return badRequest('include_versions must be true or false');
    return { kind: collection, includeVersions: value === 'true' };
  }
  let id: string;
  try {
    id = decodeURIComponent(encodedId);
  } catch {
    return notFound('a path segment that is not valid percent-encoding');
  }
  if (id === '' || UNSAFE.test(id)) return notFound('not a path of the API');
  if (!ID.test(id)) return badRequest('the identifier is outside the format (1 to 128 letters, digits, _ or -, starting with a letter or digit)');
  const version = single(query, 'version');
  if (typeof version === 'object' && version !== null) return version;
  if (version !== null && !VERSION.test(version)) return badRequest('the version is outside the format (1 to 64 letters, digits, ., _ or -)');
  return { kind: collection, id, version: version ?? undefined, includeVersions: false };
}

/** Whether `value` is a refusal rather than a route. */
export const isRefusal = (value: HandlerRoute | RouteRefusal): value is RouteRefusal => 'status' in value;

/** A request URL as the handler reads it: the URL (shared: never changed) and its route, or why not. */
export interface RequestTarget {
  url: URL;
  route: HandlerRoute | RouteRefusal;
}

/**
 * Reads request URLs below `basePath`: a server is asked the same URLs again and again, so each is parsed
 * and routed once (`remembered`: the last 1,000 of up to 512 characters).
 */
export function targetsUnder(basePath: string): (href: string) => RequestTarget {
  return remembered((href) => {
    const url = new URL(href);
    return Object.freeze({ url, route: Object.freeze(readRoute(url, basePath)) });
  });
}
