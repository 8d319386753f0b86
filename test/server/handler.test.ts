// createPromptApiHandler over a client with a cache, in front of the mock API (msw): the routes, the
// API's shapes and headers, HTTP caching.
import { http } from 'msw';
import { createPromptApiClient } from 'prompt-composer-react';
import { FIXTURE_COMPOSERS, FIXTURE_KEYS } from 'prompt-composer-react/mocks';
import { createPromptApiHandler, type PromptApiHandlerOptions } from 'prompt-composer-react/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server as msw } from '../msw-server.ts';
import { BASE_URL, frozenClock, instance, mockApi } from '../api/cache/harness.ts';

afterEach(() => {
  vi.useRealTimers();
});

const APP = 'https://app.test';

/** A handler on a cached client of the free fixture key, and a `get` that calls it like a browser would. */
function setup(options: Partial<PromptApiHandlerOptions> = {}, apiKey: string = FIXTURE_KEYS.free) {
  const api = mockApi();
  const server = instance({ ttlMs: 60_000 }, apiKey);
  const handler = createPromptApiHandler({ client: server.client, ...options });
  const get = (path: string, headers: Record<string, string> = {}) => handler(new Request(`${APP}${path}`, { headers }));
  return { api, server, handler, get };
}

describe('createPromptApiHandler', () => {
  it('answers the four routes with the API’s JSON, through the client', async () => {
    const { api, get } = setup();
    const responses = await Promise.all([
      get('/api/prompt-api/prompts'),
      get('/api/prompt-api/prompts?include_versions=TRUE'),
      get('/api/prompt-api/prompts/welcome-email'),
      get('/api/prompt-api/prompts/welcome-email?version=1.0.0&utm_source=x'),
      get('/api/prompt-api/composers'),
      get('/api/prompt-api/composers/onboarding-flow'),
    ]);
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(responses.every((response) => response.headers.get('content-type') === 'application/json; charset=utf-8')).toBe(true);
    const [list, withVersions, latest, pinned, composers, composer] = (await Promise.all(responses.map((response) => response.json()))) as Record<string, unknown>[][];
    expect((list as unknown as { promptId: string }[]).map((prompt) => prompt.promptId)).toContain('welcome-email');
    expect((withVersions as unknown as { publishedVersions: unknown[] }[])[0]?.publishedVersions).toBeInstanceOf(Array);
    expect(latest).toMatchObject({ promptId: 'welcome-email', version: '2.0.0' });
    expect(pinned).toMatchObject({ promptId: 'welcome-email', version: '1.0.0' });
    // Every fixture composer with a published version, once, ordered by id.
    const published = new Set(FIXTURE_COMPOSERS.filter((item) => item.status !== 'draft').map((item) => item.composerId));
    expect((composers as unknown as { composerId: string }[]).map((item) => item.composerId)).toEqual([...published].sort());
    expect(composer).toMatchObject({ composerId: 'onboarding-flow' });
    // Unknown query parameters are ignored: never sent upstream.
    expect(api.seen.some((path) => path.includes('utm_source'))).toBe(false);
  });

  it('carries the account’s X-RateLimit-* on what the API answered, not on its own refusals; nosniff on all', async () => {
    const { get, handler } = setup();
    await get('/api/prompt-api/prompts');
    const answered = [await get('/api/prompt-api/prompts/welcome-email'), await get('/api/prompt-api/prompts/no-such-prompt')];
    for (const response of answered) {
      expect(response.headers.get('x-ratelimit-limit')).toBe('5000');
      expect(Number(response.headers.get('x-ratelimit-remaining'))).toBeGreaterThan(4900);
      expect(Number(response.headers.get('x-ratelimit-reset'))).toBeGreaterThan(Date.now() / 1000);
    }
    const refusals = [
      await get('/api/prompt-api/other'),
      await get('/api/prompt-api/prompts', { 'sec-fetch-site': 'cross-site' }),
      await get('/api/prompt-api/prompts/a.b'),
      await handler(new Request(`${APP}/api/prompt-api/prompts`, { method: 'DELETE' })),
      await handler(new Request(`${APP}/api/prompt-api/prompts`, { method: 'OPTIONS' })),
    ];
    expect(refusals.map((response) => response.status)).toEqual([404, 403, 400, 405, 204]);
    for (const response of refusals) expect([...response.headers.keys()].filter((name) => name.startsWith('x-ratelimit'))).toEqual([]);
    for (const response of [...answered, ...refusals]) expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  describe('errors keep the API’s shape', () => {
    it('404 NOT_FOUND with the API’s message', async () => {
      const { get } = setup();
      const response = await get('/api/prompt-api/composers/no-such-composer');
      expect(response.status).toBe(404);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(await response.json()).toEqual({ error: 'Composer not found', code: 'NOT_FOUND' });
    });

    it('429 with usage and upgradeUrl', async () => {
      const { get } = setup({}, FIXTURE_KEYS.exhausted);
      const response = await get('/api/prompt-api/prompts/welcome-email');
      expect(response.status).toBe(429);
      expect(await response.json()).toEqual({
        error: 'Usage limit exceeded',
        code: 'USAGE_LIMIT_EXCEEDED',
        usage: { used: 5000, limit: 5000 },
        upgradeUrl: expect.stringMatching(/^https:/),
      });
      expect(response.headers.get('x-ratelimit-remaining')).toBe('0');
    });

    it('401 INVALID_KEY when the server’s key is refused', async () => {
      const { get } = setup({}, FIXTURE_KEYS.revoked);
      const response = await get('/api/prompt-api/prompts');
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ error: 'API key is invalid or has been revoked', code: 'INVALID_KEY' });
    });

    it('an API that does not answer: 502 INTERNAL_ERROR, which the browser’s client retries', async () => {
      const { api, get } = setup();
      api.db.faults.inject({ kind: 'network-error' });
      const response = await get('/api/prompt-api/prompts');
      expect(response.status).toBe(502);
      expect(await response.json()).toEqual({ error: 'The prompt service did not answer', code: 'INTERNAL_ERROR' });
    });

    it('a 500 with stale content cached: the stale content', async () => {
      const advance = frozenClock();
      const { api, get } = setup();
      await get('/api/prompt-api/composers/onboarding-flow');
      api.db.faults.inject({ kind: 'server-error', rate: 1 });
      advance(60_001);
      expect((await get('/api/prompt-api/composers/onboarding-flow')).status).toBe(200);
      const failed = await get('/api/prompt-api/composers/onboarding-flow?version=1.0.0');
      expect(failed.status).toBe(500);
      expect(await failed.json()).toEqual({ error: 'Internal server error', code: 'INTERNAL_ERROR' });
    });
  });

  describe('HTTP caching', () => {
    it('an ETag, the same for the same content on every server; If-None-Match gets 304 without a body', async () => {
      const { get } = setup();
      const first = await get('/api/prompt-api/prompts/welcome-email');
      const tag = first.headers.get('etag');
      expect(tag).toMatch(/^"[\w-]{27}"$/);
      const other = createPromptApiHandler({ client: instance({}).client });
      expect((await other(new Request(`${APP}/api/prompt-api/prompts/welcome-email`))).headers.get('etag')).toBe(tag);
      for (const ifNoneMatch of [tag!, `W/${tag}`, `"other", ${tag}`, '*']) {
        const revalidated = await get('/api/prompt-api/prompts/welcome-email', { 'if-none-match': ifNoneMatch });
        expect(revalidated.status).toBe(304);
        expect(await revalidated.text()).toBe('');
        expect(revalidated.headers.get('etag')).toBe(tag);
        expect(revalidated.headers.get('x-ratelimit-limit')).toBe('5000');
      }
      expect((await get('/api/prompt-api/prompts/welcome-email', { 'if-none-match': '"other"' })).status).toBe(200);
    });

    it('pinned versions may be kept a year; latest items and lists are revalidated on each use', async () => {
      const { get } = setup();
      expect((await get('/api/prompt-api/prompts/welcome-email?version=1.0.0')).headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
      expect((await get('/api/prompt-api/prompts/welcome-email')).headers.get('cache-control')).toBe('private, no-cache');
      expect((await get('/api/prompt-api/composers')).headers.get('cache-control')).toBe('private, no-cache');
    });

    it('publicCaching lets shared caches keep them', async () => {
      const { get } = setup({ publicCaching: true });
      expect((await get('/api/prompt-api/prompts/welcome-email?version=1.0.0')).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect((await get('/api/prompt-api/prompts')).headers.get('cache-control')).toBe('public, no-cache');
    });
  });

  it('answers below another basePath', async () => {
    const { get } = setup({ basePath: '/prompt-service/' });
    expect((await get('/prompt-service/prompts/welcome-email')).status).toBe(200);
    expect((await get('/api/prompt-api/prompts/welcome-email')).status).toBe(404);
  });

  describe('work after the response (waitUntil)', () => {
    /** A stale list whose refresh waits at the API until `open()`; what `waitUntil` was given. */
    async function staleRead() {
      const advance = frozenClock();
      const { api, server, handler } = setup();
      await handler(new Request(`${APP}/api/prompt-api/prompts`));
      advance(60_001);
      let open: () => void = () => {};
      const gate = new Promise<void>((resolve) => (open = resolve));
      msw.use(http.get(`${BASE_URL}/prompts`, async () => (await gate, undefined)));
      return { api, server, handler, open, cold: api.seen.length };
    }

    it('a request’s own waitUntil (a Worker’s ctx) keeps the stale read’s refresh alive until it has landed', async () => {
      const { api, server, handler, open, cold } = await staleRead();
      const kept: Promise<unknown>[] = [];
      const ctx = { waitUntil: (promise: Promise<unknown>) => void kept.push(promise), passThroughOnException() {} };
      const response = await handler(new Request(`${APP}/api/prompt-api/prompts/welcome-email`), ctx);
      expect(response.status).toBe(200);
      expect(kept).toHaveLength(1);
      let settled = false;
      void kept[0]!.then(() => (settled = true));
      await new Promise((resolve) => setTimeout(resolve, 20));
      // The answer went out; the refresh is still at the API, and waitUntil still holds it.
      expect(settled).toBe(false);
      open();
      await kept[0];
      expect(api.seen.slice(cold)).toEqual(['/prompts?include_versions=true']);
      // Nothing of the cache's work is left once the promise settles: the writes after the refresh included.
      let idle = false;
      void server.cache.idle().then(() => (idle = true));
      await Promise.resolve();
      expect(idle).toBe(true);
    });

    it('the option’s waitUntil (Next.js after, Vercel’s waitUntil) where the request brings none; another context (Next.js’s params) is ignored', async () => {
      const kept: Promise<unknown>[] = [];
      const { api, server, open, cold } = await staleRead();
      const handler = createPromptApiHandler({ client: server.client, waitUntil: (promise) => void kept.push(promise) });
      expect((await handler(new Request(`${APP}/api/prompt-api/prompts`), { params: Promise.resolve({ path: ['prompts'] }) })).status).toBe(200);
      expect(kept).toHaveLength(1);
      open();
      await kept[0];
      expect(api.seen.length).toBeGreaterThan(cold);
    });
  });

  it('works without a cache too (every read is a request)', async () => {
    const api = mockApi();
    const client = createPromptApiClient({ baseUrl: BASE_URL, apiKey: FIXTURE_KEYS.free });
    const handler = createPromptApiHandler({ client });
    expect((await handler(new Request(`${APP}/api/prompt-api/prompts`))).status).toBe(200);
    expect((await handler(new Request(`${APP}/api/prompt-api/prompts`))).status).toBe(200);
    expect(api.seen).toEqual(['/prompts', '/prompts']);
  });
});
