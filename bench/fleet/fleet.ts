// `npm run bench:fleet`: four handler processes sharing a real redis-server, in front of the mock API
// (50 to 80 ms a request, counting what reaches it), through a run of page views with a cold wave,
// hostile traffic, Redis paused and slow, a publish, Redis killed and restarted, upstream 500s and an
// exhausted key; then the same page views through today's recipe proxy (plain forwarding) as the
// baseline, a fleet on memory stores for the in-memory latencies, and an account of 10,000 prompts. A
// benchmark, not a test: it prints tables and checks, and exits 1 when a check fails.
import { fork } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { fileURLToPath } from 'node:url';
import { http } from 'msw';
import { createMockDb, FIXTURE_PROMPTS } from 'prompt-composer-react/mocks';
import { startMockServer } from 'prompt-composer-react/mocks/server';
import { createClient } from 'redis';
import { startRedisServer } from '../../scripts/redis-server.mjs';
import { report } from '../report.ts';
import { generatedAccount } from '../scale/account.ts';
import { HOSTILE_SHAPES, hostileRequests } from './hostile.ts';
import { brokenItemHandlers, itemPaths, KIND_NAMED_PATHS, loopFor, pinnedVersionPaths } from './outage.ts';
import { difference, type InstrumentPoint, sumOf } from './instruments.ts';
import { type LargeAccountRun, readLargeAccount } from './large.ts';
import { elapsed, type PageView, pageView, pageViews, percentile, type Sample, seenBytes } from './load.ts';
import { startRedisProxy } from './redis-proxy.ts';

const INSTANCES = 4;
const CONCURRENCY = 40;
const TTL_MS = 5000;
const KEYS = {
  fleet: 'pk_bench_fleet_0123456789',
  memory: 'pk_bench_memory_0123456789',
  baseline: 'pk_bench_baseline_0123456789',
  large: 'pk_bench_large_0123456789',
  badItem: 'pk_bench_bad_item_0123456789',
};
/** How long every version the lists name is looped while the API fails, and a list with one bad item is read. */
const OUTAGE_MS = 60_000;
const BAD_ITEM_MS = 15_000;
/** A version nobody reads before the 429 phase, which reads it uncached. */
const UNCACHED_VERSION = '/api/prompt-api/composers/onboarding-flow?version=1.0.0';
/** How long Redis is paused (CLIENT PAUSE), and how late each of its replies is in the slow phase. */
const PAUSE_MS = 4000;
const SLOW_REPLY_MS = 700;

// The upstream: the mock API, counting every request by phase, key and server.
let phase = 'setup';
const upstream: { phase: string; key: string; instance: string; path: string }[] = [];
const counter = http.all('*', ({ request }) => {
  const url = new URL(request.url);
  const key = request.headers.get('authorization')?.replace('Bearer ', '') ?? '';
  upstream.push({ phase, key, instance: request.headers.get('x-bench-instance') ?? '?', path: url.pathname + url.search });
});
const db = createMockDb();
for (const key of Object.values(KEYS)) db.addKey({ key, plan: 'pro' });
const mock = await startMockServer({ db, latency: [50, 80], handlers: [counter] });
const redis = await startRedisServer();
// The fleet reaches Redis through a proxy that can make it slow; the benchmark's own connection does not.
const proxy = await startRedisProxy(redis.port);
const admin = createClient({ url: redis.url }).on('error', () => {});
await admin.connect();

