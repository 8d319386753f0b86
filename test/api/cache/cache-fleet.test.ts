// createPromptCache, many servers on one store: one request for the fleet, the account's usage shared,
// locks that free themselves, and a store that fails.
import { HttpResponse, http } from 'msw';
import { memoryStore, type PromptCacheStore } from 'prompt-composer-react';
import { FIXTURE_KEYS } from 'prompt-composer-react/mocks';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../msw-server.ts';
import { BASE_URL, fleet, frozenClock, instance, mockApi, page, settle, healthInto } from './harness.ts';

afterEach(() => {
  vi.useRealTimers();
});

const MINUTE = 60_000;

/** A store that can be switched off (every operation throws) or made to hang. */
function flakyStore(inner: PromptCacheStore = memoryStore()) {
  const state = { mode: 'up' as 'up' | 'down' | 'hanging' };
  const guard = <T>(run: () => T): T | Promise<never> => {
    if (state.mode === 'down') throw new Error('connection refused');
    if (state.mode === 'hanging') return new Promise<never>(() => {});
    return run();
  };
  const store: PromptCacheStore = {
    get: (key) => guard(() => inner.get(key)),
    set: (key, value, ttlMs) => guard(() => inner.set(key, value, ttlMs)),
    add: (key, value, ttlMs) => guard(() => inner.add(key, value, ttlMs)),
    delete: (key) => guard(() => inner.delete(key)),
  };
  return { store, state };
}

describe('given four servers sharing one store', () => {
  it('the cold wave sends each distinct request once for the fleet', async () => {
    const api = mockApi();
    const servers = fleet(4);
    const pages = await Promise.all(servers.flatMap((server) => [page(server.client), page(server.client)]));
    expect(new Set(pages.map((views) => JSON.stringify(views))).size).toBe(1);
    expect(api.seen.length).toBe(new Set(api.seen).size);
    expect(api.seen.length).toBeLessThanOrEqual(5);
    await Promise.all(servers.map((server) => page(server.client)));
    expect(api.seen.length).toBeLessThanOrEqual(5);
  });

  it('a stale fleet refreshes with two requests, and every server sees the new version', async () => {
    const advance = frozenClock();
    const api = mockApi();
    const servers = fleet(4, { ttlMs: MINUTE });
    await Promise.all(servers.map((server) => page(server.client)));
    const cold = api.seen.length;
    api.db.addPrompt({ ...(await servers[0]!.client.getPrompt('welcome-email')), version: '3.0.0' });
    advance(MINUTE + 1);
    await Promise.all(servers.map((server) => page(server.client)));
    await settle(...servers);
    expect(api.seen.slice(cold).sort()).toEqual(['/composers?include_versions=true', '/prompts?include_versions=true']);
    for (const server of servers) expect((await server.client.getPrompt('welcome-email')).version).toBe('3.0.0');
    expect(api.seen).toHaveLength(cold + 2);
  });

  it("every server reports the latest X-RateLimit-* any of them saw", async () => {
    mockApi();
    const [first, second] = fleet(2);
    await first!.client.getComposer('onboarding-flow');
    await second!.client.getComposer('onboarding-flow');
    expect(second!.client.usage.getSnapshot()).toEqual(first!.client.usage.getSnapshot());
    await first!.client.getPrompt('welcome-email');
    const latest = first!.client.usage.getSnapshot()!;
    await second!.client.getComposer('onboarding-flow');
    expect(second!.client.usage.getSnapshot()?.remaining).toBe(latest.remaining);
  });

  it('a server that takes the lock after another fetched and let it go does not fetch again', async () => {
    const api = mockApi();
    const shared = memoryStore();
    let reached = () => {};
    let open = () => {};
    const atLock = new Promise<void>((resolve) => (reached = resolve));
    const gate = new Promise<void>((resolve) => (open = resolve));
    // The second server looks (nothing cached), then stalls on its way to the lock.
    const stalled: PromptCacheStore = { ...shared, add: async (key, value, ttlMs) => (reached(), await gate, shared.add(key, value, ttlMs)) };
    const late = instance({ store: stalled });
    const early = instance({ store: shared });
    const lateRead = late.client.getComposer('onboarding-flow');
    await atLock;
    await early.client.getComposer('onboarding-flow');
    open();
    expect((await lateRead).composerId).toBe('onboarding-flow');
    expect(api.seen).toEqual(['/composers?include_versions=true']);
  });

  it('a lock whose holder died: another server waits at most lockWaitMs, then fetches itself', async () => {
    const api = mockApi();
    const shared = memoryStore();
    // The first server takes the lock and dies: its request never ends, and nothing it writes arrives.
    const hung: string[] = [];
    server.use(
      http.get(`${BASE_URL}/composers`, ({ request }) => {
        if (request.headers.get('x-server') !== 'dead') return undefined;
        hung.push(new URL(request.url).pathname);
        return new Promise<never>(() => {});
      }),
    );
    const deadStore: PromptCacheStore = { ...shared, set: () => {}, delete: () => {}, deleteIf: () => false };
    const dead = instance({ store: deadStore });
    const alive = instance({ store: shared, lockWaitMs: 300 });
    const wrapped = dead.cache.wrapFetch(globalThis.fetch);
    void wrapped(`${BASE_URL}/composers/onboarding-flow`, { headers: { Authorization: 'Bearer pk_test_free', 'x-server': 'dead' } }).catch(() => {});
    await vi.waitFor(() => expect(hung).toHaveLength(1));
    expect((await alive.client.getComposer('onboarding-flow')).composerId).toBe('onboarding-flow');
    expect(api.seen).toEqual(['/composers?include_versions=true']);
  });
});

