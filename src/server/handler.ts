// createPromptApiHandler: the key-on-server endpoint, as a Fetch-standard handler.
import { backgroundIdle } from '../api/cache/background.ts';
import { type Eventually, isPending } from '../api/cache/eventually.ts';
import { type PayloadReader, READ_PAYLOAD } from '../api/cache/cached-reads.ts';
import type { PromptApiClient } from '../api/client.ts';
import type { UsageSnapshot } from '../api/usage-store.ts';
import { type Payload, payloadOf } from '../api/cache/representation.ts';
import { acceptedEncodings, chooseEncoding, type Encoding, encodedTag, MIN_COMPRESSED_BYTES } from './handler-encoding.ts';
import { decideOrigin, hostAllowed } from './handler-origin.ts';
import { errorOf, errorResponse, matchedTag, rateLimitHeaders } from './handler-response.ts';
import { type HandlerRoute, isRefusal, targetsUnder } from './handler-route.ts';
import { measured, type RequestLabel } from './handler-telemetry.ts';

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
  /**
   * Keeps the cache's work after the response alive where the platform stops a request's work once its
   * response is sent (Cloudflare Workers, Vercel, Netlify): a stale answer's refresh and the store writes
   * that follow it. Given here, it is called on every request; a request's own `waitUntil` (the handler's
   * second argument, such as a Worker's `ctx`) is used instead where there is one.
   * @example createPromptApiHandler({ client, waitUntil: after }) // Next.js: import { after } from 'next/server'
   * @default none: the work runs on where the process lives on (Node, Bun, Deno servers)
   */
  waitUntil?: (promise: Promise<unknown>) => void;
  /**
   * Whether a body of 1 kB or more is sent compressed (`br` or `gzip`, made once per record) when the
   * request accepts it. Off by default under Next.js, whose route handlers drop `Content-Encoding` and send
   * the bytes as they are (Next 16): a compressed body would reach the browser undecodable.
   * @default true, but false for a request Next.js hands its route handler (a `NextRequest`)
   */
  compress?: boolean;
}

/**
 * Whether `request` came through Next.js, which drops a route handler's `Content-Encoding`: Next hands
 * its route handlers a `NextRequest`, whatever its runtime (Node or Edge), and nothing else has `nextUrl`.
 */
const fromNextJs = (request: Request) => 'nextUrl' in request;

/**
 * What a platform passes a request handler beside the request: one with a `waitUntil` (a Cloudflare
 * Worker's `ctx`, Vercel's and Netlify's context) keeps the cache's work after the response alive; any
 * other (Next.js's `{ params }`) is ignored.
 */
export interface PromptApiRequestContext {
  waitUntil?(promise: Promise<unknown>): void;
}

/**
 * A Fetch-standard request handler: a Next.js route handler as it is, a Cloudflare Worker's or Vercel
 * function's `fetch` (with its context as the second argument), and Hono, Bun, Deno, React Router.
 */
export type PromptApiHandler = (request: Request, context?: PromptApiRequestContext | object) => Promise<Response>;

/** The `waitUntil` of a request's context, when it has one. */
function waitUntilOf(context: unknown): ((promise: Promise<unknown>) => void) | undefined {
  const waitUntil = (context as PromptApiRequestContext | undefined)?.waitUntil;
  return typeof waitUntil === 'function' ? (promise) => waitUntil.call(context, promise) : undefined;
}

const ONE_YEAR_SECONDS = 31_536_000;

/** A large body is handed to the server in views of this size. */
const CHUNK_BYTES = 65_536;

/**
 * Reads the route's payload through the client, validated by the client on its way in: through its cache,
 * the bytes and ETag made once per record (at once when the cache holds them). A client of another making
 * (no `READ_PAYLOAD`) is read for its value, serialized and hashed for this request.
 */
function read(client: PromptApiClient, route: HandlerRoute, request: Request, label: RequestLabel): Eventually<Payload> {
  const reader = (client as Partial<PayloadReader>)[READ_PAYLOAD];
  return reader ? reader.call(client, route, () => request.signal, (outcome) => (label.outcome = outcome)) : readValue(client, route, request.signal);
}

/** A client's value for the route, serialized and hashed for this request. */
async function readValue(client: PromptApiClient, route: HandlerRoute, signal: AbortSignal): Promise<Payload> {
  const { kind, id, version, includeVersions } = route;
  const value =
    kind === 'prompts'
      ? id === undefined ? await client.listPrompts({ includeVersions, signal }) : await client.getPrompt(id, { version, signal })
      : id === undefined ? await client.listComposers({ includeVersions, signal }) : await client.getComposer(id, { version, signal });
  return payloadOf(JSON.stringify(value));
}

/**
 * A body for `bytes` that every response shares: a stream of views of them, never a copy. A `Response`
 * copies a `Uint8Array` it is given (as the Fetch standard says), and Node's then makes a byte stream of
 * the copy, which cost a cached read over HTTP more than any of the cache's own steps. Bun sends a stream
 * chunked, without the `Content-Length` set beside it (docs/server/runtimes.md).
 */
