// createPromptCache, one server: what it keeps, for how long, and what one refresh costs. Each kind's list
// with versions is its index: it answers both lists and every latest item, and says what exists.
import { http } from 'msw';
import { createPromptApiClient, memoryStore } from 'prompt-composer-react';
import { createMockDb, FIXTURE_KEYS, FIXTURE_PROMPTS } from 'prompt-composer-react/mocks';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../msw-server.ts';
import { BASE_URL, frozenClock, instance, mockApi, rejection, settle } from './harness.ts';

afterEach(() => {
  vi.useRealTimers();
});

const MINUTE = 60_000;
const newVersion = { ...FIXTURE_PROMPTS.find((prompt) => prompt.promptId === 'welcome-email' && prompt.version === '2.0.0')!, version: '3.0.0', status: undefined };

describe('given one server with a cache', () => {
  it('a list answers every latest item of its kind, and the list with versions: one request', async () => {
    const api = mockApi();
    const { client } = instance();
    const list = await client.listPrompts();
    const welcome = await client.getPrompt('welcome-email');
    const support = await client.getPrompt('support-reply');
    const withVersions = await client.listPrompts({ includeVersions: true });
    expect(api.seen).toEqual(['/prompts?include_versions=true']);
    expect(list.every((prompt) => prompt.publishedVersions === undefined)).toBe(true);
    expect(withVersions.map(({ publishedVersions: _versions, ...prompt }) => prompt)).toEqual(list);
    expect(welcome).toEqual(list.find((prompt) => prompt.promptId === 'welcome-email'));
    expect(support).toEqual(list.find((prompt) => prompt.promptId === 'support-reply'));
  });

  it('identical reads at the same time share one request', async () => {
    const api = mockApi();
    const { client } = instance();
    const composers = await Promise.all(Array.from({ length: 5 }, () => client.getComposer('onboarding-flow', { version: '1.0.0' })));
    expect(new Set(composers.map((composer) => composer.version))).toEqual(new Set(['1.0.0']));
    expect(api.seen).toEqual(['/composers?include_versions=true', '/composers/onboarding-flow?version=1.0.0']);
  });

  it('a pinned version the list names is fetched once and never goes stale; the latest one costs nothing', async () => {
    const advance = frozenClock();
    const api = mockApi();
    const { client } = instance({ ttlMs: MINUTE });
    await client.getPrompt('welcome-email', { version: '1.0.0' });
    expect((await client.getPrompt('welcome-email', { version: '2.0.0' })).version).toBe('2.0.0');
    advance(400 * 24 * 60 * MINUTE);
    expect((await client.getPrompt('welcome-email', { version: '1.0.0' })).version).toBe('1.0.0');
    expect((await client.getPrompt('welcome-email', { version: '2.0.0' })).version).toBe('2.0.0');
    expect(api.seen).toEqual(['/prompts?include_versions=true', '/prompts/welcome-email?version=1.0.0']);
  });

  it('a pinned version read before is answered from its own entry: the store is asked for it and the account, not for its list', async () => {
    mockApi();
    const store = memoryStore();
    const asked: string[] = [];
    const { client } = instance({ store: { ...store, get: (key) => (asked.push(key), store.get(key)) } });
    await client.getPrompt('welcome-email', { version: '1.0.0' });
    asked.length = 0;
    expect((await client.getPrompt('welcome-email', { version: '1.0.0' })).version).toBe('1.0.0');
    expect(asked).toHaveLength(2);
    expect(asked.filter((key) => key.endsWith(':account') || key.includes(':entry:'))).toEqual(asked);
  });

  it('a client whose key is a function: each read asks it, and the cache still answers all of them from one request', async () => {
    const api = mockApi();
    const { cache } = instance();
    let asked = 0;
    const apiKey = () => (asked++, FIXTURE_KEYS.free);
    const client = createPromptApiClient({ baseUrl: BASE_URL, apiKey, scope: 'user-1', cache });
    expect((await client.listPrompts()).map((prompt) => prompt.promptId)).toContain('welcome-email');
    expect((await client.getPrompt('welcome-email')).promptId).toBe('welcome-email');
    expect((await client.getPrompt('welcome-email')).promptId).toBe('welcome-email');
    expect(asked).toBe(3);
    expect(api.seen).toEqual(['/prompts?include_versions=true']);
  });

  it('a client whose key no header can carry: refused by its own pipeline (API_KEY_ERROR), beside a cache that holds the content', async () => {
    mockApi();
    const { cache, client: good } = instance();
    await good.listPrompts();
    const bad = createPromptApiClient({ baseUrl: BASE_URL, apiKey: `${FIXTURE_KEYS.free}\nX-Injected: 1`, cache });
    expect(await rejection(bad.getPrompt('welcome-email'))).toMatchObject({ code: 'API_KEY_ERROR' });
  });

  it('leaves other requests to fetch as they are', async () => {
    const seen: string[] = [];
    server.use(http.all('https://elsewhere.test/*', ({ request }) => (seen.push(`${request.method} ${request.url}`), new Response('ok'))));
    const cachedFetch = instance().cache.wrapFetch(globalThis.fetch);
    await cachedFetch('https://elsewhere.test/health');
    await cachedFetch('https://elsewhere.test/health');
    await cachedFetch(`https://elsewhere.test/prompts`, { method: 'POST' });
    expect(seen).toEqual(['GET https://elsewhere.test/health', 'GET https://elsewhere.test/health', 'POST https://elsewhere.test/prompts']);
  });

  describe('when ttlMs has passed', () => {
    it('serves the stale content at once, and one list request per kind refreshes every list and latest item', async () => {
      const advance = frozenClock();
      const api = mockApi();
      const server = instance({ ttlMs: MINUTE });
      const { client } = server;
      await client.listPrompts();
      await client.getComposer('onboarding-flow');
      await client.listPrompts({ includeVersions: true });
      api.db.addPrompt(newVersion);

      advance(MINUTE - 1);
      expect((await client.getPrompt('welcome-email')).version).toBe('2.0.0');
      await settle(server);
      expect(api.seen).toEqual(['/prompts?include_versions=true', '/composers?include_versions=true']);

      advance(MINUTE);
      const stale = await Promise.all([client.getPrompt('welcome-email'), client.getPrompt('support-reply'), client.listPrompts(), client.getComposer('onboarding-flow')]);
      expect(stale[0].version).toBe('2.0.0');
      await settle(server);
      expect(api.seen.slice(2).sort()).toEqual(['/composers?include_versions=true', '/prompts?include_versions=true']);

      expect((await client.getPrompt('welcome-email')).version).toBe('3.0.0');
      const list = await client.listPrompts();
      expect(list.find((prompt) => prompt.promptId === 'welcome-email')).toEqual(expect.objectContaining({ version: '3.0.0' }));
      expect(list.every((prompt) => prompt.publishedVersions === undefined)).toBe(true);
      const withVersions = await client.listPrompts({ includeVersions: true });
      expect(withVersions.find((prompt) => prompt.promptId === 'welcome-email')?.publishedVersions?.map((entry) => entry.version)).toEqual(['1.0.0', '1.1.0', '2.0.0', '3.0.0']);
      expect(api.seen).toHaveLength(4);
    });

    it('an item unpublished since is not in the refreshed list: its reads are 404 without a request', async () => {
      const advance = frozenClock();
      const api = mockApi();
      const server = instance({ ttlMs: MINUTE });
      await server.client.getPrompt('ticket-triage');
      advance(MINUTE + 1);
      api.swap(createMockDb({ prompts: FIXTURE_PROMPTS.filter((prompt) => prompt.promptId !== 'ticket-triage') }));

      expect((await server.client.getPrompt('ticket-triage')).promptId).toBe('ticket-triage');
      await settle(server);
      expect(api.seen).toEqual(['/prompts?include_versions=true', '/prompts?include_versions=true']);
      for (let read = 0; read < 3; read++) {
        expect(await rejection(server.client.getPrompt('ticket-triage'))).toMatchObject({ status: 404, code: 'NOT_FOUND', message: expect.stringMatching(/Prompt not found/) });
      }
      expect(api.seen).toHaveLength(2);
    });

    it('an id published since: read after ttlMs, it waits for the list’s refresh and is found', async () => {
      const advance = frozenClock();
      const api = mockApi();
      const server = instance({ ttlMs: MINUTE });
      expect((await rejection(server.client.getPrompt('fresh-launch'))).code).toBe('NOT_FOUND');
      api.db.addPrompt({ ...newVersion, promptId: 'fresh-launch', version: '1.0.0' });
      advance(MINUTE - 1);
      expect((await rejection(server.client.getPrompt('fresh-launch'))).code).toBe('NOT_FOUND');
      expect(api.seen).toEqual(['/prompts?include_versions=true']);
      advance(2);
      expect((await server.client.getPrompt('fresh-launch')).version).toBe('1.0.0');
      expect(api.seen).toEqual(['/prompts?include_versions=true', '/prompts?include_versions=true']);
    });
  });

  describe('the default ttlMs comes from the quota', () => {
    // Free: 2 requests a refresh, 2,500 a 31-day month at half the quota: every 2,142,720 ms (35.7 min).
    it.each([
      { plan: 'Free', apiKey: FIXTURE_KEYS.free, quotaShare: undefined, ttlMs: 2_142_720 },
      { plan: 'Free at a quarter', apiKey: FIXTURE_KEYS.free, quotaShare: 0.25, ttlMs: 4_285_440 },
      { plan: 'Pro', apiKey: FIXTURE_KEYS.pro, quotaShare: undefined, ttlMs: 214_272 },
    ])('$plan: fresh for $ttlMs ms', async ({ apiKey, quotaShare, ttlMs }) => {
      const advance = frozenClock();
      const api = mockApi();
      const server = instance({ quotaShare }, apiKey);
      await server.client.getComposer('onboarding-flow');
      advance(ttlMs - 1);
      await server.client.getComposer('onboarding-flow');
      await settle(server);
      expect(api.seen).toEqual(['/composers?include_versions=true']);
      advance(2);
      await server.client.getComposer('onboarding-flow');
      await settle(server);
      expect(api.seen).toEqual(['/composers?include_versions=true', '/composers?include_versions=true']);
    });

    it('refuses a quotaShare outside (0, 1]', async () => {
      const { createPromptCache } = await import('prompt-composer-react');
      expect(() => createPromptCache({ quotaShare: 0 })).toThrow(RangeError);
      expect(() => createPromptCache({ quotaShare: 1.5 })).toThrow(/quotaShare must be above 0 and at most 1/);
    });
  });

  describe('with a caller that gives up', () => {
    it('its read rejects ABORTED; the request goes on for the others', async () => {
      const seen: string[] = [];
      let release: () => void = () => {};
      const gate = new Promise<void>((resolve) => (release = resolve));
      mockApi();
      server.use(http.get(`${BASE_URL}/prompts`, async () => (seen.push('prompts'), await gate, undefined)));
      const { client } = instance();
      const controller = new AbortController();
      const abandoned = client.getPrompt('welcome-email', { signal: controller.signal });
      const kept = client.getPrompt('welcome-email');
      await vi.waitFor(() => expect(seen).toEqual(['prompts']));
      controller.abort();
      expect((await rejection(abandoned)).code).toBe('ABORTED');
      release();
      expect((await kept).version).toBe('2.0.0');
      expect(seen).toEqual(['prompts']);
    });
  });
});
