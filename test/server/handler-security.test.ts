// What never reaches the API through createPromptApiHandler: other paths (traversal in every spelling),
// other methods, other sites, oversized or malformed queries; and the key, which reaches no response.
import { request as httpRequest, createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequestListener } from '@remix-run/node-fetch-server';
import { HttpResponse, http } from 'msw';
import { FIXTURE_KEYS } from 'prompt-composer-react/mocks';
import { createPromptApiHandler, type PromptApiHandlerOptions } from 'prompt-composer-react/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { server as msw } from '../msw-server.ts';
import { BASE_URL, instance, mockApi } from '../api/cache/harness.ts';

const APP = 'https://app.test';

function setup(options: Partial<PromptApiHandlerOptions> = {}, apiKey: string = FIXTURE_KEYS.free) {
  const api = mockApi();
  const handler = createPromptApiHandler({ client: instance({}, apiKey).client, ...options });
  const call = (path: string, init: RequestInit = {}) => handler(new Request(`${APP}${path}`, init));
  return { api, handler, call };
}

/** Paths that are not one of the API's four routes, as a browser or a crafted request may send them. */
const OTHER_PATHS = [
  '/api/prompt-api/../admin',
  '/api/prompt-api/%2e%2e/admin',
  '/api/prompt-api/%2E%2E/prompts',
  '/api/prompt-api/.%2e/prompts',
  '/api/prompt-api/prompts/..',
  '/api/prompt-api/prompts/%2e%2e',
  '/api/prompt-api/prompts/%2e',
  '/api/prompt-api/prompts/..%2f..%2fadmin',
  '/api/prompt-api/prompts/..%2F..%2Fadmin',
  '/api/prompt-api/prompts/a%2Fb',
  '/api/prompt-api/prompts/a%5Cb',
  '/api/prompt-api/prompts/%5C..%5Cadmin',
  '/api/prompt-api/prompts/%252e%252e',
  '/api/prompt-api/prompts/%252F',
  '/api/prompt-api/prompts/%00',
  '/api/prompt-api/prompts/a%0d%0aX-Injected:1',
  '/api/prompt-api/prompts/%E0%A4%A',
  '/api/prompt-api/prompts/a/b',
  '/api/prompt-api/prompts/',
  '/api/prompt-api//prompts',
  '/api/prompt-api/Prompts',
  '/api/prompt-api/users',
  '/api/prompt-api',
  '/api/prompt-api/',
  '/api/prompt-apiprompts',
  '/api/prompt-api-other/prompts',
  '/api/prompts',
  '/',
];