describe('what the shared store holds', () => {
  it('never the key: not in a key, and not in a value, even when the API echoes it escaped or encoded', async () => {
    const api = mockApi();
    const secret = 'pk_secret/kept"out_of_redis_42';
    api.db.addKey({ key: secret, plan: 'pro' });
    // A pinned version the list names, answered with the key echoed: plain, JSON-escaped (\/ and \u0070
    // as PHP and others write them, \" ), and percent-encoded in the upgrade link.
    server.use(
      http.get(`${BASE_URL}/prompts/welcome-email`, ({ request }) => {
        if (new URL(request.url).searchParams.get('version') !== '1.1.0') return undefined;
        const key = (request.headers.get('authorization') ?? '').replace('Bearer ', '');
        const escaped = JSON.stringify(key).slice(1, -1).replaceAll('/', '\\/').replace('p', '\\u0070');
        const body = `{"error":"No version for ${escaped} (${key.replaceAll('"', '\\"')})","code":"VERSION_NOT_FOUND","upgradeUrl":"https://up.example/?k=${encodeURIComponent(key)}"}`;
        return new HttpResponse(body, { status: 404, headers: { 'content-type': 'application/json' } });
      }),
    );
    const shared = memoryStore();
    const written: string[] = [];
    const store: PromptCacheStore = {
      ...shared,
      set: (key, value, ttlMs) => (written.push(key, value), shared.set(key, value, ttlMs)),
      add: (key, value, ttlMs) => (written.push(key, value), shared.add(key, value, ttlMs)),
    };
    const { client } = instance({ store }, secret);
    await page(client);
    await client.getPrompt('welcome-email', { version: '1.1.0' }).catch(() => {});
    api.db.revokeKey(secret);
    await client.listComposers().catch(() => {});
    expect(written.length).toBeGreaterThan(5);
    const everything = written.join('\n');
    for (const form of [secret, JSON.stringify(secret).slice(1, -1), encodeURIComponent(secret)]) expect(everything).not.toContain(form);
    expect(JSON.parse(JSON.stringify(everything))).not.toContain(secret);
    expect(everything).toContain('(API key)');
  });
});

describe('with a server secret', () => {
  /** The store's key names after one read by a server with `secret`. */
  async function names(secret: string | undefined): Promise<string[]> {
    const shared = memoryStore();
    const written: string[] = [];
    const store: PromptCacheStore = { ...shared, set: (key, value, ttlMs) => (written.push(key), shared.set(key, value, ttlMs)) };
    await instance({ store, secret }).client.getPrompt('welcome-email');
    return written;
  }
  const partition = (keys: string[]) => new Set(keys.map((key) => key.split(':')[2]));

  it('the partition is an HMAC of the Authorization header, not its plain SHA-256: a guessed key cannot be checked against the names', async () => {
    const { createHash } = await import('node:crypto');
    const plain = createHash('sha256').update(`Bearer ${FIXTURE_KEYS.free}`).digest('hex').slice(0, 32);
    mockApi();
    const [without, withSecret, otherSecret, sameSecret] = [await names(undefined), await names('s3cret-of-this-fleet'), await names('another-secret'), await names('s3cret-of-this-fleet')];
    expect([...partition(without)]).toEqual([plain]);
    expect(withSecret.join('\n')).not.toContain(plain);
    expect(partition(withSecret).size).toBe(1);
    expect(partition(otherSecret)).not.toEqual(partition(withSecret));
    expect(partition(sameSecret)).toEqual(partition(withSecret));
  });
});

describe('given a spent quota remembered by the fleet', () => {
  it('deleting the account’s record in the shared store lifts it on every server (after an upgrade)', async () => {
    const api = mockApi();
    const shared = memoryStore();
    const keys = new Set<string>();
    const store: PromptCacheStore = { ...shared, set: (key, value, ttlMs) => (keys.add(key), shared.set(key, value, ttlMs)) };
    const servers = fleet(2, {}, store);
    api.db.setUsage(FIXTURE_KEYS.free, 5000);
    for (const server of servers) expect(await server.client.getPrompt('welcome-email').catch((error: { code: string }) => error.code)).toBe('USAGE_LIMIT_EXCEEDED');
    expect(api.seen).toEqual(['/prompts?include_versions=true']);

    api.db.setUsage(FIXTURE_KEYS.free, 0);
    for (const key of keys) if (key.endsWith(':account')) await store.delete(key);
    for (const server of servers) expect((await server.client.getPrompt('welcome-email')).promptId).toBe('welcome-email');
    expect(api.seen).toEqual(['/prompts?include_versions=true', '/prompts?include_versions=true']);
  });
});

