// `npm run bench:steps`: where a cached read spends its time and what an account holds in memory, without
// HTTP: each step of a read timed on a warmed cache, for the built package of this checkout and any other
// build given (an earlier commit's `dist/`, for a comparison in the same run), each in processes of its
// own, the builds in turn. `npm run bench:steps -- ../other/dist` prints a Markdown table, a build a column.
//
// The steps, on an account of 10,000 prompts (a `memoryStore` cache, as bench:handler's):
// - what any Fetch handler pays: a `Request` made and a `Response` of the same bytes and headers read;
// - the handler's own refusal (a path outside the API): its checks and an error response, no read;
// - a cached client read, as Server Components and route loaders read (no handler): an item, a pinned
//   version, each list;
// - the handler's whole answer: a pinned version, an item, a list's 304.
// Then the memory the account takes once read (both lists, items, and the handler's bytes and encodings):
// the heap and the buffers outside it, after a full garbage collection once parsed values stopped lingering
// (1 s after their last read), over what they were before.
import { type ChildProcess, fork } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startUpstream } from './start-upstream.ts';

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));
const PROMPTS = 10_000;
const PINNED = { id: 'prompt-00000', version: '1.0.0' };
const ITEM = 'prompt-00042';
/** Each step runs in rounds of this long; its time is the best round's mean. */
const ROUND_MS = 200;
const ROUNDS = 9;
/** Processes per build, the builds in turn. */
const REPEATS = 2;

/** The steps' names, in the table's order. */
const STEPS = {
  floor: 'any Fetch handler: Request, Response of the same bytes (a stream of them), body read',
  refusal: "the handler's refusal of another path (checks, error response)",
  clientItem: 'cached client read: an item',
  clientPinned: 'cached client read: a pinned version',
  clientList: 'cached client read: the list (10,000 prompts)',
  clientVersions: 'cached client read: the list with versions',
  handlerPinned: "the handler's answer: a pinned version",
  handlerItem: "the handler's answer: an item",
  handler304: "the handler's answer: the list's 304",
} as const;

/**
 * The best mean time of each step over ROUNDS rounds, in microseconds. Each round runs every step in turn,
 * so that a busy moment of the machine falls on all of them, not on one.
 */
async function time(steps: Record<string, () => unknown>): Promise<Record<string, number>> {
  const best: Record<string, number> = {};
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, step] of Object.entries(steps)) {
      let count = 0;
      const started = performance.now();
      while (performance.now() - started < ROUND_MS) {
        await step();
        count++;
      }
      best[name] = Math.min(best[name] ?? Infinity, ((performance.now() - started) * 1000) / count);
    }
  }
  return best;
}

const gc = () => (globalThis as { gc?: () => void }).gc?.();

/** One build's figures: microseconds per step, and the account's heap in bytes. */
interface Figures {
  steps: Record<string, number>;
  heapBytes: number;
  bufferBytes: number;
}

/**
 * One build, in a process of its own: the heap the account takes once read (after a full garbage
 * collection, over the heap before the first read), then each step timed on the warmed cache.
 */
async function measure(dist: string, upstream: string): Promise<Figures> {
  const library = await import(resolve(dist, 'index.js'));
  const server = await import(resolve(dist, 'server/index.js'));
  gc();
  const memory = () => process.memoryUsage();
  const before = memory();
  const cache = library.createPromptCache({ store: library.memoryStore(), ttlMs: 3_600_000 });
  const client = library.createPromptApiClient({ baseUrl: upstream, apiKey: 'pk_test_pro', cache });
  const handler: (request: Request) => Promise<Response> = server.createPromptApiHandler({ client });
  const origin = 'http://127.0.0.1:1/api/prompt-api';
  const answer = async (path: string, headers: Record<string, string> = {}) => (await handler(new Request(origin + path, { headers }))).arrayBuffer();
  // Warm: every read once, and the handler's bytes and encodings of both lists.
  await client.listPrompts({ includeVersions: true });
  await client.listPrompts();
  for (const accept of ['', 'gzip', 'br']) {
    await answer('/prompts', accept ? { 'accept-encoding': accept } : {});
    await answer('/prompts?include_versions=true', accept ? { 'accept-encoding': accept } : {});
  }
  const pinnedPath = `/prompts/${PINNED.id}?version=${PINNED.version}`;
  const pinned = await handler(new Request(origin + pinnedPath));
  const pinnedHeaders = [...pinned.headers];
  const pinnedBytes = new Uint8Array(await pinned.arrayBuffer());
  const etag = (await handler(new Request(`${origin}/prompts`))).headers.get('etag') ?? '*';
  await answer(`/prompts/${ITEM}`);
  await client.getPrompt(ITEM);
  await client.getPrompt(PINNED.id, { version: PINNED.version });
  // Past the linger of parsed values (1 s after their last read): what the account holds for good.
  gc();
  await new Promise((done) => setTimeout(done, 1500));
  gc();
  const after = memory();
  // The heap, and the buffers outside it (the bytes of each record and encoding).
  const heapBytes = after.heapUsed - before.heapUsed;
  const bufferBytes = after.external - before.external;
  const steps = await time({
    floor: () => {
      void new Request(origin + pinnedPath);
      // The bytes as a stream of them, as bench:handler's floor and the handler send them: a `Uint8Array`
      // body would be copied by the `Response`, which no handler needs to pay.
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          controller.enqueue(pinnedBytes);
          controller.close();
        },
      });
      return new Response(body, { status: 200, headers: pinnedHeaders }).arrayBuffer();
    },
    refusal: () => handler(new Request('http://127.0.0.1:1/elsewhere')).then((response) => response.arrayBuffer()),
    clientItem: () => client.getPrompt(ITEM),
    clientPinned: () => client.getPrompt(PINNED.id, { version: PINNED.version }),
    clientList: () => client.listPrompts(),
    clientVersions: () => client.listPrompts({ includeVersions: true }),
    handlerPinned: () => answer(pinnedPath),
    handlerItem: () => answer(`/prompts/${ITEM}`),
    handler304: () => answer('/prompts', { 'if-none-match': etag }),
  } satisfies Record<keyof typeof STEPS, () => unknown>);
  return { steps, heapBytes, bufferBytes };
}