describe('given requests that are not the API’s four routes', () => {
  it.each(OTHER_PATHS)('%s: 404 NOT_FOUND, and the API sees nothing', async (path) => {
    const { api, call } = setup();
    const response = await call(path);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: 'Not found', code: 'NOT_FOUND' });
    expect(api.seen).toEqual([]);
  });

  it.each([
    ['/api/prompt-api/prompts/a.b', /identifier/],
    ['/api/prompt-api/prompts/-leading-dash', /identifier/],
    [`/api/prompt-api/prompts/${'a'.repeat(129)}`, /identifier/],
    ['/api/prompt-api/prompts/welcome-email?version=', /version/],
    ['/api/prompt-api/prompts/welcome-email?version=1.0.0/../x', /version/],
    ['/api/prompt-api/prompts/welcome-email?version=1&version=2', /version parameter is given 2 times/],
    ['/api/prompt-api/prompts?include_versions=yes', /include_versions/],
    ['/api/prompt-api/prompts?include_versions=true&include_versions=false', /given 2 times/],
  ])('%s: 400 BAD_REQUEST without a request', async (path, detail) => {
    const { api, call } = setup();
    const response = await call(path);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: string; code: string };
    expect(body.code).toBe('BAD_REQUEST');
    expect(body.error).toMatch(detail);
    expect(api.seen).toEqual([]);
  });

  it('a huge query string: 414 without a request', async () => {
    const { api, call } = setup();
    const response = await call(`/api/prompt-api/prompts?padding=${'x'.repeat(100_000)}`);
    expect(response.status).toBe(414);
    expect(((await response.json()) as { code: string }).code).toBe('BAD_REQUEST');
    const many = await call(`/api/prompt-api/prompts/welcome-email?${'version=1&'.repeat(300)}`);
    expect(many.status).toBe(414);
    expect(api.seen).toEqual([]);
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE', 'HEAD'])('%s: 405 METHOD_NOT_ALLOWED, Allow: GET, OPTIONS', async (method) => {
    const { api, call } = setup();
    const response = await call('/api/prompt-api/prompts', { method });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, OPTIONS');
    if (method !== 'HEAD') expect(await response.json()).toEqual({ error: 'Method not allowed', code: 'METHOD_NOT_ALLOWED' });
    expect(api.seen).toEqual([]);
  });

  it('a flood of random URLs: each answered by its own route, before, during and after it (each URL is read once, the last 1,000 kept)', async () => {
    const { call } = setup();
    const status = async (path: string) => (await call(path)).status;
    const known = '/api/prompt-api/prompts/welcome-email';
    const pinned = `${known}?version=1.0.0`;
    const expected = { [known]: 200, [pinned]: 200, [`${known}?version=bad!`]: 400, '/api/prompt-api/%2e%2e/prompts/welcome-email': 404 };
    for (const [path, code] of Object.entries(expected)) expect(await status(path)).toBe(code);
    // More random ids than are remembered, each with a query of its own and a spelling that climbs out.
    for (let index = 0; index < 1200; index++) {
      const id = `x${index.toString(36)}${Math.random().toString(36).slice(2)}`;
      expect(await status(`/api/prompt-api/prompts/${id}`)).toBe(404);
      if (index % 100 === 0) expect(await status(`/api/prompt-api/prompts/${id}?version=1.${index}`)).toBe(404);
      if (index % 100 === 50) expect(await status(`/api/prompt-api/prompts/%2e%2e%2f${id}`)).toBe(404);
    }
    for (const [path, code] of Object.entries(expected)) expect(await status(path)).toBe(code);
    const body = (await (await call(pinned)).json()) as { promptId: string; version: string };
    expect([body.promptId, body.version]).toEqual(['welcome-email', '1.0.0']);
  });

  it('OPTIONS: 204, allowing GET and OPTIONS, without a request', async () => {
    const { api, call } = setup();
    const response = await call('/api/prompt-api/prompts', { method: 'OPTIONS' });
    expect(response.status).toBe(204);
    expect(response.headers.get('allow')).toBe('GET, OPTIONS');
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    expect(api.seen).toEqual([]);
  });
});

describe('given requests from other sites', () => {
  it.each([
    ['another origin', { origin: 'https://evil.example' }],
    ['another origin, sent with the same host name on another port', { origin: 'https://app.test:8443' }],
    ['the opaque origin of a sandboxed frame', { origin: 'null' }],
    ['Sec-Fetch-Site: cross-site (an <img> or <script> of another site)', { 'sec-fetch-site': 'cross-site' }],
    ['Sec-Fetch-Site: same-site (a sibling subdomain)', { 'sec-fetch-site': 'same-site', origin: 'https://blog.app.test' }],
    ['Sec-Fetch-Site: cross-site with our own Origin spoofed', { 'sec-fetch-site': 'cross-site', origin: APP }],
  ])('%s: 403 FORBIDDEN, and the API sees nothing', async (_, headers) => {
    const { api, call } = setup();
    for (const path of ['/api/prompt-api/prompts', '/api/prompt-api/prompts/welcome-email?version=1.0.0']) {
      const response = await call(path, { headers });
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ error: 'Requests from other sites are not allowed', code: 'FORBIDDEN' });
      expect(response.headers.get('access-control-allow-origin')).toBeNull();
    }
    expect((await call('/api/prompt-api/prompts', { method: 'OPTIONS', headers })).status).toBe(403);
    expect(api.seen).toEqual([]);
  });

  it.each([
    ['no Origin (a navigation, curl, a server)', {}],
    ['Sec-Fetch-Site: same-origin', { 'sec-fetch-site': 'same-origin', origin: APP }],
    ['Sec-Fetch-Site: none (typed in)', { 'sec-fetch-site': 'none' }],
    ['its own Origin, from a browser without Sec-Fetch-Site', { origin: APP }],
    ['its own Origin behind a proxy (X-Forwarded-Host)', { origin: 'https://www.example.com', 'x-forwarded-host': 'www.example.com' }],
  ])('%s: answered', async (_, headers) => {
    const { call } = setup();
    expect((await call('/api/prompt-api/prompts', { headers })).status).toBe(200);
  });

  it('allowedOrigins widens it, with CORS headers for exactly that origin', async () => {
    const { api, call } = setup({ allowedOrigins: ['https://admin.example'] });
    const headers = { origin: 'https://admin.example', 'sec-fetch-site': 'cross-site' };
    const response = await call('/api/prompt-api/prompts', { headers });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('https://admin.example');
    expect(response.headers.get('access-control-expose-headers')).toMatch(/X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset/);
    expect(response.headers.get('vary')).toBe('Origin, Accept-Encoding');
    const preflight = await call('/api/prompt-api/prompts', { method: 'OPTIONS', headers: { ...headers, 'access-control-request-method': 'GET' } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-methods')).toBe('GET, OPTIONS');
    expect((await call('/api/prompt-api/prompts', { headers: { origin: 'https://evil.example' } })).status).toBe(403);
    expect(api.seen).toEqual(['/prompts?include_versions=true']);
  });
});

