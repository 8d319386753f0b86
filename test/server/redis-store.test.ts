// redisStore (node-redis over TCP) and upstashStore (Redis over HTTP, through a REST shim) against a real
// redis-server (started on a free loopback port, stopped by its PID): the store's operations, a fleet of
// four servers sharing it, and Redis going away and coming back. Every test runs on both stores.
import type { PromptCacheOptions, PromptCacheStore } from 'prompt-composer-react';
import { createPromptApiHandler, redisStore, upstashStore } from 'prompt-composer-react/server';
import { createClient } from 'redis';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { freePort, startRedisServer, type RunningRedisServer } from '../../scripts/redis-server.mjs';
import { frozenClock, instance, mockApi, page, settle, healthInto } from '../api/cache/harness.ts';
import { redisKind, type StoreKind, upstashKind } from './store-kinds.ts';

let redis: RunningRedisServer;
const kinds = [redisKind(), upstashKind()];
/** Clients of the test's own, closed after the file. */
const own: { destroy(): void }[] = [];

beforeAll(async () => {
  redis = await startRedisServer();
  for (const kind of kinds) await kind.prepare(redis.url);
});
afterEach(async () => {
  vi.useRealTimers();
  const flush = createClient({ url: redis.url }).on('error', () => {});
  await flush.connect().catch(() => {});
  if (flush.isReady) await flush.flushAll();
  flush.destroy();
});
afterAll(async () => {
  await Promise.all(kinds.map((kind) => kind.closeAll()));
  for (const client of own) client.destroy();
  await redis.stop();
});

/** The store's own operations, atomic ones included. */
async function operations(each: PromptCacheStore) {
  expect(await each.get('missing')).toBeUndefined();
  await each.set('kept', 'a');
  await each.set('brief', 'b', 30);
  expect(await each.get('kept')).toBe('a');
  // A JSON string stays a string (not an object, as a client that deserializes would return).
  await each.set('json', '{"a":[1,"é"]}');
  expect(await each.get('json')).toBe('{"a":[1,"é"]}');
  expect(await each.add('lock', 'holder-1', 60_000)).toBe(true);
  expect(await each.add('lock', 'holder-2', 60_000)).toBe(false);
  expect(await each.get('lock')).toBe('holder-1');
  await each.delete('lock');
  expect(await each.add('lock', 'holder-2', 60_000)).toBe(true);
  expect(await each.deleteIf!('lock', 'holder-1')).toBe(false);
  expect(await each.get('lock')).toBe('holder-2');
  expect(await each.deleteIf!('lock', 'holder-2')).toBe(true);
  expect(await each.get('lock')).toBeUndefined();
  expect(await each.add('lock', 'holder-2', 60_000)).toBe(true);
  await vi.waitFor(async () => expect(await each.get('brief')).toBeUndefined());
  expect(await each.get('kept')).toBe('a');
}

describe('redisStore', () => {
  it('with { client }: get, set with and without a TTL, add (SET NX PX), delete, deleteIf (only its own value)', async () => {
    const client = createClient({ url: redis.url, disableOfflineQueue: true }).on('error', () => {});
    await client.connect();
    own.push(client);
    await operations(redisStore({ client }));
  });
});

describe('upstashStore', () => {
  it('refuses a URL that is not the REST URL, and never puts the token in an error', async () => {
    expect(() => upstashStore({ url: 'redis://localhost:6379', token: 't' })).toThrow(/REST URL/);
    const shim = kinds[1]!.shim(redis.url)!;
    const wrong = upstashStore({ url: shim.url, token: 'not-the-token' });
    await expect(wrong.get('key')).rejects.toThrow(/upstashStore: GET failed \(Unauthorized\)/);
    const failing = upstashStore({ url: shim.url, token: shim.token, fetch: async () => Response.json({ error: `bad token ${shim.token}` }, { status: 400 }) });
    const error = await Promise.resolve(failing.get('key')).catch((caught: Error) => caught);
    expect(String(error)).not.toContain(shim.token);
  });
});

describe('upstashStore over HTTP', () => {
  it('sends the commands of one turn of the event loop as one request (/pipeline); a command’s own error fails that command only', async () => {
    const shim = kinds[1]!.shim(redis.url)!;
    const requests: string[] = [];
    const counted: typeof fetch = (input, init) => (requests.push(String(input)), fetch(input, init));
    const each = upstashStore({ url: shim.url, token: shim.token, fetch: counted });
    await each.set('a', '1');
    expect(requests).toEqual([shim.url]);
    await Promise.all([each.set('list', 'x'), each.get('a')]);
    const [value, missing, released] = await Promise.allSettled([each.get('a'), each.get('nothing'), Promise.resolve(each.deleteIf!('a', '1')), each.add('a', '2', 1000)]);
    expect(requests.slice(1)).toEqual([`${shim.url}/pipeline`, `${shim.url}/pipeline`]);
    expect(value).toEqual({ status: 'fulfilled', value: '1' });
    expect(missing).toEqual({ status: 'fulfilled', value: undefined });
    expect(released).toEqual({ status: 'fulfilled', value: true });
    const [failed, fine] = await Promise.allSettled([each.set('k', 'v', Number.NaN), each.get('list')]);
    expect(failed.status).toBe('rejected');
    expect(fine).toEqual({ status: 'fulfilled', value: 'x' });
  });
});

