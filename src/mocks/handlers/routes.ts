import type { ServerErrorCode } from '../../api/types.ts';
import { ID_PATTERN, VERSION_PATTERN } from '../constants.ts';
import type { MockDb } from '../db.ts';

/** A request to one of the four endpoints, before any validation. */
export interface Route {
  collection: 'prompts' | 'composers';
  /** The raw (still percent-encoded) remainder after `/prompts/`; `undefined` for the list endpoint. */
  rawId: string | undefined;
  /** The raw path relative to the base URL, such as `/prompts/welcome-email`. */
  path: string;
}

/** The outcome of an endpoint: a body, or an error code (with the message when it is not the table's). */
export type RouteOutcome = { status: 'ok'; body: unknown } | { status: 'error'; code: ServerErrorCode; message?: string };

const ABSOLUTE = /^[a-z][a-z\d+.-]*:/i;
const ROUTE = /^\/(prompts|composers)(?:\/([\s\S]*))?$/;

/**
 * Builds the matcher of a base URL. An absolute base matches its origin and path; a relative one (`/api`,
 * or `''`) matches its path on the page's origin in a browser, and on any origin elsewhere (Node).
 * Paths are matched raw, never decoded by the matcher: the route decodes the identifier itself, so a
 * malformed escape such as `%E0%A4%A` is a 400, not a thrown `URIError`.
 */
export function createRouteMatcher(baseUrl: string): (url: URL) => Route | null {
  const trimmed = baseUrl.replace(/\/+$/, '');
  const absolute = ABSOLUTE.test(trimmed) ? new URL(trimmed) : null;
  const basePath = absolute ? absolute.pathname.replace(/\/+$/, '') : trimmed && !trimmed.startsWith('/') ? `/${trimmed}` : trimmed;
  return (url) => {
    const origin = absolute?.origin ?? (globalThis as { location?: { origin?: string } }).location?.origin;
    if (origin !== undefined && origin !== 'null' && url.origin !== origin) return null;
    if (!url.pathname.startsWith(`${basePath}/`)) return null;
    const path = url.pathname.slice(basePath.length);
    const match = ROUTE.exec(path);
    if (!match) return null;
    return { collection: match[1] as Route['collection'], rawId: match[2], path };
  };
}

function decode(raw: string): string | null {
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

/** The only value of a parameter; `null` when it is repeated (a 400: the mock does not guess). */
function single(params: URLSearchParams, name: string): string | undefined | null {
  const values = params.getAll(name);
  return values.length > 1 ? null : values[0];
}

const badRequest: RouteOutcome = { status: 'error', code: 'BAD_REQUEST' };

function list(route: Route, params: URLSearchParams, db: MockDb): RouteOutcome {
  const raw = single(params, 'include_versions');
  if (raw === null) return badRequest;
  const value = raw?.toLowerCase();
  if (value !== undefined && value !== 'true' && value !== 'false') return badRequest;
  const includeVersions = value === 'true';
  const body = route.collection === 'prompts' ? db.listPrompts({ includeVersions }) : db.listComposers({ includeVersions });
  return { status: 'ok', body };
}

/**
 * Answers a metered GET: 400 for an identifier or version outside DESIGN.md's formats (or a repeated or
 * invalid parameter), then 404 `NOT_FOUND` before `VERSION_NOT_FOUND`, else the item or list.
 * An identifier holding `/` (extra path segments, or `%2F`) is outside the format: 400.
 */
export function resolveRoute(route: Route, params: URLSearchParams, db: MockDb): RouteOutcome {
  if (route.rawId === undefined) return list(route, params, db);
  const id = route.rawId.includes('/') ? null : decode(route.rawId);
  if (id === null || !ID_PATTERN.test(id)) return badRequest;
  const version = single(params, 'version');
  if (version === null || (version !== undefined && !VERSION_PATTERN.test(version))) return badRequest;
  const found = route.collection === 'prompts' ? db.getPrompt(id, version) : db.getComposer(id, version);
  if (found.status === 'found') return { status: 'ok', body: found.value };
  if (found.status === 'version-not-found') return { status: 'error', code: 'VERSION_NOT_FOUND' };
  return { status: 'error', code: 'NOT_FOUND', message: route.collection === 'prompts' ? 'Prompt not found' : 'Composer not found' };
}
