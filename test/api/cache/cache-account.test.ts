// createPromptCache on large accounts and on what the account's record keeps: nothing of what a refresh
// just wrote is evicted, a list that keeps failing lets items refresh alone, a remembered 429 is checked
// again, and Retry-After is kept.
import { HttpResponse, http } from 'msw';
import { createPromptApiClient, createPromptCache } from 'prompt-composer-react';
import { FIXTURE_KEYS, FIXTURE_PROMPTS } from 'prompt-composer-react/mocks';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../msw-server.ts';
import { accountOf, BASE_URL, frozenClock, instance, mockApi, rejection, settle, healthInto } from './harness.ts';

afterEach(() => {
  vi.useRealTimers();
});

const MINUTE = 60_000;

describe('given an account larger than the memory store’s 2,000 entries', () => {
  it('2,500 prompts: the list read three times and an item cost one request', { timeout: 30_000 }, async () => {
    const api = mockApi(accountOf(2500));
    const { client } = instance();
    for (let read = 0; read < 3; read++) expect(await client.listPrompts()).toHaveLength(2500);
    expect((await client.getPrompt('p0')).promptId).toBe('p0');
    expect(api.seen).toHaveLength(1);
  });

  it('another account’s refresh of 2,500 prompts does not evict this account’s remembered 429', { timeout: 30_000 }, async () => {
    const api = mockApi(accountOf(2500));
    api.db.addKey({ key: 'pk_big_account', plan: 'pro' });
    const cache = createPromptCache({ onEvent: () => {} });
    const spent = createPromptApiClient({ baseUrl: BASE_URL, apiKey: FIXTURE_KEYS.exhausted, cache });
    const big = createPromptApiClient({ baseUrl: BASE_URL, apiKey: 'pk_big_account', cache });
    expect((await rejection(spent.getPrompt('p1'))).code).toBe('USAGE_LIMIT_EXCEEDED');
    expect(await big.listPrompts()).toHaveLength(2500);
    for (let index = 0; index < 2500; index += 250) await big.getPrompt(`p${index}`);
    const before = api.seen.length;
    expect((await rejection(spent.getPrompt('p2'))).code).toBe('USAGE_LIMIT_EXCEEDED');
    expect(api.seen).toHaveLength(before);
  });

  it('10,000 prompts on the default memory store: a list, four items, the list again, a stale item and the item after its refresh cost two requests', async () => {
    const advance = frozenClock();
    const api = mockApi(accountOf(10_000));
    const warnings: string[] = [];
    const server = instance({ ttlMs: MINUTE, onEvent: healthInto(warnings) });
    const { client } = server;
    expect(await client.listPrompts()).toHaveLength(10_000);
    for (const id of ['p0', 'p1', 'p5000', 'p9999']) expect((await client.getPrompt(id)).promptId).toBe(id);
    expect(await client.listPrompts()).toHaveLength(10_000);
    advance(MINUTE + 1);
    expect((await client.getPrompt('p42')).promptId).toBe('p42');
    await settle(server);
    expect((await client.getPrompt('p42')).promptId).toBe('p42');
    expect(api.seen).toHaveLength(2);
    expect(warnings).toEqual([]);
  }, 60_000);
});

