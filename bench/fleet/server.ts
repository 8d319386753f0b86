// One server of the fleet benchmark, in its own process (forked by fleet.ts with tsx): either the
// library's handler on a cached client (store: Redis or memory), or today's recipe proxy, which forwards
// every request with the key (the docs' recipe before the handler). Reports its port, and its cache's
// warnings, to the parent over IPC.
import { AsyncLocalStorage } from 'node:async_hooks';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequestListener } from '@remix-run/node-fetch-server';
import { createPromptApiClient, createPromptCache, memoryStore } from 'prompt-composer-react';
import { createPromptApiHandler, redisStore } from 'prompt-composer-react/server';
import { registerInMemorySdk } from './instruments.ts';

/** What the parent passes (as JSON in argv[2]). */
export interface ServerConfig {
  mode: 'handler' | 'proxy';
  /** Which server of the fleet: sent upstream as `x-bench-instance`, so the upstream can count per server. */
  index: number;
  upstream: string;
  apiKey: string;
  /** `redis://...`, or `memory` for a cache of this process alone. */
  store: string;
  ttlMs: number;
}

const config = JSON.parse(process.argv[2] ?? '{}') as ServerConfig;
const send = (message: object) => process.send?.(message);

/** The recipe proxy: status, body and the headers the client reads, forwarded as they came. */
function recipeProxy(): (request: Request) => Promise<Response> {
  const forwarded = ['content-type', 'retry-after', 'x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'];
  return async (request) => {
    const { pathname, search } = new URL(request.url);
    const match = /^\/api\/prompt-api\/(prompts|composers)(\/[^/]+)?$/.exec(pathname);
    if (!match) return Response.json({ error: 'Not found', code: 'NOT_FOUND' }, { status: 404 });
    try {
      const upstream = await fetch(`${config.upstream}/${match[1]}${match[2] ?? ''}${search}`, {
        headers: { Authorization: `Bearer ${config.apiKey}`, 'x-bench-instance': String(config.index) },
        signal: AbortSignal.timeout(10_000),
      });
      const headers = new Headers();
      for (const name of forwarded) {
        const value = upstream.headers.get(name);
        if (value !== null) headers.set(name, value);
      }
      return new Response(await upstream.arrayBuffer(), { status: upstream.status, headers });
    } catch {
      return Response.json({ error: 'The prompt service did not answer', code: 'INTERNAL_ERROR' }, { status: 502 });
    }
  };
}

/** The handler on a cached client; each response says what the cache did (`x-bench-cache`). */
async function cachedHandler(): Promise<(request: Request) => Promise<Response>> {
  const outcome = new AsyncLocalStorage<{ outcome?: string }>();
  const store = config.store === 'memory' ? memoryStore() : redisStore({ url: config.store });
  // Ready once the store answers (a server that starts before Redis would start on its memory instead).
  await store.get('bench:ready');
  const cache = createPromptCache({
    store,
    ttlMs: config.ttlMs,
    onEvent: (event) => {
      if (event.type === 'store-health') send({ warning: event.message });
      const current = outcome.getStore();
      // The bench's own label of what the cache did (hit, as before the events were named 'fresh').
      if (event.type === 'read' && current) current.outcome = event.outcome === 'fresh' ? 'hit' : event.outcome;
    },
  });
  const client = createPromptApiClient({ baseUrl: config.upstream, apiKey: config.apiKey, cache, headers: { 'x-bench-instance': String(config.index) } });
  const handler = createPromptApiHandler({ client });
  return (request) =>
    outcome.run({}, async () => {
      const response = await handler(request);
      response.headers.set('x-bench-cache', outcome.getStore()?.outcome ?? 'none');
      return response;
    });
}

// The handler's processes record through the OpenTelemetry SDK, read by the benchmark over IPC.
if (config.mode === 'handler') {
  const collect = registerInMemorySdk();
  process.on('message', (message: { collect?: number }) => {
    if (message.collect !== undefined) void collect().then((points) => send({ points, reply: message.collect }));
  });
}
const handle = config.mode === 'proxy' ? recipeProxy() : await cachedHandler();
const server = createServer(createRequestListener(handle));
server.listen(0, '127.0.0.1', () => send({ port: (server.address() as AddressInfo).port }));
process.on('disconnect', () => process.exit(0));
