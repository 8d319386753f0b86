// A sick Redis costs latency only within a read's store budget, against a real redis-server: paused
// (CLIENT PAUSE: the connection stays up, no replies), slow (every reply late, through a delaying TCP
// proxy), stalled while a server holds a fleet lock, and a 10,000-prompt account's refresh. Every test
// runs on both stores: redisStore (node-redis over TCP) and upstashStore (over HTTP, through the REST shim).
import { createServer, type Server, type Socket, connect } from 'node:net';
import { http } from 'msw';
import { createPromptApiClient, createPromptCache } from 'prompt-composer-react';
import { FIXTURE_KEYS } from 'prompt-composer-react/mocks';
import { createPromptApiHandler } from 'prompt-composer-react/server';
import { createClient } from 'redis';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startRedisServer, type RunningRedisServer } from '../../scripts/redis-server.mjs';
import { server as msw } from '../msw-server.ts';
import { accountOf, BASE_URL, frozenClock, instance, mockApi, page, settle, healthInto } from '../api/cache/harness.ts';
import { redisKind, type StoreKind, upstashKind } from './store-kinds.ts';

let redis: RunningRedisServer;
/** A connection of the test's own, for CLIENT PAUSE and for looking at what the servers stored. */
const adminClient = (url: string) => createClient({ url }).on('error', () => {});
let admin: ReturnType<typeof adminClient>;
const kinds = [redisKind(), upstashKind()];

beforeAll(async () => {
  redis = await startRedisServer();
  admin = adminClient(redis.url);
  await admin.connect();
  for (const kind of kinds) await kind.prepare(redis.url);
});
afterEach(async () => {
  vi.useRealTimers();
  await admin.flushAll();
});
afterAll(async () => {
  await Promise.all(kinds.map((kind) => kind.closeAll()));
  admin.destroy();
  await redis.stop();
});