describe.each(kinds)('$name', (kind: StoreKind) => {
  const store = () => kind.store(redis.url);
  // A server of a fleet on this Redis. A loaded machine can take Redis past the 50 ms a cached read waits
  // for it by default; the read then answers from the server's own memory, as it should, and a test of what
  // the fleet shares would see a server's older copy. That budget has tests of its own (cache-fleet): here
  // a read waits for Redis up to the store's timeout.
  const member = (options: PromptCacheOptions = {}) => instance({ store: store(), storeBudgetMs: 1000, ...options });

  it('get, set with and without a TTL, add (SET NX PX), delete, deleteIf (only its own value)', async () => {
    await operations(store());
  });

  it('without Redis at the URL: the cache answers from memory and the API, warned once', async () => {
    const api = mockApi();
    const warnings: string[] = [];
    const nowhere = kind.nowhere(await freePort());
    const server = instance({ store: nowhere, onEvent: healthInto(warnings) });
    for (let round = 0; round < 3; round++) expect((await page(server.client)).length).toBe(5);
    expect(warnings).toHaveLength(1);
    expect(api.seen.length).toBeLessThanOrEqual(5);
  });

  describe('given four servers sharing Redis', () => {
    it('the cold wave sends each distinct request once for the fleet; a stale fleet refreshes with two', async () => {
      const advance = frozenClock();
      const api = mockApi();
      const servers = Array.from({ length: 4 }, () => member({ ttlMs: 60_000 }));
      const views = await Promise.all(servers.flatMap((server) => [page(server.client), page(server.client), page(server.client)]));
      expect(new Set(views.map((view) => JSON.stringify(view))).size).toBe(1);
      expect(api.seen.length).toBe(new Set(api.seen).size);
      expect(api.seen.length).toBeLessThanOrEqual(5);
      const cold = api.seen.length;

      api.db.addPrompt({ ...(await servers[0]!.client.getPrompt('welcome-email')), version: '3.0.0' });
      advance(60_001);
      await Promise.all(servers.map((server) => page(server.client)));
      await settle(...servers);
      expect(api.seen.slice(cold).sort()).toEqual(['/composers?include_versions=true', '/prompts?include_versions=true']);
      for (const server of servers) expect((await server.client.getPrompt('welcome-email')).version).toBe('3.0.0');
      expect(api.seen).toHaveLength(cold + 2);
    });

    it('through their handlers: the account’s usage is the same on every server', async () => {
      mockApi();
      const handlers = Array.from({ length: 4 }, () => createPromptApiHandler({ client: member().client }));
      const remaining = [];
      for (const [index, handler] of handlers.entries()) {
        await handler(new Request(`https://app.test/api/prompt-api/prompts/${index % 2 ? 'welcome-email' : 'support-reply'}`));
      }
      for (const handler of handlers) {
        remaining.push((await handler(new Request('https://app.test/api/prompt-api/prompts/welcome-email'))).headers.get('x-ratelimit-remaining'));
      }
      expect(new Set(remaining).size).toBe(1);
    });

    it('Redis killed: every read answered from memory and the API, warned once; restarted: back on Redis by itself', async () => {
      const advance = frozenClock();
      const api = mockApi();
      const warnings: string[][] = [[], []];
      const servers = warnings.map((list) => instance({ store: store(), onEvent: healthInto(list) }));
      await Promise.all(servers.map((server) => page(server.client)));
      const cold = api.seen.length;

      await redis.stop();
      for (let round = 0; round < 5; round++) {
        for (const server of servers) expect((await page(server.client)).length).toBe(5);
      }
      // Each server has the page in its own memory: no request while Redis is away.
      expect(api.seen).toHaveLength(cold);
      expect((await servers[0]!.client.getComposer('onboarding-flow', { version: '1.0.0' })).version).toBe('1.0.0');
      expect(warnings.map((list) => list.length)).toEqual([1, 1]);
      expect(warnings[0]![0]).toMatch(/shared store failed/);

      await redis.restart();
      await vi.waitFor(async () => {
        advance(1001);
        await servers[0]!.client.getComposer('onboarding-flow', { version: '1.0.0' });
        expect(warnings[0]).toHaveLength(2);
      }, 10_000);
      expect(warnings[0]![1]).toMatch(/answers again/);
      // Redis came back empty; what the first server had went back into it as it was read.
      await servers[0]!.client.getComposer('onboarding-flow', { version: '1.0.0' });
      await settle(servers[0]!);
      const newcomer = member();
      await newcomer.client.getComposer('onboarding-flow', { version: '1.0.0' });
      expect(api.seen).toHaveLength(cold + 1);
    });
  });
});