describe('given requests to hosts other than the site’s (allowedHosts)', () => {
  const hosts = { allowedHosts: ['app.test', 'localhost:3000', '.example.com'] };
  const at = (host: string, path = '/api/prompt-api/prompts', headers: Record<string, string> = {}) => new Request(`http://${host}${path}`, { headers });

  it.each([
    ['DNS rebinding: the attacker’s host, with its own Origin and Sec-Fetch-Site: same-origin', at('rebind.evil.example', undefined, { origin: 'http://rebind.evil.example', 'sec-fetch-site': 'same-origin' })],
    ['another host with no headers at all (curl)', at('10.0.0.7')],
    ['an allowed name on another port', at('localhost:3001')],
    ['a rebinding page that adds X-Forwarded-Host of an allowed host', at('rebind.evil.example', undefined, { 'x-forwarded-host': 'app.test', 'sec-fetch-site': 'same-origin' })],
    ['an allowed host behind an X-Forwarded-Host of another', at('app.test', undefined, { 'x-forwarded-host': 'evil.example' })],
    ['a name that only ends like an allowed domain', at('notexample.com')],
  ])('%s: 403 FORBIDDEN, without usage headers, and the API sees nothing', async (_, request) => {
    const { api, handler } = setup(hosts);
    const response = await handler(request);
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: 'This host is not served', code: 'FORBIDDEN' });
    expect(response.headers.get('x-ratelimit-limit')).toBeNull();
    expect(api.seen).toEqual([]);
  });

  it.each([
    ['the site’s host', at('app.test')],
    ['an allowed host and port', at('localhost:3000')],
    ['the allowed domain', at('example.com')],
    ['a subdomain of the allowed domain', at('www.example.com', undefined, { 'x-forwarded-host': 'app.test' })],
    ['any upper case', at('APP.TEST')],
  ])('%s: answered', async (_, request) => {
    const { handler } = setup(hosts);
    expect((await handler(request)).status).toBe(200);
  });

  it('without allowedHosts, any host is answered (as before)', async () => {
    const { handler } = setup();
    expect((await handler(at('rebind.evil.example', undefined, { 'sec-fetch-site': 'same-origin' }))).status).toBe(200);
  });
});