/** Server processes (tsx), resolved once each listens; their cache warnings are collected. */
async function startFleet(mode: 'handler' | 'proxy', store: string, apiKey: string, { api = mock.url, instances = INSTANCES } = {}) {
  const script = fileURLToPath(new URL('./server.ts', import.meta.url));
  const warnings: string[][] = Array.from({ length: instances }, () => []);
  const children = Array.from({ length: instances }, (_, index) =>
    fork(script, [JSON.stringify({ mode, index, upstream: api, apiKey, store, ttlMs: TTL_MS })], { execArgv: ['--import', 'tsx'], stdio: 'inherit' }),
  );
  const ports = await Promise.all(
    children.map(
      (child, index) =>
        new Promise<number>((resolve, reject) => {
          child.on('message', (message: { port?: number; warning?: string }) => {
            if (message.port) resolve(message.port);
            if (message.warning) warnings[index]!.push(`${phase}: ${message.warning}`);
          });
          child.once('exit', (code) => reject(new Error(`server ${index} exited with ${code}`)));
        }),
    ),
  );
  let asked = 0;
  /** Every server's prompt_api.* points so far, each tagged with its server. */
  const collect = async (): Promise<InstrumentPoint[]> => {
    const id = ++asked;
    const replies = await Promise.all(
      children.map(
        (child, index) =>
          new Promise<InstrumentPoint[]>((resolve) => {
            const listen = (message: { points?: InstrumentPoint[]; reply?: number }) => {
              if (message.reply !== id) return;
              child.off('message', listen);
              resolve((message.points ?? []).map((point) => ({ ...point, attributes: { ...point.attributes, server: index } })));
            };
            child.on('message', listen);
            child.send({ collect: id });
          }),
      ),
    );
    return replies.flat();
  };
  return { bases: ports.map((port) => `http://127.0.0.1:${port}`), warnings, collect, stop: () => children.forEach((child) => child.kill()) };
}

const upstreamIn = (name: string, key = KEYS.fleet) => upstream.filter((entry) => entry.phase === name && entry.key === key);
const phases: { name: string; views: PageView[]; forced: boolean }[] = [];
/** What the fleet's own instruments counted in each phase (from `measured`). */
const counted = new Map<string, InstrumentPoint[]>();
let collectFleet: () => Promise<InstrumentPoint[]> = async () => [];
/** Runs a phase's `work` between two reads of the fleet's instruments. */
async function measured<T>(name: string, work: () => Promise<T>): Promise<T> {
  phase = name;
  const before = await collectFleet();
  const result = await work();
  counted.set(name, difference(await collectFleet(), before));
  return result;
}
async function run(name: string, forced: boolean, work: () => Promise<PageView[]>) {
  phases.push({ name, views: await measured(name, work), forced });
}

const checks: { name: string; ok: boolean; detail: string }[] = [];
const check = (name: string, ok: boolean, detail: string) => checks.push({ name, ok, detail });

// The fleet on Redis.
const fleet = await startFleet('handler', proxy.url, KEYS.fleet);
const { bases } = fleet;
collectFleet = fleet.collect;
// Warm processes, cold caches: one request outside the API on each server (a 404, no upstream request).
await Promise.all(bases.map((base) => fetch(`${base}/health`).then((response) => response.text())));
await run('cold wave', false, () => pageViews(bases, CONCURRENCY));
await run('warm', false, () => pageViews(bases, 800));
// The cache's own cost, without queueing: one page view at a time.
await run('warm, one page view at a time', false, () => pageViews(bases, 100, { concurrency: 1 }));

// Hostile traffic: thousands of requests of the shapes that used to go upstream, half without headers.
const hostileStart = elapsed();
const hostile = await measured('hostile', () => hostileRequests(bases, 4000));
const hostileMs = elapsed() - hostileStart;
// What refreshing the two lists may cost over the phase: 2 requests per started ttlMs, for the fleet.
const hostileRefreshBound = 2 * Math.ceil(hostileMs / TTL_MS);

// Redis paused (connected, no replies), then slow (every reply late): page views one at a time.
await admin.sendCommand(['CLIENT', 'PAUSE', String(PAUSE_MS), 'ALL']);
let paused = true;
const pauseOver = admin.ping().then(() => (paused = false));
await run('Redis paused', false, () => pageViews(bases, 10_000, { concurrency: 1, until: () => !paused }));
await pauseOver;
await proxy.delay(SLOW_REPLY_MS);
await run('Redis slow', false, () => pageViews(bases, 100, { concurrency: 1 }));
await proxy.delay(0);
// Back to healthy: each server's probe finds Redis answering within the budget again.
await run('Redis healthy again', false, () => pageViews(bases, 40, { concurrency: 1, paceMs: 150 }));

const published = { ...FIXTURE_PROMPTS.find((prompt) => prompt.promptId === 'welcome-email' && prompt.version === '2.0.0')!, version: '3.0.0' };
db.addPrompt(published);
const publishedAt = elapsed();
const firstSeen = new Map<number, number>();
await run('publish mid-run', false, () =>
  pageViews(bases, 10_000, {
    paceMs: 250,
    until: () => firstSeen.size === INSTANCES || elapsed() - publishedAt > TTL_MS + 10_000,
    onView: (view) => {
      for (const sample of view.samples) if (sample.version === '3.0.0' && !firstSeen.has(sample.instance)) firstSeen.set(sample.instance, sample.at);
    },
  }),
);

