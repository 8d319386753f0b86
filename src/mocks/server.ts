// The entry `prompt-composer-react/mocks/server` (Node only): the same msw handlers over real HTTP.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Duplex, Readable } from 'node:stream';
import { getResponse, type RequestHandler } from 'msw';
import { createMockDb, type MockDb } from './db.ts';
import type { FaultInjection } from './faults.ts';
import { createPromptApiHandlers } from './handlers/index.ts';
import { errorResponse, standardHeaders } from './handlers/responses.ts';
import type { Latency } from './latency.ts';

/** Options of `startMockServer`. */
export interface MockServerOptions {
  /** Port to listen on; `0` picks a free one. @default 0 */
  port?: number;
  /** Interface to listen on. @default '127.0.0.1' */
  host?: string;
  /** Path prefix of the API on this server, such as `/v1`. @default '' */
  basePath?: string;
  /** The state to serve. @default createMockDb() */
  db?: MockDb;
  /** Simulated response time. @default 0 */
  latency?: Latency;
  /** Fault rules of the server's handlers. @default [] */
  faults?: readonly FaultInjection[];
  /** Extra msw handlers tried before the API's own (to override a route in a demo). @default [] */
  handlers?: readonly RequestHandler[];
}

/** A running mock server. */
export interface MockServer {
  /** Base URL of the API, such as `http://127.0.0.1:4010`. */
  url: string;
  port: number;
  db: MockDb;
  /** Stops listening and closes open connections. */
  close(): Promise<void>;
}

function toRequest(incoming: IncomingMessage, origin: string): Request {
  // Concatenated, never resolved: a request target such as `//evil.example/x` must stay a path here.
  const url = new URL(`${origin}${incoming.url?.startsWith('/') ? incoming.url : `/${incoming.url ?? ''}`}`);
  const headers = new Headers();
  for (let index = 0; index < incoming.rawHeaders.length; index += 2) {
    headers.append(incoming.rawHeaders[index] as string, incoming.rawHeaders[index + 1] as string);
  }
  const method = incoming.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD';
  return new Request(url, {
    method,
    headers,
    ...(hasBody ? { body: Readable.toWeb(incoming) as ReadableStream<Uint8Array>, duplex: 'half' } : {}),
  } as RequestInit);
}

async function send(response: Response, outgoing: ServerResponse): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers['set-cookie'] = cookies;
  outgoing.writeHead(response.status, response.statusText || undefined, headers);
  if (response.body) {
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      if (!outgoing.write(chunk)) await new Promise((resolve) => outgoing.once('drain', resolve));
    }
  }
  outgoing.end();
}

const FORBIDDEN_METHODS = new Set(['TRACE', 'TRACK', 'CONNECT']);

function notFound(db: MockDb): Response {
  return errorResponse('NOT_FOUND', standardHeaders(null, db.clock.now()), 'Not found');
}

/**
 * Serves the mock API over HTTP with `node:http`, on top of msw's own `getResponse`: the very handlers
 * `createPromptApiHandlers` returns. A `network-error` fault destroys the socket. Paths outside the API
 * answer 404 `NOT_FOUND` "Not found".
 *
 * @example
 * const server = await startMockServer({ port: 4010 })
 * await fetch(`${server.url}/prompts`, { headers: { Authorization: 'Bearer pk_test_free' } })
 * await server.close()
 */
export async function startMockServer(options: MockServerOptions = {}): Promise<MockServer> {
  const { port = 0, host = '127.0.0.1', basePath = '', db = createMockDb(), latency = 0, faults = [], handlers = [] } = options;
  const prefix = basePath.replace(/\/+$/, '');
  let origin = '';
  // On the server's own origin, known once it listens (requests are built on it, whatever Host reached it).
  // Not a relative base: msw resolves one against `location` where a DOM is present (a jsdom test).
  let all: RequestHandler[] = [];

  const server: Server = createServer((incoming, outgoing) => {
    void (async () => {
      try {
        // fetch's Request cannot carry TRACE, TRACK or CONNECT: those are 405 without reaching msw.
        if (FORBIDDEN_METHODS.has(incoming.method ?? '')) {
          await send(errorResponse('METHOD_NOT_ALLOWED', standardHeaders(null, db.clock.now())), outgoing);
          return;
        }
        const request = toRequest(incoming, origin);
        const response = (await getResponse(all, request)) ?? notFound(db);
        if (response.type === 'error') {
          incoming.socket.destroy();
          return;
        }
        await send(response, outgoing);
      } catch (error) {
        if (outgoing.headersSent) {
          outgoing.destroy(error as Error);
          return;
        }
        await send(errorResponse('BAD_REQUEST', standardHeaders(null, db.clock.now())), outgoing);
      } finally {
        // Drain a body nobody read, so the connection can be reused.
        if (!incoming.readableEnded) incoming.resume();
      }
    })();
  });

  // A CONNECT request is a tunnel request node:http hands to this event, not to the request listener.
  server.on('connect', (_incoming: IncomingMessage, socket: Duplex) => {
    const response = errorResponse('METHOD_NOT_ALLOWED', standardHeaders(null, db.clock.now()));
    void response.text().then((body) => {
      const lines = [...response.headers].map(([name, value]) => `${name}: ${value}`);
      socket.end(`HTTP/1.1 405 Method Not Allowed\r\n${lines.join('\r\n')}\r\nConnection: close\r\n\r\n${body}`);
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const shownHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  origin = `http://${shownHost}:${address.port}`;
  all = [...handlers, ...createPromptApiHandlers({ baseUrl: `${origin}${prefix}`, db, latency, faults })];

  return {
    url: `${origin}${prefix}`,
    port: address.port,
    db,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

export type { MockDb } from './db.ts';