/** A TCP proxy in front of Redis that can hold each reply for `delayMs`: `slow()` resolves when the first late reply is passed on. */
async function slowProxy(): Promise<{ url: string; slow(delayMs: number): Promise<void>; close(): Promise<void> }> {
  let delayMs = 0;
  let lateReply: () => void = () => {};
  const sockets = new Set<Socket>();
  const proxy: Server = createServer((client) => {
    const upstream = connect(redis.port, '127.0.0.1');
    sockets.add(client).add(upstream);
    client.on('data', (chunk) => upstream.write(chunk));
    upstream.on('data', (chunk) => {
      if (delayMs === 0) return void client.write(chunk);
      setTimeout(() => (client.write(chunk), lateReply()), delayMs);
    });
    for (const socket of [client, upstream]) socket.on('error', () => {}).on('close', () => (client.destroy(), upstream.destroy()));
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const { port } = proxy.address() as { port: number };
  return {
    url: `redis://127.0.0.1:${port}`,
    slow(delay) {
      delayMs = delay;
      return new Promise<void>((resolve) => (lateReply = resolve));
    },
    close: () => new Promise<void>((resolve) => (sockets.forEach((socket) => socket.destroy()), proxy.close(() => resolve()))),
  };
}

/** Which of two promises settles first. */
const first = (racers: Record<string, Promise<unknown>>) => Promise.race(Object.entries(racers).map(([name, racer]) => racer.then(() => name)));

describe.each(kinds)('$name', (kind: StoreKind) => {
  /** A store of its own (on `url`, Redis itself by default), closed after the file. */
  const store = (url = redis.url) => kind.store(url);

  describe('given Redis paused (CLIENT PAUSE: connected, no replies)', () => {
    it('cached reads are answered while the pause lasts; the pause is found after storeTimeoutMs, warned once, and Redis is used again after it', async () => {
      mockApi();
      const warnings: string[] = [];
      // Operations that may go unanswered a minute: only the read's budget keeps it from waiting the pause out.
      const patient = instance({ store: store(), storeTimeoutMs: 60_000 });
      const watchful = instance({ store: store(), onEvent: healthInto(warnings) });
      await Promise.all([page(patient.client), page(watchful.client)]);
      await admin.sendCommand(['CLIENT', 'PAUSE', '3000', 'ALL']);
      const pauseOver = admin.ping();
      const reads = (async () => {
        for (let view = 0; view < 15; view++) {
          expect(await page(patient.client)).toHaveLength(5);
          expect(await page(watchful.client)).toHaveLength(5);
        }
      })();
      expect(await first({ reads, pauseOver })).toBe('reads');
      await reads;
      await vi.waitFor(() => expect(warnings).toEqual([expect.stringMatching(/shared store failed \(no answer within 1000 ms\)/)]));
      await pauseOver;
      await vi.waitFor(async () => {
        await page(watchful.client);
        expect(warnings).toHaveLength(2);
      });
      expect(warnings[1]).toMatch(/answers again/);
    }, 20_000);
  });

  describe('given Redis slow (every reply 700 ms late, under storeTimeoutMs)', () => {
    it('cached reads are answered before Redis has sent a single late reply; a miss waits on it storeTimeoutMs in all, not per operation', async () => {
      const api = mockApi();
      const proxy = await slowProxy();
      await kind.prepare(proxy.url);
      const { client } = instance({ store: store(proxy.url) });
      await page(client);
      const before = api.seen.length;
      const firstLateReply = proxy.slow(700);
      const reads = (async () => {
        for (let view = 0; view < 3; view++) expect(await page(client)).toHaveLength(5);
      })();
      expect(await first({ reads, firstLateReply })).toBe('reads');
      await reads;
      // A miss: its store operations wait 1 s in all (one round trip, and part of the next), then it goes
      // on from memory. On main each of its 8 operations waited for its own late reply: 5.6 s. The bound
      // leaves 2 s of room for a busy machine.
      const started = performance.now();
      expect((await client.getPrompt('welcome-email', { version: '1.1.0' })).version).toBe('1.1.0');
      expect(performance.now() - started).toBeLessThan(3000);
      expect(api.seen).toHaveLength(before + 1);
      await proxy.close();
    }, 20_000);
  });

  describe('given Redis stalling while one server holds the fleet lock for a pinned version', () => {
    it('its write and lock release go to memory; another server’s read of it, once Redis is back, answers well within the client’s timeout, and the lock is released when the first server sees Redis again', async () => {
      mockApi();
      let reached: () => void = () => {};
      let release: () => void = () => {};
      const atUpstream = new Promise<void>((resolve) => (reached = resolve));
      const gate = new Promise<void>((resolve) => (release = resolve));
      msw.use(
        http.get(`${BASE_URL}/prompts/welcome-email`, async ({ request }) => {
          if (request.headers.get('x-server') !== 'a' || new URL(request.url).searchParams.get('version') !== '1.1.0') return undefined;
          reached();
          await gate;
          return undefined;
        }),
      );
      const handlerOf = (name: string) => {
        const cache = createPromptCache({ store: store(), onEvent: () => {} });
        const client = createPromptApiClient({ baseUrl: BASE_URL, apiKey: FIXTURE_KEYS.free, cache, headers: { 'x-server': name } });
        return (path: string) => createPromptApiHandler({ client })(new Request(`https://app.test/api/prompt-api${path}`));
      };
      const [a, b] = [handlerOf('a'), handlerOf('b')];
      expect((await a('/prompts/welcome-email')).status).toBe(200);

      const answerOfA = a('/prompts/welcome-email?version=1.1.0');
      await atUpstream;
      await admin.sendCommand(['CLIENT', 'PAUSE', '1500', 'ALL']);
      release();
      expect((await answerOfA).status).toBe(200);
      await admin.ping(); // the pause is over
      const [lock] = await admin.keys('prompt-cache:*:lock:*version=1.1.0');
      expect(lock).toBeDefined();

      const answerOfB = b('/prompts/welcome-email?version=1.1.0');
      const clientTimeout = new Promise((resolve) => setTimeout(resolve, 10_000));
      expect(await first({ answerOfB, clientTimeout })).toBe('answerOfB');
      expect((await answerOfB).status).toBe(200);

      // The first server's next read finds Redis again, and sends the release it missed.
      await vi.waitFor(async () => {
        await a('/prompts/welcome-email');
        expect(await admin.exists(lock!)).toBe(0);
      }, 5000);
    }, 30_000);
  });

  describe('given an account of 10,000 prompts over Redis', () => {
    it('a list, four items, the list again, a stale item and the item after its refresh cost two requests; no store fault; one kind is a few keys', async () => {
      const advance = frozenClock();
      const api = mockApi(accountOf(10_000));
      api.db.addKey({ key: 'pk_large_account', plan: 'pro' });
      const warnings: string[] = [];
      // Over HTTP, the 9 MB list is one request each way, which on a busy 2-core machine took over the
      // default storeTimeoutMs (1 s): the HTTP store gets the time such a store needs (docs/server/stores.md).
      const storeTimeoutMs = kind.name === 'upstashStore' ? 10_000 : undefined;
      const server = instance({ store: store(), ttlMs: 60_000, storeTimeoutMs, onEvent: healthInto(warnings) }, 'pk_large_account');
      const { client } = server;
      expect(await client.listPrompts()).toHaveLength(10_000);
      for (const id of ['p0', 'p1', 'p5000', 'p9999']) expect((await client.getPrompt(id)).promptId).toBe(id);
      expect(await client.listPrompts()).toHaveLength(10_000);
      advance(60_001);
      expect((await client.getPrompt('p42')).promptId).toBe('p42');
      await settle(server);
      expect((await client.getPrompt('p42')).promptId).toBe('p42');
      await settle(server);
      expect(api.seen).toHaveLength(2);
      expect(warnings).toEqual([]);
      // The list's body, its stamp, the account and a lock at most: not one key per item.
      expect(await admin.dbSize()).toBeLessThanOrEqual(5);
      // Another server reads it from Redis, without a request.
      const other = instance({ store: store(), ttlMs: 60_000, storeTimeoutMs }, 'pk_large_account');
      expect((await other.client.getPrompt('p7777')).promptId).toBe('p7777');
      expect(api.seen).toHaveLength(2);
    }, 60_000);
  });
});
