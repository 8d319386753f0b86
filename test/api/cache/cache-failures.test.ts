// createPromptCache when the API fails for a while: what each failure costs upstream (each target backs
// off on its own, failures in a row doubling the wait), what keeps being served, and what memory and the
// store budget hold while it lasts.
import { HttpResponse, http } from 'msw';
import { createPromptApiClient, createPromptCache, memoryStore, type PromptCacheEvent, type PromptCacheStore } from 'prompt-composer-react';
import { FIXTURE_KEYS, FIXTURE_PROMPTS } from 'prompt-composer-react/mocks';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server as msw } from '../../msw-server.ts';
import { accountOf, BASE_URL, fleet, frozenClock, instance, mockApi, rejection, settle } from './harness.ts';

afterEach(() => {
  vi.useRealTimers();
});

const SECOND = 1000;
const MINUTE = 60 * SECOND;

/** How many requests reached each path. */
const countBy = (seen: string[]) => seen.reduce((counts, path) => counts.set(path, (counts.get(path) ?? 0) + 1), new Map<string, number>());

describe('when the API fails for a minute', () => {
  it.each([1, 4])('pinned versions the list names back off each, on %i server(s): 4 requests a version in 60 s (5, 10, 20, 40 s apart), not 12', async (servers) => {
    const advance = frozenClock();
    const api = mockApi();
    const options = { ttlMs: 10 * MINUTE, errorTtlMs: 5 * SECOND, onEvent: () => {} };
    const sites = servers === 1 ? [instance(options)] : fleet(servers, options);
    const server = sites[0]!;
    const pinned = (await server.client.listPrompts({ includeVersions: true })).flatMap((prompt) =>
      (prompt.publishedVersions ?? []).filter((version) => version.version !== prompt.version).map((version) => [prompt.promptId, version.version] as const),
    );
    expect(pinned.length).toBeGreaterThanOrEqual(2);
    api.db.faults.inject({ kind: 'server-error', rate: 1 });
    const before = api.seen.length;
    for (let second = 0; second < 60; second++) {
      // Each second on the next server: the count of failures in a row is the fleet's.
      const { client } = sites[second % sites.length]!;
      for (const [id, version] of pinned) expect((await rejection(client.getPrompt(id, { version }))).status).toBe(500);
      await settle(...sites);
      advance(SECOND);
    }
    const counts = countBy(api.seen.slice(before));
    expect(counts.size).toBe(pinned.length);
    expect(new Set(counts.values())).toEqual(new Set([4]));
  });

  it('while the list fails and items answer, a stale item refreshes through its own endpoint', async () => {
    const advance = frozenClock();
    const api = mockApi();
    const server = instance({ ttlMs: 2 * SECOND, errorTtlMs: SECOND });
    expect((await server.client.getPrompt('welcome-email')).version).toBe('2.0.0');
    const welcome = FIXTURE_PROMPTS.find((prompt) => prompt.promptId === 'welcome-email' && prompt.version === '2.0.0')!;
    api.db.addPrompt({ ...welcome, version: '3.0.0', status: undefined });
    let lists = 0;
    msw.use(http.get(`${BASE_URL}/prompts`, () => (lists++, HttpResponse.json({ error: 'Unavailable', code: 'INTERNAL_ERROR' }, { status: 503 }))));
    advance(2 * SECOND + 1);
    const versions: string[] = [];
    for (let read = 0; read < 39; read++) {
      versions.push((await server.client.getPrompt('welcome-email')).version);
      await settle(server);
      advance(100);
    }
    // The first read refreshes the list (which fails), the second the item alone: from the third on, 3.0.0.
    expect(versions.slice(2)).toEqual(Array(37).fill('3.0.0'));
    // 4 s of reads: the item once a ttl (2 s), the list as its back-off allows.
    expect(countBy(api.seen)).toEqual(new Map([['/prompts?include_versions=true', 1], ['/prompts/welcome-email', 2]]));
    // Not on every stale read: at 0 s (then 1 s apart), at 1 s (then 2 s); the item, refreshed at 2.1 s, is fresh past 4 s.
    expect(lists).toBe(2);
  });
});

describe('given a list with one item outside the contract', () => {
  it('50 items read for 15 s (ttlMs 3 s) cost at most 2 requests a ttl, and the bad item is answered from its last good copy', async () => {
    const advance = frozenClock();
    const api = mockApi(accountOf(50));
    const server = instance({ ttlMs: 3 * SECOND });
    expect(await server.client.listPrompts()).toHaveLength(50);
    let broken = 0;
    msw.use(
      http.get(`${BASE_URL}/prompts`, () => {
        broken++;
        return HttpResponse.json(api.db.listPrompts({ includeVersions: true }).map((prompt) => (prompt.promptId === 'p7' ? { ...prompt, config: { ...prompt.config, temperature: 3 } } : prompt)));
      }),
      http.get(`${BASE_URL}/prompts/p7`, () => (broken++, HttpResponse.json({ ...api.db.listPrompts()[7], config: { temperature: 3 } }))),
    );
    const before = api.seen.length;
    for (let second = 0; second < 15; second++) {
      for (let id = 0; id < 50; id++) expect((await server.client.getPrompt(`p${id}`)).promptId).toBe(`p${id}`);
      await settle(server);
      advance(SECOND);
    }
    // 15 s are 5 ttls: at most 10 requests, where every item refreshing alone cost 250.
    const spent = api.seen.length - before + broken;
    expect(spent).toBeGreaterThanOrEqual(3);
    expect(spent).toBeLessThanOrEqual(2 * 5);
  });
});

