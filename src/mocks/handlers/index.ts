import { HttpResponse, http, type HttpHandler } from 'msw';
import { DEFAULT_BASE_URL } from '../constants.ts';
import { createMockDb, type MockDb } from '../db.ts';
import { createFaultController, type FaultController, type FaultInjection, type FaultKind } from '../faults.ts';
import { type Latency, resolveLatency, sleep } from '../latency.ts';
import { authenticate, identify } from './auth.ts';
import {
  BAD_GATEWAY_HTML,
  CORS_HEADERS,
  errorResponse,
  MALFORMED_JSON_BODY,
  okResponse,
  preflightResponse,
  standardHeaders,
  usageExceededResponse,
} from './responses.ts';
import { createRouteMatcher, resolveRoute, type Route } from './routes.ts';

/** Options of `createPromptApiHandlers`. */
export interface PromptApiHandlersOptions {
  /**
   * Base URL to answer on: absolute (`https://api.example.com/v1`) or relative (`/api`, matched on any
   * origin in Node and on the page's origin in a browser).
   * @default DEFAULT_BASE_URL ('https://api.prompt-composer.test')
   */
  baseUrl?: string;
  /** The state to serve; share it with your test to set usage, the clock or faults. @default createMockDb() */
  db?: MockDb;
  /** Simulated response time per request. @default 0 */
  latency?: Latency;
  /**
   * Fault rules of these handlers (in addition to `db.faults`), e.g. `[{ kind: 'server-error', rate: 1 }]`.
   * @default []
   */
  faults?: readonly FaultInjection[];
  /** Randomness for latency ranges. @default Math.random */
  random?: () => number;
}

function faultResponse(kind: FaultKind, request: Request, db: MockDb): Response {
  if (kind === 'network-error') return HttpResponse.error();
  if (kind === 'html-502') {
    return new HttpResponse(BAD_GATEWAY_HTML, { status: 502, statusText: 'Bad Gateway', headers: { ...CORS_HEADERS, 'Content-Type': 'text/html; charset=utf-8' } });
  }
  // The service itself failed after metering: a valid key with quota left pays for it (DESIGN.md).
  const key = identify(request, db);
  const usage = key ? db.consume(key.key).usage : null;
  const headers = standardHeaders(usage, db.clock.now());
  if (kind === 'server-error') return errorResponse('INTERNAL_ERROR', headers);
  return new HttpResponse(MALFORMED_JSON_BODY, { status: 200, headers: { ...headers, 'Content-Type': 'application/json' } });
}

/** The pipeline, in DESIGN.md's precedence: 405, 401, 429, then the route's 400/404/200. */
function respond(request: Request, route: Route, db: MockDb, faults: FaultController): Response {
  const now = db.clock.now();
  if (request.method === 'OPTIONS') return preflightResponse(standardHeaders(identify(request, db)?.usage ?? null, now));
  if (request.method !== 'GET') return errorResponse('METHOD_NOT_ALLOWED', standardHeaders(identify(request, db)?.usage ?? null, now));
  const fault = db.faults.take(route.path) ?? faults.take(route.path);
  if (fault) return faultResponse(fault, request, db);

  const auth = authenticate(request, db);
  if (auth.status === 'error') return errorResponse(auth.code, standardHeaders(null, now));
  const metered = db.consume(auth.key);
  const headers = standardHeaders(metered.usage, now);
  if (!metered.allowed) return usageExceededResponse(metered.usage, headers);

  const outcome = resolveRoute(route, new URL(request.url).searchParams, db);
  return outcome.status === 'ok' ? okResponse(outcome.body, headers) : errorResponse(outcome.code, headers, outcome.message);
}

/**
 * msw handlers implementing the whole Read API contract (with the contract decisions) over an in-memory
 * database: the four GET endpoints, auth, quota metering, CORS, rate-limit headers, faults and latency.
 *
 * @example
 * const db = createMockDb()
 * server.use(...createPromptApiHandlers({ db }))
 * db.faults.inject({ kind: 'server-error' })
 */
export function createPromptApiHandlers(options: PromptApiHandlersOptions = {}): HttpHandler[] {
  const { baseUrl = DEFAULT_BASE_URL, db = createMockDb(), latency = 0, faults = [], random = Math.random } = options;
  const match = createRouteMatcher(baseUrl);
  const handlerFaults = createFaultController(faults);
  const nextLatency = resolveLatency(latency, random);
  return [
    http.all(
      ({ request }) => match(new URL(request.url)) !== null,
      async ({ request }) => {
        const ms = nextLatency();
        if (ms > 0) await sleep(ms);
        const route = match(new URL(request.url));
        try {
          // Never null here: the predicate matched the same URL.
          return respond(request, route as Route, db, handlerFaults);
        } catch (error) {
          // A bug of the mock must still look like the contract's 500, never like msw's own error page.
          console.error('[prompt-composer-react/mocks] unexpected error', error);
          return errorResponse('INTERNAL_ERROR', standardHeaders(null, db.clock.now()));
        }
      },
    ),
  ];
}