function bodyOf(bytes: Uint8Array): ReadableStream<Uint8Array> {
  let offset = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      controller.enqueue(bytes.subarray(offset, (offset += CHUNK_BYTES)));
      if (offset >= bytes.byteLength) controller.close();
    },
  });
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
  const pinnedCaching = `${visibility}, max-age=${ONE_YEAR_SECONDS}, immutable`;
  const latestCaching = `${visibility}, no-cache`;
  const targetOf = targetsUnder(basePath);
  // The `X-RateLimit-*` headers of the account's usage, made again only when it changes.
  let usage: { snapshot: UsageSnapshot | null; headers: Record<string, string> } | undefined;
  const usageHeaders = (snapshot: UsageSnapshot | null) => {
    if (!usage || usage.snapshot !== snapshot) usage = { snapshot, headers: rateLimitHeaders(snapshot) };
    return usage.headers;
  };

  return (request, context) => {
    const response = answer(request);
    const waitUntil = waitUntilOf(context) ?? options.waitUntil;
    // The caches' background work (a stale read's refresh, the store writes after it) outlives the response.
    if (waitUntil) waitUntil(response.then(backgroundIdle, () => {}));
    return response;
  };

  function answer(request: Request): Promise<Response> {
    return measured((label) => {
    // Headers every response carries, and CORS for an allowed other origin. The account's usage goes only
    // on answers that went through the client: the handler's own refusals tell nobody the plan or quota.
    const headers: Record<string, string> = { 'x-content-type-options': 'nosniff' };
    if (allowedOrigins.length > 0) headers.vary = 'Origin';
    const refuse = (status: number, code: string, error: string, extra: Record<string, string> = {}) =>
      errorResponse({ status, code, error }, { ...headers, ...extra });

    if (request.url.length > maxUrlLength) return refuse(414, 'BAD_REQUEST', `The request URL is longer than ${maxUrlLength} characters`);
    const { url, route } = targetOf(request.url);
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

    if (isRefusal(route)) {
      return route.status === 404 ? refuse(404, 'NOT_FOUND', 'Not found') : refuse(400, 'BAD_REQUEST', `Invalid request: ${route.detail}`);
    }
    label.kind = route.kind;
    label.route = route.id === undefined ? 'list' : route.version === undefined ? 'item' : 'pinned';
    const failed = (error: unknown) => errorResponse(errorOf(error, route.kind), { ...headers, ...usageHeaders(client.usage.getSnapshot()) });
    const compress = options.compress ?? !fromNextJs(request);
    /** The answer of a payload: a 304 when the request has its tag, else its bytes (in an encoding the request accepts). */
    const respond = (payload: Payload): Eventually<Response> => {
      // One object, filled in place: a hit's bookkeeping is a large part of what it costs.
      const success = Object.assign(headers, usageHeaders(client.usage.getSnapshot()));
      if (compress) success.vary = headers.vary ? `${headers.vary}, Accept-Encoding` : 'Accept-Encoding';
      success['cache-control'] = route.version !== undefined ? pinnedCaching : latestCaching;
      // A revalidation compares tags only: the tag of each representation the request may get (as it is, or
      // in an encoding it accepts) is known without making or reading that representation.
      const accepted = compress && payload.bytes.byteLength >= MIN_COMPRESSED_BYTES ? acceptedEncodings(request.headers.get('accept-encoding')) : [];
      const tags = accepted.length === 0 ? [payload.tag] : [...accepted.map((encoding) => encodedTag(payload, encoding)), payload.tag];
      const unchanged = matchedTag(request.headers.get('if-none-match'), tags);
      if (unchanged) {
        success.etag = unchanged;
        return new Response(null, { status: 304, headers: success });
      }
      const send = ({ encoding, bytes }: { encoding: Encoding | undefined; bytes: Uint8Array }) => {
        success.etag = encodedTag(payload, encoding);
        success['content-type'] = 'application/json; charset=utf-8';
        success['content-length'] = String(bytes.byteLength);
        if (encoding) success['content-encoding'] = encoding;
        // `encodeBody: 'manual'`: Cloudflare Workers otherwise compress a body whose Content-Encoding is set,
        // these bytes again; other runtimes ignore the option.
        return new Response(bodyOf(bytes), { status: 200, headers: success, encodeBody: 'manual' } as ResponseInit);
      };
      return accepted.length === 0 ? send({ encoding: undefined, bytes: payload.bytes }) : chooseEncoding(payload, accepted).then(send);
    };
    let payload: Eventually<Payload>;
    try {
      payload = read(client, route, request, label);
    } catch (error) {
      return failed(error);
    }
    // A hit is answered at once: only what is truly later (a miss, a shared store over the network) is awaited.
    return isPending(payload) ? payload.then(respond, failed) : respond(payload);
    });
  }
}
