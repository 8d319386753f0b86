// createPromptApiHandler: the key-on-server endpoint, as a Fetch-standard handler.
import type { PromptApiClient } from '../api/client.ts';
import { decideOrigin, hostAllowed } from './handler-origin.ts';
import { entityTag, errorOf, errorResponse, matchesTag, rateLimitHeaders } from './handler-response.ts';
import { type HandlerRoute, isRefusal, readRoute } from './handler-route.ts';
import { measured } from './handler-telemetry.ts';

/** Options of `createPromptApiHandler`. */
export interface PromptApiHandlerOptions {
  /**
   * The client that reads the API, with the key: created on the server, ideally with a `cache`
   * (`createPromptCache`), so that the quota spent does not grow with visitors.
   */
  client: PromptApiClient;
  /**
   * The path the handler answers below: `{basePath}/prompts`, `{basePath}/prompts/{id}`,
   * `{basePath}/composers`, `{basePath}/composers/{id}`. Anything else is 404.
   * @default '/api/prompt-api'
   */
  basePath?: string;
  /**
   * Other origins whose pages may call the handler (`https://admin.example.com`), answered with CORS
   * headers; `'*'` lets any site's pages spend the quota. Requests from the handler's own origin are
   * always allowed; those of any other origin (by `Origin`, or `Sec-Fetch-Site: cross-site` or
   * `same-site`) are 403 `FORBIDDEN`.
   * @default []
   */
  allowedOrigins?: readonly string[];
  /**
   * The hosts the handler answers for (`app.example.com`, `localhost:3000`, `.example.com` for a domain
   * and its subdomains); a request that names any other (in its URL, `Host` or `X-Forwarded-Host`) is 403
   * `FORBIDDEN` without reaching the API. Set it wherever a page of another site could reach the handler
   * under a DNS name of its own (DNS rebinding): an intranet, a dev server on localhost with a real key.
   * @default any host
   */
  allowedHosts?: readonly string[];
  /**
   * Lets shared caches (a CDN) keep responses: `public` instead of `private` in `Cache-Control`. Only for
   * apps whose prompts every visitor may read; a CDN then answers other sites' requests too.
   * @default false
   */
  publicCaching?: boolean;
  /**
   * The longest request URL answered; longer ones get 414 without reaching the API.
   * @default 2048
   */
  maxUrlLength?: number;
}

/** A Fetch-standard request handler: a Next.js route handler as it is, and Hono, Bun, Deno, React Router. */
export type PromptApiHandler = (request: Request) => Promise<Response>;

const ONE_YEAR_SECONDS = 31_536_000;

/** Reads the route through the client: the data, validated by the client on its way in. */
function read(client: PromptApiClient, route: HandlerRoute, signal: AbortSignal): Promise<unknown> {
  const { kind, id, version, includeVersions } = route;
  if (kind === 'prompts') return id === undefined ? client.listPrompts({ includeVersions, signal }) : client.getPrompt(id, { version, signal });
  return id === undefined ? client.listComposers({ includeVersions, signal }) : client.getComposer(id, { version, signal });
}

/**
 * Creates the endpoint the browser's client calls instead of the API: it keeps the key on the server and
 * answers `GET {basePath}/prompts`, `/prompts/{id}`, `/composers` and `/composers/{id}` (with `version` and
 * `include_versions`) through `client`, with the API's JSON, error shapes and `X-RateLimit-*` headers.
 * Anything else never reaches the API: other paths (`..`, `%2e%2e`, encoded slashes included) are 404,
 * malformed identifiers and versions 400, other methods 405, other origins 403. Responses carry an `ETag`
 * (`If-None-Match` gets 304); pinned versions may be kept a year, the rest is revalidated on each use.
 *
 * @example
 * // Any Fetch-standard server (Hono, Bun, Deno; Node http through an adapter). Next.js: docs/server/nextjs-pages.md.
 * import { createPromptApiClient, createPromptCache } from 'prompt-composer-react';
 * import { createPromptApiHandler } from 'prompt-composer-react/server';
 *
 * const cache = createPromptCache();
 * const client = createPromptApiClient({ baseUrl: process.env.PROMPT_API_URL!, apiKey: process.env.PROMPT_API_KEY, cache });
 * export const handler = createPromptApiHandler({ client });
 */