describe('the key', () => {
  const SECRET = 'pk_secret/fleet"key_0123456789';
  /** The key as an upstream or a proxy may echo it: plain, JSON-escaped, percent-encoded once or twice. */
  const FORMS = [SECRET, JSON.stringify(SECRET).slice(1, -1), encodeURIComponent(SECRET), encodeURIComponent(encodeURIComponent(SECRET))];
  const responses: string[] = [];

  /** Status, headers and body of a response, as text. */
  async function bytes(response: Response): Promise<string> {
    const text = `${response.status} ${JSON.stringify([...response.headers])}\n${await response.text()}`;
    responses.push(text);
    return text;
  }
  const expectNoKey = (text: string) => {
    for (const form of FORMS) expect(text).not.toContain(form);
  };

  it('is in no byte of any response, in any encoding: successes, errors, refusals, and an upstream that echoes it', async () => {
    const { call, api } = setup({}, SECRET);
    api.db.addKey({ key: SECRET, plan: 'pro' });
    const keyOf = (request: Request) => (request.headers.get('authorization') ?? '').replace('Bearer ', '');
    // JSON as PHP writes it (\/), with a \u escape and an escaped quote, and the key percent-encoded in a link.
    const escapedEcho = (key: string) => JSON.stringify(key).slice(1, -1).replaceAll('/', '\\/').replace('p', '\\u0070');
    const versions: Record<string, (request: Request) => Response> = {
      '1.0.0': (request) =>
        new HttpResponse(`{"error":"No version for ${escapedEcho(keyOf(request))}","code":"VERSION_NOT_FOUND"}`, {
          status: 404,
          headers: { 'content-type': 'application/json', 'x-echo': encodeURIComponent(keyOf(request)) },
        }),
      '1.1.0': (request) => HttpResponse.html(`<p>${keyOf(request)}</p>`, { status: 502 }),
      '1.1.0-429': (request) =>
        HttpResponse.json(
          { error: 'Usage limit exceeded', code: 'USAGE_LIMIT_EXCEEDED', usage: { used: 1, limit: 1 }, upgradeUrl: `https://up.example/?k=${encodeURIComponent(encodeURIComponent(keyOf(request)))}` },
          { status: 429 },
        ),
    };
    msw.use(
      http.get(`${BASE_URL}/prompts/welcome-email`, ({ request }) => versions[new URL(request.url).searchParams.get('version') ?? '']?.(request)),
      http.get(`${BASE_URL}/prompts/support-reply`, ({ request }) => versions['1.1.0-429']!(request)),
      http.get(`${BASE_URL}/composers/onboarding-flow`, ({ request }) =>
        HttpResponse.json({ composerId: 'x', composerName: 'x', version: '1', config: { schema: [], inputData: null, inputDataRootName: null }, segments: [{ type: keyOf(request) }] }),
      ),
    );
    const paths = [
      '/api/prompt-api/prompts',
      '/api/prompt-api/prompts?include_versions=true',
      '/api/prompt-api/prompts/support-reply',
      '/api/prompt-api/prompts/no-such-prompt',
      '/api/prompt-api/prompts/welcome-email?version=1.0.0',
      '/api/prompt-api/prompts/welcome-email?version=1.1.0',
      '/api/prompt-api/composers/onboarding-flow?version=1.0.0',
      '/api/prompt-api/%2e%2e/x',
      '/api/prompt-api/prompts/a.b',
    ];
    for (const path of paths) expectNoKey(await bytes(await call(path)));
    // The 429 last: it is remembered for the account.
    const spent = await call('/api/prompt-api/prompts/support-reply?version=1.0.0');
    expect(spent.status).toBe(429);
    expectNoKey(await bytes(spent));
    expectNoKey(await bytes(await call('/api/prompt-api/prompts', { method: 'POST' })));
    expectNoKey(await bytes(await call('/api/prompt-api/prompts', { headers: { origin: 'https://evil.example' } })));
    // Revoked: the 401 path too.
    api.db.revokeKey(SECRET);
    const revoked = createPromptApiHandler({ client: instance({}, SECRET).client });
    expectNoKey(await bytes(await revoked(new Request(`${APP}/api/prompt-api/composers`))));
    expect(responses.map((text) => Number(text.slice(0, 3)))).toEqual([200, 200, 200, 404, 404, 502, 502, 404, 400, 429, 405, 403, 401]);
    expectNoKey(responses.join('\n'));
  });
});

describe('over Node http, with the documented adapter (@remix-run/node-fetch-server)', () => {
  let http: Server;
  let port = 0;
  let api: ReturnType<typeof mockApi>;
  beforeAll(async () => {
    const { handler, api: upstream } = setup();
    api = upstream;
    http = createServer(createRequestListener(handler));
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    port = (http.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => http.close(() => resolve())));

  /** Sends `path` as raw bytes (fetch would resolve `..` itself). */
  const raw = (path: string) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      httpRequest({ host: '127.0.0.1', port, path }, (response) => {
        let body = '';
        response.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      })
        .on('error', reject)
        .end();
    });

  it('raw traversal paths are 404 and reach nothing; the routes answer', async () => {
    for (const path of ['/api/prompt-api/../../prompts', '/api/prompt-api/%2e%2e/%2e%2e/prompts', '/api/prompt-api/prompts/..%2f..%2fx', '/api/prompt-api/prompts/%2e%2e']) {
      expect((await raw(path)).status).toBe(404);
    }
    expect(api.seen).toEqual([]);
    const ok = await raw('/api/prompt-api/prompts/welcome-email?version=1.0.0');
    expect(ok.status).toBe(200);
    expect(JSON.parse(ok.body)).toMatchObject({ version: '1.0.0' });
    expect(api.seen).toEqual(['/prompts?include_versions=true', '/prompts/welcome-email?version=1.0.0']);
  });
});