describe('given a shared store that fails', () => {
  it('answers from its own memory and the API, warns once, and goes back to the store when it answers', async () => {
    const advance = frozenClock();
    const api = mockApi();
    const { store, state } = flakyStore();
    const warnings: string[] = [];
    const first = instance({ store, onEvent: healthInto(warnings) });
    await first.client.getComposer('onboarding-flow');

    state.mode = 'down';
    for (let read = 0; read < 5; read++) expect((await first.client.getComposer('onboarding-flow')).composerId).toBe('onboarding-flow');
    expect((await first.client.getPrompt('welcome-email')).promptId).toBe('welcome-email');
    expect(api.seen).toEqual(['/composers?include_versions=true', '/prompts?include_versions=true']);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/shared store failed \(connection refused\).*own memory/);

    // A read a second later starts one probe (which it does not wait for); the store answers it.
    state.mode = 'up';
    advance(1001);
    await first.client.getPrompt('welcome-email');
    await vi.waitFor(() => expect(warnings).toHaveLength(2));
    expect(warnings[1]).toMatch(/answers again/);
    // What the first server fetched while the store was down goes back into it as it is read: a second
    // server has it.
    await first.client.getPrompt('welcome-email');
    await settle(first);
    const second = instance({ store });
    await second.client.getPrompt('welcome-email');
    expect(api.seen).toHaveLength(2);
  });

  it('a store that throws at once while it is probed: the read is still answered, and the store is probed again until it is back', async () => {
    const advance = frozenClock();
    mockApi();
    const { store, state } = flakyStore();
    const warnings: string[] = [];
    const server = instance({ store, onEvent: healthInto(warnings) });
    const { client } = server;
    await client.getPrompt('welcome-email');
    state.mode = 'down';
    expect((await client.getPrompt('welcome-email')).promptId).toBe('welcome-email');
    // A second later, still down: the read starts a probe, whose store throws as it is called.
    advance(1001);
    expect((await client.getPrompt('welcome-email')).promptId).toBe('welcome-email');
    await settle(server);
    state.mode = 'up';
    advance(1001);
    await client.getPrompt('welcome-email');
    await vi.waitFor(() => expect(warnings).toEqual([expect.stringMatching(/shared store failed/), expect.stringMatching(/answers again/)]));
  });

  it('a store that does not answer: a cached read waits storeBudgetMs at most; after storeTimeoutMs it counts as down', async () => {
    const api = mockApi();
    const { store, state } = flakyStore();
    const warnings: string[] = [];
    const { client } = instance({ store, storeBudgetMs: 20, storeTimeoutMs: 300, onEvent: healthInto(warnings) });
    await client.getPrompt('welcome-email');
    state.mode = 'hanging';
    // Answered from memory each time; the operations they stopped waiting for still run.
    for (let read = 0; read < 3; read++) expect((await client.getPrompt('welcome-email')).promptId).toBe('welcome-email');
    expect(warnings).toEqual([]);
    await vi.waitFor(() => expect(warnings).toEqual([expect.stringMatching(/no answer within 300 ms/)]));
    // A read with nothing cached waited at most storeTimeoutMs, then fetched on its own.
    expect((await client.getComposer('onboarding-flow')).composerId).toBe('onboarding-flow');
    expect(api.seen).toEqual(['/prompts?include_versions=true', '/composers?include_versions=true']);
  });
});

describe('memoryStore', () => {
  it('keeps maxEntries keys, the least recently used out first, and expires keys after their ttlMs', async () => {
    const store = memoryStore({ maxEntries: 2 });
    store.set('a', '1');
    store.set('b', '2');
    expect(store.get('a')).toBe('1');
    store.set('c', '3');
    expect([store.get('a'), store.get('b'), store.get('c')]).toEqual(['1', undefined, '3']);
    expect(store.add('a', 'x', 1000)).toBe(false);
    store.delete('a');
    expect(store.add('a', 'x', 20)).toBe(true);
    await vi.waitFor(() => expect(store.get('a')).toBeUndefined());
    expect(() => memoryStore({ maxEntries: 0 })).toThrow(RangeError);
  });

  it('keeps a key that is read while many others come and go, and lets go of those read once', () => {
    const store = memoryStore({ maxEntries: 10 });
    store.set('hot', 'kept');
    for (let index = 0; index < 100; index++) {
      store.set(`key-${index}`, String(index));
      expect(store.get('hot')).toBe('kept');
    }
    expect(store.get('key-0')).toBeUndefined();
    expect(store.get('key-99')).toBe('99');
  });
});