export function createPromptApiHandler(options: PromptApiHandlerOptions): PromptApiHandler {
  const { client, allowedOrigins = [], allowedHosts, publicCaching = false, maxUrlLength = 2048 } = options;
  const basePath = `/${(options.basePath ?? '/api/prompt-api').replace(/^\/+|\/+$/g, '')}`.replace(/^\/$/, '');
  const visibility = publicCaching ? 'public' : 'private';

  return (request) =>
    measured(async (label) => {
    // Headers every response carries, and CORS for an allowed other origin. The account's usage goes only
    // on answers that went through the client: the handler's own refusals tell nobody the plan or quota.
    const headers: Record<string, string> = { 'x-content-type-options': 'nosniff' };
    if (allowedOrigins.length > 0) headers.vary = 'Origin';
    const refuse = (status: number, code: string, error: string, extra: Record<string, string> = {}) =>
      errorResponse({ status, code, error }, { ...headers, ...extra });

    if (request.url.length > maxUrlLength) return refuse(414, 'BAD_REQUEST', `The request URL is longer than ${maxUrlLength} characters`);
    const url = new URL(request.url);
    if (allowedHosts && !hostAllowed(request, url, allowedHosts)) return refuse(403, 'FORBIDDEN', 'This host is not served');
    const origin = decideOrigin(request, url, allowedOrigins);
    if (!origin.allowed) return refuse(403, 'FORBIDDEN', 'Requests from other sites are not allowed');
    if (origin.crossOrigin) {
      Object.assign(headers, {
        'access-control-allow-origin': origin.crossOrigin,
        'access-control-expose-headers': 'X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, ETag, Retry-After',
      });
    }
    const allow = { allow: 'GET, OPTIONS' };
    if (request.method === 'OPTIONS') {
      const preflight: Record<string, string> = origin.crossOrigin
        ? { 'access-control-allow-methods': 'GET, OPTIONS', 'access-control-allow-headers': 'Accept, If-None-Match', 'access-control-max-age': '600' }
        : {};
      return new Response(null, { status: 204, headers: { ...headers, ...allow, ...preflight } });
    }
    if (request.method !== 'GET') return refuse(405, 'METHOD_NOT_ALLOWED', 'Method not allowed', allow);

    const route = readRoute(url, basePath);
    if (isRefusal(route)) {
      return route.status === 404 ? refuse(404, 'NOT_FOUND', 'Not found') : refuse(400, 'BAD_REQUEST', `Invalid request: ${route.detail}`);
    }
    label.kind = route.kind;
    label.route = route.id === undefined ? 'list' : route.version === undefined ? 'item' : 'pinned';
    let data: unknown;
    try {
      data = await read(client, route, request.signal);
    } catch (error) {
      return errorResponse(errorOf(error, route.kind), { ...headers, ...rateLimitHeaders(client.usage.getSnapshot()) });
    }
    const body = JSON.stringify(data);
    const tag = entityTag(body);
    const pinned = route.version !== undefined;
    const success = {
      ...headers,
      ...rateLimitHeaders(client.usage.getSnapshot()),
      etag: tag,
      'cache-control': pinned ? `${visibility}, max-age=${ONE_YEAR_SECONDS}, immutable` : `${visibility}, no-cache`,
    };
    if (matchesTag(request.headers.get('if-none-match'), tag)) return new Response(null, { status: 304, headers: success });
    return new Response(body, { status: 200, headers: { ...success, 'content-type': 'application/json; charset=utf-8' } });
    });
}