await redis.stop();
await run('Redis killed', false, () => pageViews(bases, 400));
await redis.restart();
await run('Redis restarted', false, () => pageViews(bases, 400, { paceMs: 100 }));

db.faults.inject({ kind: 'server-error', rate: 1 });
await run('upstream 500s', true, () => pageViews(bases, 600, { paceMs: 400 }));
// The outage goes on for a minute: every version the lists name, read once or never, looped on every
// server. But the 429 phase's version, which must stay uncached (a remembered failure would answer it).
const pinnedPaths = pinnedVersionPaths(db).filter((path) => path !== UNCACHED_VERSION);
const outageStart = elapsed();
const pinnedLoop = await measured('outage: versions looped', () => loopFor(bases, pinnedPaths, OUTAGE_MS, 250));
const outageMs = elapsed() - outageStart;
db.faults.clear();
// Ids spelled like a kind (`/prompts/composers` ...), with no headers: a 404 each, as any unknown id.
const kindStart = elapsed();
const kindNamed = await measured('ids spelled like a kind', () => loopFor(bases, KIND_NAMED_PATHS, 5000, 50));
const kindMs = elapsed() - kindStart;

const used = db.usageOf(KEYS.fleet)!.used;
db.setUsage(KEYS.fleet, 50_000);
const uncached: Sample[] = [];
const exhaustedStart = elapsed();
await run('exhausted key (429)', true, async () => {
  const views = await pageViews(bases, 600, { paceMs: 400 });
  // A version nobody read before: not cached anywhere (a list refresh renews only latest items).
  for (let instance = 0; instance < INSTANCES; instance++) uncached.push(...(await pageView(bases, instance, [UNCACHED_VERSION])).samples);
  return views;
});
const exhaustedMs = elapsed() - exhaustedStart;
db.setUsage(KEYS.fleet, used);