if (process.argv[2] === '--measure') {
  process.send?.(await measure(process.argv[3]!, process.argv[4]!));
  process.exit(0);
}

const builds = [resolve(here('../../dist')), ...process.argv.slice(2).map((dist) => resolve(dist))];
const upstream = await startUpstream(PROMPTS);
// Each build in a process of its own, REPEATS times, the builds in turn: the least of each figure.
const results = builds.map((): Figures => ({ steps: {}, heapBytes: Infinity, bufferBytes: Infinity }));
try {
  for (let repeat = 0; repeat < REPEATS; repeat++) {
    for (const [index, dist] of builds.entries()) {
      const child: ChildProcess = fork(here('./steps.ts'), ['--measure', dist, upstream.url], { execArgv: ['--import', 'tsx', '--expose-gc'], stdio: 'inherit' });
      const figures = await new Promise<Figures>((done, fail) => {
        child.once('message', (message) => done(message as Figures));
        // A build imports its peers (TanStack Query, React) from a node_modules above it: a dist/ copied
        // where there is none fails to load.
        child.once('exit', (code) =>
          fail(new Error(`measuring ${dist} exited with ${code} (a build loads its peers from a node_modules above it: use one in a checkout with its packages installed, or copy it into this one, as tmp/other-dist)`)),
        );
      });
      const result = results[index]!;
      result.heapBytes = Math.min(result.heapBytes, figures.heapBytes);
      result.bufferBytes = Math.min(result.bufferBytes, figures.bufferBytes);
      for (const [name, micros] of Object.entries(figures.steps)) result.steps[name] = Math.min(result.steps[name] ?? Infinity, micros);
    }
  }
} finally {
  upstream.stop();
}

const micros = (value: number) => (value >= 1000 ? `${(value / 1000).toFixed(2)} ms` : `${value.toFixed(1)} µs`);
const names = ['this build', ...process.argv.slice(2)];
console.log(`\n### A cached read, step by step (${PROMPTS.toLocaleString('en-US')} prompts, in-process; the best of ${ROUNDS} rounds of ${ROUND_MS} ms in each of ${REPEATS} processes a build)\n`);
console.log(`| step | ${names.join(' | ')} |`);
console.log(`|---|${names.map(() => '---|').join('')}`);
for (const [key, label] of Object.entries(STEPS)) console.log(`| ${label} | ${results.map((figures) => micros(figures.steps[key]!)).join(' | ')} |`);
console.log(
  `| memory of the account once read (both lists, items, the handler's bytes and encodings): heap + buffers | ${results.map((figures) => `${Math.round(figures.heapBytes / 1e6)} + ${Math.round(figures.bufferBytes / 1e6)} MB`).join(' | ')} |`,
);
const [own] = results;
if (own) {
  const { floor, handlerPinned, clientPinned, refusal } = own.steps as Record<keyof typeof STEPS, number>;
  console.log(
    `\nA pinned version through the handler, this build: ${micros(handlerPinned)}, of which what any Fetch handler pays ${micros(floor)} (${Math.round((100 * floor) / handlerPinned)} %), the cache's read about ${micros(clientPinned)} (${Math.round((100 * clientPinned) / handlerPinned)} %), and the rest, the handler's checks, headers and tags, ${micros(handlerPinned - floor - clientPinned)}; a refusal, checks and an error response with no read, ${micros(refusal)}.`,
  );
}
process.exit(0);