describe('given one cache serving many API keys', () => {
  it('keeps the parsed lists of the 8 accounts read last: the ninth key back costs its list again, the last eight none', async () => {
    const api = mockApi(accountOf(200));
    const keys = Array.from({ length: 10 }, (_, index) => `pk_tenant_${index}`);
    for (const key of keys) api.db.addKey({ key, plan: 'pro' });
    const cache = createPromptCache({ onEvent: () => {} });
    const clients = keys.map((apiKey) => createPromptApiClient({ baseUrl: BASE_URL, apiKey, cache }));
    for (const client of clients) expect(await client.listPrompts()).toHaveLength(200);
    const before = api.seen.length;
    for (const client of clients.slice(2)) expect((await client.getPrompt('p1')).promptId).toBe('p1');
    expect(api.seen).toHaveLength(before);
    expect((await clients[0]!.getPrompt('p1')).promptId).toBe('p1');
    expect(api.seen.slice(before)).toEqual(['/prompts?include_versions=true']);
  });

  it('with a shared store, an account read again after it was dropped loads its list from the store, without a request', async () => {
    const api = mockApi(accountOf(200));
    const keys = Array.from({ length: 3 }, (_, index) => `pk_tenant_${index}`);
    for (const key of keys) api.db.addKey({ key, plan: 'pro' });
    const cache = createPromptCache({ onEvent: () => {}, store: memoryStore(), maxAccounts: 1 });
    const clients = keys.map((apiKey) => createPromptApiClient({ baseUrl: BASE_URL, apiKey, cache }));
    for (const client of clients) expect(await client.listPrompts()).toHaveLength(200);
    await cache.idle();
    const before = api.seen.length;
    for (const client of clients) expect((await client.getPrompt('p3')).promptId).toBe('p3');
    expect(api.seen).toHaveLength(before);
  });
});

describe('given a misconfiguration', () => {
  it('an empty secret (a variable set to nothing) is refused at creation, saying what to give', () => {
    expect(() => createPromptCache({ secret: '' })).toThrow(/secret is empty.*32 random characters/);
  });
});

describe('given a shared store 100 ms away', () => {
  /** `inner`, each operation answered 100 ms later. */
  function distant(inner: PromptCacheStore = memoryStore()): PromptCacheStore {
    const later = <T>(operation: () => T) => new Promise<Awaited<T>>((resolve) => setTimeout(() => resolve(Promise.resolve(operation())), 100));
    return {
      get: (key) => later(() => inner.get(key)),
      set: (key, value, ttlMs) => later(() => inner.set(key, value, ttlMs)),
      add: (key, value, ttlMs) => later(() => inner.add(key, value, ttlMs)),
      delete: (key) => later(() => inner.delete(key)),
      deleteIf: (key, value) => later(() => inner.deleteIf!(key, value)),
    };
  }

  it('a read’s parallel operations are charged once: the probe of a refused key takes the fleet’s lock in the store', async () => {
    const api = mockApi();
    const events: PromptCacheEvent[] = [];
    // The read looks up three keys at once (100 ms of wall time, 300 summed), then takes the lock (100 ms
    // more). A budget under the sum: charged summed, nothing is left for the lock; charged as wall time,
    // 190 ms are, and a busy machine's late timers have 90 ms of room (a 50 ms budget and a store 20 ms
    // away left 8).
    const cache = createPromptCache({ onEvent: (event) => events.push(event), store: distant(), errorTtlMs: 300, storeBudgetMs: 290 });
    const client = createPromptApiClient({ baseUrl: BASE_URL, apiKey: FIXTURE_KEYS.free, cache });
    await client.getPrompt('welcome-email');
    api.db.revokeKey(FIXTURE_KEYS.free);
    await client.getPrompt('welcome-email', { version: '1.0.0' }).catch(() => {});
    await cache.idle();
    api.db.addKey({ key: FIXTURE_KEYS.free, plan: 'free' });
    await new Promise((resolve) => setTimeout(resolve, 350));
    events.length = 0;
    const before = api.seen.length;
    expect((await client.getPrompt('welcome-email')).promptId).toBe('welcome-email');
    const adds = events.filter((event) => event.type === 'store' && event.operation === 'add');
    expect(adds.map((event) => event.type === 'store' && event.outcome)).toEqual(expect.arrayContaining(['ok']));
    expect(adds.filter((event) => event.type === 'store' && event.outcome !== 'ok')).toEqual([]);
    expect(api.seen.length - before).toBe(1);
  });
});
