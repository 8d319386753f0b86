// The key-on-server handler and its cache on every runtime React apps deploy to: the package as it is
// published (built into a small app), served by Node 20, 22 and 24, Bun, Deno (--allow-net --allow-read
// only), workerd through miniflare with and without nodejs_compat, and Vercel's edge-runtime. Each answers
// the list, an item, an unknown id (404, no request upstream), a 304, a remembered 429 (no request
// upstream), and keeps answering while its shared store (Redis over HTTP, upstashStore) hangs or fails.
import { http } from 'msw';
import { createMockDb } from 'prompt-composer-react/mocks';
import { type MockServer, startMockServer } from 'prompt-composer-react/mocks/server';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRedisServer, type RunningRedisServer } from '../../scripts/redis-server.mjs';
import { type RestShim, startRestShim } from '../server/redis-rest-shim.ts';
import { buildApp, RUNTIMES, type Running } from './runtimes.ts';

let built: Awaited<ReturnType<typeof buildApp>>;
let upstream: MockServer;
let redis: RunningRedisServer;
let shim: RestShim;
/** Every request that reached the mock API, as its path and query. */
const seen: string[] = [];
/** What each runtime answered, for the table printed at the end. */
const table: string[] = [];

beforeAll(async () => {
  [built, upstream, redis] = await Promise.all([
    buildApp(),
    startMockServer({ db: createMockDb(), handlers: [http.all('*', ({ request }) => void seen.push(new URL(request.url).pathname + new URL(request.url).search))] }),
    startRedisServer(),
  ]);
  shim = await startRestShim(redis.url);
}, 180_000);

afterAll(async () => {
  console.log(['| runtime | list / item / unknown id / 304 / 429 again | store hanging, failing |', '|---|---|---|', ...table].join('\n'));
  await Promise.all([upstream?.close(), shim?.close()]);
  await redis?.stop();
  built?.remove();
});

/** Empties Redis: each runtime starts with a cold shared store. */
async function flushRedis() {
  const admin = createClient({ url: redis.url });
  await admin.connect();
  await admin.flushAll();
  admin.destroy();
}

describe.each(RUNTIMES)('$name', (runtime) => {
  it('serves the API’s routes through the handler and its cache, with the store over HTTP', async () => {
    await flushRedis();
    shim.mode('up');
    const running: Running = await runtime.start(built.app, { upstream: upstream.url, restUrl: shim.url, restToken: shim.token });
    try {
      const commandsBefore = shim.commands.length;
      const list = await running.fetch('/api/prompt-api/prompts');
      expect(list.status).toBe(200);
      expect(((await list.json()) as { promptId: string }[]).map((prompt) => prompt.promptId)).toContain('welcome-email');

      const item = await running.fetch('/api/prompt-api/prompts/welcome-email');
      expect(item.status).toBe(200);
      // The body is a stream of the record's bytes, whole: with the length the handler set where the
      // runtime sends it, else chunked (docs/server/runtimes.md).
      const itemBytes = new Uint8Array(await item.arrayBuffer());
      expect(JSON.parse(new TextDecoder().decode(itemBytes))).toMatchObject({ promptId: 'welcome-email' });
      expect(item.headers.get('content-length')).toBe(runtime.sendsLength ? String(itemBytes.byteLength) : null);
      const etag = item.headers.get('etag');
      expect(etag).toMatch(/^"[\w-]{27}"$/);

      const before = seen.length;
      const unknown = await running.fetch('/api/prompt-api/prompts/no-such-prompt');
      expect(unknown.status).toBe(404);
      expect(await unknown.json()).toMatchObject({ code: 'NOT_FOUND' });
      const revalidated = await running.fetch('/api/prompt-api/prompts/welcome-email', { headers: { 'if-none-match': etag! } });
      expect(revalidated.status).toBe(304);
      expect(seen.length).toBe(before);

      const exhausted = await running.fetch('/exhausted/prompts/welcome-email');
      expect(exhausted.status).toBe(429);
      await exhausted.arrayBuffer();
      const afterFirst = seen.length;
      const again = await running.fetch('/exhausted/composers');
      expect(again.status).toBe(429);
      expect(await again.json()).toMatchObject({ code: 'USAGE_LIMIT_EXCEEDED', usage: { used: 5000, limit: 5000 } });
      expect(seen.length).toBe(afterFirst);
      // The shared store was used from this runtime: its commands reached Redis over HTTP.
      expect(shim.commands.length).toBeGreaterThan(commandsBefore);
      const answers = [list, item, unknown, revalidated, again].map((response) => response.status).join(' / ');

      // The store stops answering in the middle of the app's life: reads still answer, from memory and the API.
      shim.mode('hanging');
      const whileHanging = [await running.fetch('/api/prompt-api/prompts/welcome-email'), await running.fetch('/api/prompt-api/composers/onboarding-flow')];
      expect(whileHanging.map((response) => response.status)).toEqual([200, 200]);
      shim.mode('failing');
      const whileFailing = [await running.fetch('/api/prompt-api/prompts/welcome-email?version=1.0.0'), await running.fetch('/api/prompt-api/composers')];
      expect(whileFailing.map((response) => response.status)).toEqual([200, 200]);
      shim.mode('up');
      table.push(`| ${runtime.name} (${running.version}) | ${answers} | ${[...whileHanging, ...whileFailing].map((response) => response.status).join(' / ')} |`);
    } finally {
      shim.mode('up');
      await running.close();
    }
  }, 90_000);
});