// Refusals: another site, and traversal sent as raw bytes.
phase = 'refusals';
const refusals: number[] = [];
for (const base of bases) {
  refusals.push((await fetch(`${base}/api/prompt-api/prompts`, { headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' } })).status);
  const { port } = new URL(base);
  refusals.push(
    await new Promise<number>((resolve) => httpRequest({ host: '127.0.0.1', port, path: '/api/prompt-api/%2e%2e/%2e%2e/prompts' }, (response) => (response.resume(), resolve(response.statusCode ?? 0))).end()),
  );
}
const refusalUpstream = upstreamIn('refusals').length;
fleet.stop();

// The large account: 10,000 prompts on a mock of their own, one server on Redis, one on its memory. Redis
// starts empty, so that what it holds afterwards is the account's.
await admin.flushAll();
const largeDb = createMockDb({ prompts: generatedAccount(10_000).prompts, composers: [], keys: [{ key: KEYS.large, plan: 'pro' }] });
const largeMock = await startMockServer({ db: largeDb, latency: [50, 80], handlers: [counter] });
const largeRuns: LargeAccountRun[] = [];
const largeWarnings: string[] = [];
for (const store of [redis.url, 'memory']) {
  phase = `large account, ${store === 'memory' ? 'memory' : 'Redis'}`;
  const name = phase;
  const server = await startFleet('handler', store, KEYS.large, { api: largeMock.url, instances: 1 });
  await fetch(`${server.bases[0]}/health`).then((response) => response.text());
  largeRuns.push(await readLargeAccount(server.bases[0]!, store === 'memory' ? 'memory' : 'Redis', TTL_MS, () => upstreamIn(name, KEYS.large).length, store === 'memory' ? undefined : admin));
  largeWarnings.push(...server.warnings.flat());
  server.stop();
}
// A list of 50 with one item outside the contract (a temperature of 3), every item read on every server.
let brokenList = false;
const badDb = createMockDb({ prompts: generatedAccount(50).prompts, composers: [], keys: [{ key: KEYS.badItem, plan: 'pro' }] });
const badMock = await startMockServer({ db: badDb, latency: [50, 80], handlers: [counter, ...brokenItemHandlers(badDb, 'prompt-00007', () => brokenList)] });
const badFleet = await startFleet('handler', proxy.url, KEYS.badItem, { api: badMock.url });
const badPaths = itemPaths(badDb.listPrompts().map((prompt) => prompt.promptId));
phase = 'one bad item: warm';
await loopFor(badFleet.bases, badPaths, 2000, 10);
brokenList = true;
phase = 'one bad item in the list';
const badStart = elapsed();
const badSamples = await loopFor(badFleet.bases, badPaths, BAD_ITEM_MS, 10);
const badMs = elapsed() - badStart;
badFleet.stop();
await badMock.close();

// The floor: one bare fetch of the same list and its JSON.parse, nothing else.
const bare = performance.now();
const largeList = await fetch(`${largeMock.url}/prompts`, { headers: { authorization: `Bearer ${KEYS.large}` } }).then((response) => response.text());
JSON.parse(largeList);
const bareMs = performance.now() - bare;
await largeMock.close();

// Memory stores: each server alone.
const memory = await startFleet('handler', 'memory', KEYS.memory);
await Promise.all(memory.bases.map((base) => fetch(`${base}/health`).then((response) => response.text())));
phase = 'memory';
const memoryCold = await pageViews(memory.bases, CONCURRENCY);
const memoryWarm = await pageViews(memory.bases, 800);
const memoryUnloaded = await pageViews(memory.bases, 100, { concurrency: 1 });
memory.stop();

// The baseline: the same page views through today's recipe proxy.
const total = phases.reduce((sum, entry) => sum + entry.views.length, 0);
const proxies = await startFleet('proxy', 'none', KEYS.baseline);
phase = 'baseline';
const baselineViews = await pageViews(proxies.bases, total);
proxies.stop();

// What the instruments cost a request: three processes, one after the other, each answering a warm
// item 20,000 times in-process; the medians of their rounds against the one without the API.
const recordNs: Record<string, number[]> = {};
async function overhead(mode: 'absent' | 'no-sdk' | 'sdk'): Promise<number[]> {
  const script = fileURLToPath(new URL('./overhead.ts', import.meta.url));
  const hooks = fileURLToPath(new URL('./without-opentelemetry.mjs', import.meta.url));
  const child = fork(script, [mode], { execArgv: ['--import', 'tsx', ...(mode === 'absent' ? ['--import', hooks] : [])], stdio: 'inherit' });
  return new Promise((resolve, reject) => {
    child.once('message', (message: { rounds: number[]; recordNs: number }) => {
      (recordNs[mode] ??= []).push(message.recordNs);
      resolve(message.rounds);
    });
    child.once('exit', (code) => code !== 0 && reject(new Error(`overhead ${mode} exited with ${code}`)));
  });
}
const costs: Record<string, number[]> = {};
// Interleaved, twice, so that a busy moment of the machine does not fall on one mode only.
for (const mode of ['absent', 'no-sdk', 'sdk', 'absent', 'no-sdk', 'sdk'] as const) (costs[mode] ??= []).push(...(await overhead(mode)));
const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

// Tables.
const failed = (views: PageView[]) => views.filter((view) => view.failed).length;
// The outage phases have a table and bounds of their own: the whole run is the page views'.
const OWN_BOUNDS = new Set(['outage: versions looped', 'ids spelled like a kind']);
const fleetUpstream = upstream.filter((entry) => entry.key === KEYS.fleet && !OWN_BOUNDS.has(entry.phase)).length;
const baselineUpstream = upstreamIn('baseline', KEYS.baseline).length;
/** The statuses of a phase's requests other than 200, counted: `504×3`. */
const failures = (views: PageView[]) => {
  const counts = new Map<string, number>();
  for (const sample of views.flatMap((view) => view.samples)) {
    const what = sample.status === 0 ? `no response (${sample.error})` : String(sample.status);
    if (sample.status !== 200) counts.set(what, (counts.get(what) ?? 0) + 1);
  }
  return [...counts].map(([what, count]) => `${what} ×${count}`).join(', ');
};
report('Upstream requests per phase: 4 handler processes sharing Redis', [
  ['phase', 'page views', 'failed page views', 'upstream requests'],
  ...phases.map((entry) => [
    `${entry.name}${entry.forced ? ' (forced errors)' : ''}`,
    entry.views.length,
    `${failed(entry.views)}${failed(entry.views) ? ` (${failures(entry.views)})` : ''}`,
    upstreamIn(entry.name).length,
  ]),
  [
    `hostile: ${hostile.length} requests in ${(hostileMs / 1000).toFixed(1)} s (${Object.keys(HOSTILE_SHAPES).join(', ')}; half with a page's headers)`,
    '-',
    `${hostile.filter((sample) => sample.status !== 404).length} not 404`,
    upstreamIn('hostile').length,
  ],
  ['whole run (the outage phases apart: their table follows)', total, phases.reduce((sum, entry) => sum + failed(entry.views), 0), fleetUpstream],
  ['baseline: recipe proxy, same page views', baselineViews.length, `${failed(baselineViews)}${failed(baselineViews) ? ` (${failures(baselineViews)})` : ''}`, baselineUpstream],
]);

const samplesOf = (views: PageView[], outcome?: string) => views.flatMap((view) => view.samples).filter((sample) => outcome === undefined || sample.outcome === outcome);
const latency = (label: string, samples: Sample[]) => [label, samples.length, percentile(samples.map((s) => s.ms), 0.5), percentile(samples.map((s) => s.ms), 0.95), percentile(samples.map((s) => s.ms), 0.99)];
const warm = phases.find((entry) => entry.name === 'warm')!.views;
const cold = phases.find((entry) => entry.name === 'cold wave')!.views;
const unloaded = phases.find((entry) => entry.name === 'warm, one page view at a time')!.views;
report('Request latency, ms, as the browser sees it (loopback; upstream 50 to 80 ms)', [
  ['requests', 'count', 'p50', 'p95', 'p99'],
  latency('hit, on Redis, 40 page views in flight (warm phase)', samplesOf(warm, 'hit')),
  latency('hit, on Redis, one page view at a time', samplesOf(unloaded, 'hit')),
  latency('miss, on Redis (cold wave: fetched, or waited for the fleet’s fetch)', samplesOf(cold, 'miss')),
  latency('hit, in memory, 40 page views in flight (memory stores, warm)', samplesOf(memoryWarm, 'hit')),
  latency('hit, in memory, one page view at a time', samplesOf(memoryUnloaded, 'hit')),
  latency('miss, in memory (memory stores, cold wave)', samplesOf(memoryCold, 'miss')),
  latency('baseline: recipe proxy, 40 page views in flight (every request upstream)', samplesOf(baselineViews)),
]);

const hitsOf = (name: string) => samplesOf(phases.find((entry) => entry.name === name)!.views, 'hit').map((sample) => sample.ms);
const sick = (label: string, name: string) => {
  const views = phases.find((entry) => entry.name === name)!.views;
  const hits = hitsOf(name);
  return [label, views.length, failed(views), hits.length, percentile(hits, 0.5), percentile(hits, 0.9), percentile(hits, 1)];
};
report(`Cached reads while Redis is sick: one page view at a time, ms (a read waits on Redis at most its 50 ms budget)`, [
  ['phase', 'page views', 'failed', 'hits', 'p50', 'p90', 'max'],
  sick('healthy (warm, one page view at a time)', 'warm, one page view at a time'),
  sick(`paused (CLIENT PAUSE ${PAUSE_MS} ALL)`, 'Redis paused'),
  sick(`slow (every reply ${SLOW_REPLY_MS} ms late)`, 'Redis slow'),
  sick('healthy again', 'Redis healthy again'),
]);

const mb = (bytes: number | undefined) => (bytes === undefined ? '-' : `${(bytes / 1_000_000).toFixed(1)} MB`);
report(`An account of 10,000 prompts (${mb(largeList.length)} list with versions): one server each, ttlMs ${TTL_MS}`, [
  ['step', ...largeRuns.map((run) => `${run.store}, ms`)],
  ...largeRuns[0]!.steps.map((step, index) => [step.name, ...largeRuns.map((run) => `${run.steps[index]!.ms.toFixed(1)}${run.steps[index]!.status === 200 ? '' : ` (${run.steps[index]!.status})`}`)]),
  ['upstream requests', ...largeRuns.map((run) => run.upstream)],
  ['store writes (Redis SET)', ...largeRuns.map((run) => run.redisWrites ?? '-')],
  ['Redis memory for the account', ...largeRuns.map((run) => mb(run.redisBytes))],
  ['floor: a bare fetch of the list and JSON.parse', `${bareMs.toFixed(1)}`, ''],
]);

report('What the instruments cost a request: a warm handler in one process, 2,000 reads a round, 20 rounds a mode (µs a request)', [
  ['@opentelemetry/api', 'median', 'fastest round', 'slowest round', 'against not installed', 'the records of one read alone (ns)'],
  ...(['absent', 'no-sdk', 'sdk'] as const).map((mode) => [
    { absent: 'not installed', 'no-sdk': 'installed, no SDK registered', sdk: 'with the SDK (in-memory reader)' }[mode],
    median(costs[mode]!).toFixed(1),
    Math.min(...costs[mode]!).toFixed(1),
    Math.max(...costs[mode]!).toFixed(1),
    `${(median(costs[mode]!) / median(costs.absent!)).toFixed(3)}x`,
    Math.min(...recordNs[mode]!).toFixed(0),
  ]),
]);

const visibleAfter = Math.max(...[...firstSeen.values()].map((at) => at - publishedAt));
// A server went back: a read sent after that server had answered 3.0.0 got 2.0.0.
const regressed = samplesOf(phases.find((entry) => entry.name === 'publish mid-run')!.views).some((sample) => sample.version === '2.0.0' && sample.startedAt > (firstSeen.get(sample.instance) ?? Infinity));
const perInstance429 = Array.from({ length: INSTANCES }, (_, index) => upstreamIn('exhausted key (429)').filter((entry) => entry.instance === String(index)).length);
report('Publish, failures and refusals', [
  ['what', 'measured'],
  ['publish visible on every server after (ttlMs 5,000)', `${(visibleAfter / 1000).toFixed(2)} s (${[...firstSeen.entries()].sort().map(([instance, at]) => `#${instance} ${((at - publishedAt) / 1000).toFixed(2)} s`).join(', ')})`],
  ['memory stores: upstream requests for the cold wave, 900 warm page views', upstreamIn('memory', KEYS.memory).length],
  ['429 phase: upstream requests per server', perInstance429.join(', ')],
  ['429 phase: an uncached read on each server', uncached.map((sample) => sample.status).join(', ')],
  ['Redis outage: warnings per server', fleet.warnings.map((list) => list.length).join(', ')],
  ...[...new Set(fleet.warnings.flat().map((warning) => warning.replace(/\(.*\)/, '(...)')))].map((warning) => ['a warning', warning]),
]);

// What each failure costs upstream, against the bound the docs state.
const perPath = (entries: { path: string }[]) => entries.reduce((counts, entry) => counts.set(entry.path, (counts.get(entry.path) ?? 0) + 1), new Map<string, number>());
const pinnedUpstream = upstreamIn('outage: versions looped');
const pinnedMost = Math.max(0, ...perPath(pinnedUpstream).values());
// Requests for one version at 0, 5, 15, 35 s ... (errorTtlMs 5 s, doubling): how many fit in the phase.
const pinnedBound = Math.floor(Math.log2(outageMs / 5000 + 1)) + 1;
const kindUpstream = upstreamIn('ids spelled like a kind');
const kindItems = kindUpstream.filter((entry) => !entry.path.endsWith('?include_versions=true'));
const kindListBound = 2 * Math.ceil(kindMs / TTL_MS);
const badUpstream = upstreamIn('one bad item in the list', KEYS.badItem);
const badBound = 2 * Math.ceil(badMs / TTL_MS);
report('What each failure costs upstream: 4 servers on Redis, ttlMs 5 s, errorTtlMs 5 s', [
  ['failure', 'requests sent', 'answers', 'upstream requests', 'bound'],
  [
    `API down: ${pinnedPaths.length} versions the lists name, looped ${(outageMs / 1000).toFixed(0)} s`,
    pinnedLoop.length,
    [...perPath(pinnedLoop.map((sample) => ({ path: String(sample.status) }))).entries()].map(([status, count]) => `${status} ×${count}`).join(', '),
    `${pinnedUpstream.length} (at most ${pinnedMost} for one version)`,
    `${pinnedBound} a version (5, 10, 20, 40 s apart; then up to 10 min: 6 an hour)`,
  ],
  [`ids spelled like a kind (${KIND_NAMED_PATHS.length} paths), ${(kindMs / 1000).toFixed(0)} s, no headers`, kindNamed.length, [...new Set(kindNamed.map((sample) => sample.status))].join(', '), `${kindItems.length} (+ ${kindUpstream.length - kindItems.length} list refreshes)`, `0 (+ ≤ ${kindListBound} list refreshes)`],
  [`a list of 50 with one item outside the contract, every item read ${(badMs / 1000).toFixed(0)} s`, badSamples.length, [...new Set(badSamples.map((sample) => sample.status))].join(', '), badUpstream.length, `${badBound} (2 per ttlMs)`],
]);
check(`API down: each version the lists name costs at most ${pinnedBound} requests in ${(outageMs / 1000).toFixed(0)} s`, pinnedMost <= pinnedBound && pinnedUpstream.every((entry) => entry.path.includes('?version=')), `${pinnedUpstream.length} requests for ${pinnedPaths.length} versions, at most ${pinnedMost} for one`);
check('ids spelled like a kind: each a 404, no upstream request but the lists’ refreshes', kindNamed.every((sample) => sample.status === 404) && kindItems.length === 0 && kindUpstream.length <= kindListBound, `${kindNamed.length} requests; ${kindUpstream.length} upstream, ${kindItems.length} of them not a list`);
check('one bad item in a list of 50: every read 200 (the bad item from its last good copy), at most 2 upstream per ttlMs', badSamples.every((sample) => sample.status === 200) && badUpstream.length <= badBound, `${badSamples.length} reads, ${badSamples.filter((sample) => sample.status !== 200).length} not 200; ${badUpstream.length} upstream in ${(badMs / 1000).toFixed(1)} s, bound ${badBound}`);

const outcomes = ['fresh', 'stale', 'miss', 'refused', 'error'];
const instrumentRows = [...counted.entries()].map(([name, points]) => [
  name,
  ...outcomes.map((outcome) => sumOf(points, 'prompt_api.handler.requests', { outcome })),
  sumOf(points, 'prompt_api.upstream.requests'),
  ['miss', 'refresh', 'probe'].map((reason) => sumOf(points, 'prompt_api.upstream.requests', { reason })).join(' / '),
  ['timeout', 'error', 'skipped'].map((outcome) => sumOf(points, 'prompt_api.store.operations', { outcome })).join(' / '),
  `${sumOf(points, 'prompt_api.lock.waits', { outcome: 'answered' })} / ${sumOf(points, 'prompt_api.lock.waits', { outcome: 'gave-up' })}`,
]);
report('From the fleet’s own instruments (prompt_api.*, through the OpenTelemetry SDK’s in-memory exporter in each server)', [
  ['phase', ...outcomes.map((outcome) => `handler: ${outcome}`), 'upstream', 'upstream: miss / refresh / probe', 'store: timeout / error / skipped', 'lock waits: answered / gave up'],
  ...instrumentRows,
]);
const mismatched = [...counted.entries()].filter(([name, points]) => sumOf(points, 'prompt_api.upstream.requests') !== upstreamIn(name).length);
check(
  'the instruments count the upstream requests the mock API saw, phase by phase',
  mismatched.length === 0,
  mismatched.length === 0 ? `${counted.size} phases agree` : mismatched.map(([name, points]) => `${name}: ${sumOf(points, 'prompt_api.upstream.requests')} against ${upstreamIn(name).length}`).join('; '),
);

const forcedOutside = phases.filter((entry) => !entry.forced).reduce((sum, entry) => sum + failed(entry.views), 0);
const outage = phases.filter((entry) => entry.name.startsWith('Redis')).reduce((sum, entry) => sum + failed(entry.views), 0);
const exhausted = phases.find((entry) => entry.name === 'exhausted key (429)')!.views;
check('cold wave: each distinct request once for the fleet (≤ 6)', upstreamIn('cold wave').length <= 6 && new Set(upstreamIn('cold wave').map((entry) => entry.path)).size === upstreamIn('cold wave').length, `${upstreamIn('cold wave').length}: ${upstreamIn('cold wave').map((entry) => entry.path).join(' ')}`);
check('whole run ≤ 60 upstream requests, baseline ≥ 12,000', fleetUpstream <= 60 && baselineUpstream >= 12_000, `${fleetUpstream} against ${baselineUpstream}`);
check('0 failed page views outside the forced-error phases', forcedOutside === 0, String(forcedOutside));
check('0 failed page views while Redis is down', outage === 0, String(outage));
check(`publish visible on every server within ttlMs + 2 s`, firstSeen.size === INSTANCES && visibleAfter <= TTL_MS + 2000 && !regressed, `${(visibleAfter / 1000).toFixed(2)} s, ${firstSeen.size} servers${regressed ? ', one went back to 2.0.0' : ''}`);
check('429: cached reads 200', failed(exhausted) === 0, `${failed(exhausted)} failed page views`);
check('429: the uncached read gets 429 with usage and upgradeUrl', uncached.every((sample) => sample.status === 429) && seenBytes.some((text) => text.startsWith('429') && /"usage":\{"used":50000,"limit":50000\},"upgradeUrl":"https:/.test(text)), uncached.map((sample) => sample.status).join(', '));
// Each server meets the 429 once at most; then one request for the fleet per errorTtlMs (5 s) checks it.
const checks429 = Math.ceil(exhaustedMs / 5000);
check(
  `429: at most one upstream request per server, and the fleet's checks (one per errorTtlMs)`,
  perInstance429.reduce((sum, count) => sum + count, 0) <= INSTANCES + checks429,
  `${perInstance429.join(', ')} in ${(exhaustedMs / 1000).toFixed(1)} s (bound ${INSTANCES} + ${checks429})`,
);
check('cross-site 403 and traversal 404, with 0 upstream requests', refusals.every((status, index) => status === (index % 2 ? 404 : 403)) && refusalUpstream === 0, `${refusals.join(', ')}; upstream ${refusalUpstream}`);
check('the key in no byte of any response', !seenBytes.some((text) => Object.values(KEYS).some((key) => text.includes(key))), `${seenBytes.length} responses`);
const outageWarnings = fleet.warnings.map((list) => list.filter((warning) => warning.startsWith('Redis killed') || warning.startsWith('Redis restarted')).length);
check('Redis killed: warned once per server, and its recovery once', outageWarnings.every((count) => count === 2), outageWarnings.join(', '));
const hostileUpstream = upstreamIn('hostile');
check(
  'hostile traffic: every answer a 404, and no upstream request but the lists’ refreshes (2 per ttlMs)',
  hostile.every((sample) => sample.status === 404) && hostileUpstream.every((entry) => entry.path.endsWith('?include_versions=true')) && hostileUpstream.length <= hostileRefreshBound,
  `${hostileUpstream.length} upstream (${[...new Set(hostileUpstream.map((entry) => entry.path))].join(' ')}) in ${(hostileMs / 1000).toFixed(1)} s, bound ${hostileRefreshBound}; ${hostile.length} requests`,
);
const sickHits = [...hitsOf('Redis paused'), ...hitsOf('Redis slow')];
check('Redis paused or slow: 0 failed page views, cached reads p90 under 250 ms (not the store timeout of 1 s)', ['Redis paused', 'Redis slow'].every((name) => failed(phases.find((entry) => entry.name === name)!.views) === 0) && Number(percentile(sickHits, 0.9)) < 250, `p90 ${percentile(sickHits, 0.9)} ms`);
check('10,000 prompts: 2 upstream requests per server, a few store writes, no store fault', largeRuns.every((run) => run.upstream === 2) && (largeRuns[0]!.redisWrites ?? 0) <= 12 && largeWarnings.length === 0, `${largeRuns.map((run) => `${run.store}: ${run.upstream} requests`).join(', ')}; ${largeRuns[0]!.redisWrites} writes; ${largeWarnings.length} warnings`);
report('Checks', [['check', 'result', 'measured'], ...checks.map((entry) => [entry.name, entry.ok ? 'ok' : 'FAIL', entry.detail])]);

admin.destroy();
proxy.close();
await redis.stop();
await mock.close();
process.exit(checks.every((entry) => entry.ok) ? 0 : 1);