describe('given a list that keeps failing', () => {
  it('one item outside the contract: the last good list keeps answering, items refresh alone, a publish becomes visible, and the list backs off', async () => {
    const advance = frozenClock();
    const api = mockApi();
    const server = instance({ ttlMs: MINUTE, errorTtlMs: 20 });
    const { client } = server;
    expect((await client.getPrompt('welcome-email')).version).toBe('2.0.0');
    // A new version is published, and from now on the list breaks the contract there (a temperature of 5).
    const welcome = FIXTURE_PROMPTS.find((prompt) => prompt.promptId === 'welcome-email' && prompt.version === '2.0.0')!;
    api.db.addPrompt({ ...welcome, version: '3.0.0', status: undefined });
    const lists: string[] = [];
    const broken = () =>
      HttpResponse.json(
        api.db.listPrompts({ includeVersions: true }).map((prompt) => (prompt.promptId === 'welcome-email' ? { ...prompt, config: { ...prompt.config, temperature: 5 } } : prompt)),
      );
    answerList(broken, lists, api.seen);

    advance(MINUTE + 1);
    const versions = new Set<string>();
    // A second of reads, 21 ms apart: past errorTtlMs each time.
    for (let read = 0; read < 48; read++) {
      versions.add((await client.getPrompt('welcome-email')).version);
      await settle(server);
      advance(21);
    }
    // Asked again after errorTtlMs (20 ms), then 40, 80 ...: twice in this second, where main asked 48 times.
    expect(lists).toHaveLength(2);
    expect([...versions]).toEqual(['2.0.0', '3.0.0']);
    expect(api.seen.filter((path) => path === '/prompts/welcome-email')).toHaveLength(1);
    // The list read as a list: the last one that met the contract (stale), not the broken one.
    expect((await client.listPrompts()).find((prompt) => prompt.promptId === 'welcome-email')?.version).toBe('2.0.0');
    // An interval after its first failure, the list is asked again: once the API fixes it, it wins.
    answerList(() => HttpResponse.json(api.db.listPrompts({ includeVersions: true })), lists, api.seen);
    advance(MINUTE);
    await client.listPrompts();
    await settle(server);
    expect((await client.listPrompts()).find((prompt) => prompt.promptId === 'welcome-email')?.version).toBe('3.0.0');
    expect(lists).toHaveLength(3);
  });
});

/** Answers the prompts list with `respond` from now on, counting it in `lists` and `seen`. */
function answerList(respond: () => Response, lists: string[], seen: string[]) {
  server.use(
    http.get(`${BASE_URL}/prompts`, ({ request }) => {
      const url = new URL(request.url);
      lists.push(url.search);
      seen.push(`/prompts${url.search}`);
      return respond();
    }),
  );
}

describe('given a spent quota (429) remembered by the cache', () => {
  it('one request an interval checks it again, and the first success lifts it (a plan upgrade)', async () => {
    const advance = frozenClock();
    const api = mockApi();
    const server = instance({ errorTtlMs: 5000 }, FIXTURE_KEYS.exhausted);
    const { client } = server;
    for (let read = 0; read < 3; read++) expect((await rejection(client.getPrompt('welcome-email'))).code).toBe('USAGE_LIMIT_EXCEEDED');
    expect(api.seen).toHaveLength(1);
    advance(5001);
    for (let read = 0; read < 3; read++) expect((await rejection(client.getComposer('onboarding-flow'))).code).toBe('USAGE_LIMIT_EXCEEDED');
    expect(api.seen).toHaveLength(2);

    api.db.addKey({ key: FIXTURE_KEYS.exhausted, plan: 'pro', used: 5000 });
    advance(5001);
    expect((await client.getComposer('onboarding-flow')).composerId).toBe('onboarding-flow');
    expect((await client.getPrompt('welcome-email')).promptId).toBe('welcome-email');
    expect(api.seen).toHaveLength(4);
    expect(client.usage.getSnapshot()).toMatchObject({ limit: 50_000, exceeded: false });
  });
});

describe('Retry-After', () => {
  it.each([
    [429, { error: 'Usage limit exceeded', code: 'USAGE_LIMIT_EXCEEDED', usage: { used: 5000, limit: 5000 }, upgradeUrl: 'https://example.com/upgrade' }],
    [503, { error: 'Internal server error', code: 'INTERNAL_ERROR' }],
  ])('of a %s is kept, counting down, on the answer and on the remembered answers after it', async (status, body) => {
    const advance = frozenClock();
    mockApi();
    server.use(http.get(`${BASE_URL}/prompts/welcome-email`, () => HttpResponse.json(body, { status, headers: { 'Retry-After': '30' } })));
    const { client } = instance({ errorTtlMs: 60_000 });
    expect((await rejection(client.getPrompt('welcome-email', { version: '1.0.0' }))).retryAfterMs).toBe(30_000);
    advance(10_000);
    expect((await rejection(client.getPrompt('welcome-email', { version: '1.0.0' }))).retryAfterMs).toBe(20_000);
  });
});
