// One process of `npm run bench:handler` (forked by handler.ts with tsx), on Node's `http` through
// `@remix-run/node-fetch-server`, as the docs' recipe serves the handler:
// - `handler`: `createPromptApiHandler` on a cached client (a `memoryStore`), warmed by the parent;
// - `floor`: the same handler asked once per distinct request (path, Accept-Encoding, If-None-Match), its
//   status, headers and bytes kept, and every later request answered with them: what any Fetch handler
//   costs on this adapter when it has nothing left to compute;
// - `in-process`: no server; the cached client read as Server Components read it, for the burst figures.
// Reports its port (or its figures) to the parent over IPC.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFile, writeFile } from 'node:fs/promises';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createRequestListener } from '@remix-run/node-fetch-server';
import { createPromptApiClient, createPromptCache, memoryStore } from 'prompt-composer-react';
import { createPromptApiHandler } from 'prompt-composer-react/server';

/** What the parent passes (as JSON in argv[2]). */
export interface BenchServerConfig {
  mode: 'handler' | 'floor' | 'in-process';
  upstream: string;
  apiKey: string;
  /** For `in-process`: how many list reads to start at once. */
  burst?: number;
}

/** What an `in-process` run reports. */
export interface InProcessFigures {
  idleRssBytes: number;
  peakRssBytes: number;
  maxEventLoopDelayMs: number;
  burstMs: number;
}

const config = JSON.parse(process.argv[2] ?? '{}') as BenchServerConfig;
const send = (message: object) => process.send?.(message);

function cachedClient() {
  const cache = createPromptCache({ store: memoryStore(), ttlMs: 3_600_000 });
  return createPromptApiClient({ baseUrl: config.upstream, apiKey: config.apiKey, cache });
}

/** A body that hands out `bytes` in 64 kB views, never copied (the floor's best case on this adapter). */
function bodyOf(bytes: Uint8Array): ReadableStream<Uint8Array> | null {
  if (bytes.byteLength === 0) return null;
  let offset = 0;
  return new ReadableStream({
    pull(controller) {
      controller.enqueue(bytes.subarray(offset, (offset += 65_536)));
      if (offset >= bytes.byteLength) controller.close();
    },
  });
}

function floor(handler: (request: Request) => Promise<Response>): (request: Request) => Promise<Response> {
  const answers = new Map<string, Promise<{ status: number; headers: [string, string][]; bytes: Uint8Array }>>();
  return async (request) => {
    const key = `${request.url}|${request.headers.get('accept-encoding') ?? ''}|${request.headers.get('if-none-match') ?? ''}`;
    let answer = answers.get(key);
    if (!answer) {
      answer = handler(request).then(async (response) => ({ status: response.status, headers: [...response.headers], bytes: new Uint8Array(await response.arrayBuffer()) }));
      answers.set(key, answer);
    }
    const { status, headers, bytes } = await answer;
    return new Response(bodyOf(bytes), { status, headers });
  };
}

/** The peak resident memory since the last reset (Linux's VmHWM). */
async function peakRss(): Promise<number> {
  const text = await readFile('/proc/self/status', 'utf8');
  return Number(/VmHWM:\s+(\d+) kB/.exec(text)?.[1] ?? 0) * 1024;
}

async function inProcess(): Promise<void> {
  const client = cachedClient();
  await client.listPrompts({ includeVersions: true });
  await client.listPrompts();
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  await new Promise((resolve) => setTimeout(resolve, 200));
  gc?.();
  const idleRssBytes = process.memoryUsage.rss();
  await writeFile('/proc/self/clear_refs', '5'); // the peak RSS (VmHWM) starts again from now
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const started = performance.now();
  const burst = config.burst ?? 100;
  await Promise.all(Array.from({ length: burst }, (_, index) => client.listPrompts({ includeVersions: index % 2 === 0 })));
  const burstMs = performance.now() - started;
  delay.disable();
  const figures: InProcessFigures = { idleRssBytes, peakRssBytes: await peakRss(), maxEventLoopDelayMs: delay.max / 1e6, burstMs };
  send({ figures });
}

if (config.mode === 'in-process') {
  await inProcess();
} else {
  const handler = createPromptApiHandler({ client: cachedClient() });
  const server = createServer(createRequestListener(config.mode === 'floor' ? floor(handler) : handler));
  server.keepAliveTimeout = 60_000;
  server.listen(0, '127.0.0.1', () => send({ port: (server.address() as AddressInfo).port }));
}
process.on('message', (message: { gc?: boolean; cpu?: boolean; exit?: boolean }) => {
  if (message.gc) (globalThis as { gc?: () => void }).gc?.();
  // The CPU time this process has spent so far (user and system, microseconds): the cost of the requests between two asks.
  if (message.cpu) {
    const { user, system } = process.cpuUsage();
    send({ cpuMicros: user + system });
  }
  // A clean exit, so that `--cpu-prof` writes its profile.
  if (message.exit) process.exit(0);
});
process.on('disconnect', () => process.exit(0));
