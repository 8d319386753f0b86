// `npm run bench:handler`: what a cached read costs the server itself. The handler on Node's `http`
// (a `memoryStore` cache, warmed) against the floor of any Fetch handler on the same adapter (the same
// status, headers and bytes, computed once), each route in turn, in one run: a list, its revalidation
// (304), a latest item and a pinned version, without and with `Accept-Encoding: br, gzip`, on accounts
// of 100 and 10,000 prompts. Then, on 10,000 prompts, an attack: list requests at 50 a second while a
// visitor reads items, and 100 list requests at once, in the handler and in-process (a cached client read
// as Server Components read it): the resident memory they take over idle, and the event loop's longest
// stall. Prints Markdown tables (docs/operating/serving-cost.md) and each goal met or missed. The servers
// run the built package. `BENCH_SIZES`, `BENCH_ROUTES` (names, or their starts) narrow a run; a narrowed
// run skips the attack. `BENCH_DURATION_S` (1) and `BENCH_ROUNDS` (10) set the rounds.
import { type ChildProcess, fork } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { FIXTURE_KEYS } from 'prompt-composer-react/mocks';
import type { BenchServerConfig, InProcessFigures } from './server.ts';
import { startUpstream } from './start-upstream.ts';

/** Account sizes, and routes by name (`BENCH_SIZES=10000 BENCH_ROUTES=item,pinned`): all unless told. */
const SIZES = (process.env.BENCH_SIZES ?? '100,10000').split(',').map(Number);
const ROUTE_FILTER = process.env.BENCH_ROUTES?.split(',');
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 1);
const CONNECTIONS = 8;
/**
 * Rounds per route: in each, both sides in turn (which goes first alternates), and their ratio; the median
 * ratio of the rounds is the route's. On 2 cores shared with the load generator, requests a second move
 * by half from one moment to the next; a side measured right after the other shares its moment. Ten
 * rounds of 1 s sample twice the moments of five of 2 s, in the same time: a route's median moved by 0.2
 * from run to run with five, with single rounds from 0.3 to 1.5.
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);
const ENCODED = { 'accept-encoding': 'br, gzip' };
const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));

/** A route of the table: its path, and whether it revalidates (a 304 with the ETag of a first read). */
interface Route {
  name: string;
  path: string;
  revalidate?: boolean;
}
const ROUTES: Route[] = [
  { name: 'list, 200', path: '/api/prompt-api/prompts' },
  { name: 'list, 304', path: '/api/prompt-api/prompts', revalidate: true },
  { name: 'item', path: '/api/prompt-api/prompts/prompt-00042' },
  { name: 'pinned version', path: '/api/prompt-api/prompts/prompt-00000?version=1.0.0' },
].filter((route) => !ROUTE_FILTER || ROUTE_FILTER.some((name) => route.name.startsWith(name)));

/** One answer as it came over the wire: status, headers and bytes, nothing decoded. */
interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  bytes: number;
  ms: number;
}

const agent = new Agent({ keepAlive: true, maxSockets: 512 });

/** GET `url`, its body counted but not kept or decoded. */
function rawGet(url: string, headers: Record<string, string> = {}, through: Agent = agent): Promise<RawAnswer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { agent: through, headers }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, bytes, ms: performance.now() - started }));
      response.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

/** The servers run the built package, as users do (see tsconfig.built.json). */
const BUILT = { ...process.env, TSX_TSCONFIG_PATH: here('./tsconfig.built.json') };

/** Forks a process of server.ts and waits for its first message. */
function start<T>(config: BenchServerConfig): Promise<{ child: ChildProcess; message: T }> {
  const child = fork(here('./server.ts'), [JSON.stringify(config)], { execArgv: ['--import', 'tsx', '--expose-gc'], env: BUILT, stdio: 'inherit' });
  return new Promise((resolve, reject) => {
    child.once('message', (message) => resolve({ child, message: message as T }));
    child.once('exit', (code) => reject(new Error(`bench server (${config.mode}) exited with ${code}`)));
  });
}

/** The CPU time (user and system, microseconds) a server process has spent so far, as it reports it. */
function cpuOf(server: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    const listener = (message: { cpuMicros?: number }) => {
      if (message.cpuMicros === undefined) return;
      server.off('message', listener);
      resolve(message.cpuMicros);
    };
    server.on('message', listener);
    server.send({ cpu: true });
  });
}

/** One side's round: requests a second and their p50, and the server's CPU time per request answered. */
interface Load {
  rps: number;
  p50: number;
  errors: number;
  cpuMicros: number;
}

/**
 * Requests a second of `url` with `headers`, over CONNECTIONS connections for DURATION_S, their p50, and
 * what each cost the `server` process in CPU time (user and system, the adapter's and the kernel's work
 * included).
 */
async function load(url: string, headers: Record<string, string>, server: ChildProcess): Promise<Load> {
  const cpuBefore = await cpuOf(server);
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers });
  const cpuMicros = ((await cpuOf(server)) - cpuBefore) / Math.max(1, result.requests.total);
  return { rps: result.requests.average, p50: result.latency.p50, errors: result.errors + result.timeouts, cpuMicros };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};
const kb = (bytes: number) => (bytes >= 1e6 ? `${(bytes / 1e6).toFixed(1)} MB` : `${(bytes / 1e3).toFixed(1)} kB`);
const mb = (bytes: number) => `${Math.round(bytes / 1e6)} MB`;

/** Resident memory of a process now and at its peak since the last reset (Linux). */
async function rssOf(pid: number): Promise<{ now: number; peak: number }> {
  const text = await readFile(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(text)?.[1] ?? 0) * 1024;
  return { now: field('VmRSS'), peak: field('VmHWM') };
}

interface Row {
  size: number;
  route: string;
  encoding: string;
  rounds: { handler: Load; floor: Load }[];
  bytes: number;
  rawBytes: number;
}

const rows: Row[] = [];
const goals: { goal: string; met: boolean; figure: string }[] = [];
const attack: string[] = [];

for (const size of SIZES) {
  const upstream = await startUpstream(size);
  const config = { upstream: upstream.url, apiKey: FIXTURE_KEYS.pro };
  const handler = await start<{ port: number }>({ ...config, mode: 'handler' });
  const floor = await start<{ port: number }>({ ...config, mode: 'floor' });
  const handlerBase = `http://127.0.0.1:${handler.message.port}`;
  const floorBase = `http://127.0.0.1:${floor.message.port}`;
  // Warm both (the floor's answers are the handler's, asked once each).
  for (const base of [handlerBase, floorBase]) {
    for (const route of ROUTES) for (const headers of [{}, ENCODED]) await rawGet(base + route.path, headers);
    await rawGet(`${base}/api/prompt-api/prompts?include_versions=true`);
  }
  for (const route of ROUTES) {
    for (const [encoding, accept] of [['none', {}], ['br, gzip', ENCODED]] as const) {
      const first = await rawGet(handlerBase + route.path, accept);
      const raw = await rawGet(handlerBase + route.path);
      const etag = String(first.headers.etag ?? '');
      const headers: Record<string, string> = { ...accept, ...(route.revalidate ? { 'if-none-match': etag } : {}) };
      // Each side warmed with exactly this request (a second not counted: the JIT and the sockets), then
      // the rounds, each side right after the other.
      for (const base of [handlerBase, floorBase]) await autocannon({ url: base + route.path, connections: CONNECTIONS, duration: 1, headers });
      const rounds: { handler: Load; floor: Load }[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const measure = (side: 'handler' | 'floor') => load((side === 'handler' ? handlerBase : floorBase) + route.path, headers, (side === 'handler' ? handler : floor).child);
        if (round % 2 === 0) {
          const handlerLoad = await measure('handler');
          rounds.push({ handler: handlerLoad, floor: await measure('floor') });
        } else {
          const floorLoad = await measure('floor');
          rounds.push({ handler: await measure('handler'), floor: floorLoad });
        }
      }
      rows.push({ size, route: route.name, encoding, rounds, bytes: route.revalidate ? 0 : first.bytes, rawBytes: raw.bytes });
    }
  }

  if (size === 10_000 && !ROUTE_FILTER) {
    // A visitor reads items 5 times a second while an attacker sends 50 list requests a second.
    const visitor = async (durationMs: number) => {
      const samples: number[] = [];
      const until = performance.now() + durationMs;
      for (let index = 0; performance.now() < until; index++) {
        const tick = performance.now();
        samples.push((await rawGet(`${handlerBase}/api/prompt-api/prompts/prompt-${String((index * 37) % size).padStart(5, '0')}`)).ms);
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, 200 - (performance.now() - tick))));
      }
      return samples;
    };
    const attacker = fork(here('./attacker.ts'), [JSON.stringify({ base: handlerBase, rate: 50, durationMs: 10_000 })], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
    const attacked = new Promise<{ sent: number; answered: number; failed: number; statuses: Record<string, number> }>((resolve) => attacker.once('message', (message) => resolve(message as never)));
    const samples = await visitor(10_000);
    const attackReport = await attacked;
    attacker.kill();
    const p50 = percentile(samples, 50);
    const p90 = percentile(samples, 90);
    attack.push(
      `| 50 list requests/s (${attackReport.sent} sent, ${attackReport.answered} answered: ${Object.entries(attackReport.statuses).map(([status, count]) => `${count} × ${status}`).join(', ')}) | visitor's item reads p50 ${p50.toFixed(1)} ms, p90 ${p90.toFixed(1)} ms (${samples.length} reads) |`,
    );
    goals.push({ goal: "50 list requests/s: a visitor's cached item reads p90 ≤ 100 ms", met: p90 <= 100, figure: `p90 ${p90.toFixed(1)} ms` });

    // 100 list requests at once (half with versions), as a flood does.
    handler.child.send({ gc: true });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const pid = handler.child.pid!;
    const idle = (await rssOf(pid)).now;
    await writeFile(`/proc/${pid}/clear_refs`, '5');
    const burstAgent = new Agent({ keepAlive: false, maxSockets: 200 });
    const started = performance.now();
    const during = rawGet(`${handlerBase}/api/prompt-api/prompts/prompt-00007`);
    const burst = await Promise.all(
      Array.from({ length: 100 }, (_, index) => rawGet(`${handlerBase}/api/prompt-api/prompts${index % 2 === 0 ? '?include_versions=true' : ''}`, {}, burstAgent)),
    );
    const burstMs = performance.now() - started;
    const visitorDuring = (await during).ms;
    const peak = (await rssOf(pid)).peak;
    attack.push(
      `| 100 list requests at once, handler (${burst.filter((answer) => answer.status === 200).length} × 200 in ${Math.round(burstMs)} ms) | RSS ${mb(idle)} idle, ${mb(peak)} at peak (${(peak / idle).toFixed(2)}×); a visitor's item read meanwhile ${visitorDuring.toFixed(1)} ms |`,
    );
    goals.push({ goal: '100 concurrent list requests: handler RSS < 2× idle', met: peak < 2 * idle, figure: `${(peak / idle).toFixed(2)}×` });

    const inProcess = await start<{ figures: InProcessFigures }>({ ...config, mode: 'in-process', burst: 100 });
    const figures = inProcess.message.figures;
    inProcess.child.kill();
    attack.push(
      `| 100 list reads at once, in-process (${Math.round(figures.burstMs)} ms) | RSS ${mb(figures.idleRssBytes)} idle, ${mb(figures.peakRssBytes)} at peak (${(figures.peakRssBytes / figures.idleRssBytes).toFixed(2)}×); event loop's longest stall ${Math.round(figures.maxEventLoopDelayMs)} ms |`,
    );
    goals.push({
      goal: '100 concurrent list reads in-process: RSS < 2× idle',
      met: figures.peakRssBytes < 2 * figures.idleRssBytes,
      figure: `${(figures.peakRssBytes / figures.idleRssBytes).toFixed(2)}×`,
    });
  }
  handler.child.kill();
  floor.child.kill();
  upstream.stop();
}

console.log(`\n### Cached reads against the floor (${CONNECTIONS} connections; ${ROUNDS} rounds of ${DURATION_S} s a side, the sides in turn; medians)\n`);
console.log('| prompts | route | Accept-Encoding | handler | floor | ratio (rounds) | CPU a request, handler / floor | bytes on the wire |');
console.log('|---|---|---|---|---|---|---|---|');
const median = (values: number[]) => percentile(values, 50);
const micros = (value: number) => (value >= 1000 ? `${(value / 1000).toFixed(1)} ms` : `${Math.round(value)} µs`);
for (const row of rows) {
  const ratios = row.rounds.map(({ handler, floor }) => handler.rps / floor.rps);
  const ratio = median(ratios);
  const side = (name: 'handler' | 'floor') => ({
    rps: median(row.rounds.map((round) => round[name].rps)),
    p50: median(row.rounds.map((round) => round[name].p50)),
    cpuMicros: median(row.rounds.map((round) => round[name].cpuMicros)),
  });
  const handler = side('handler');
  const floor = side('floor');
  const wire = row.route.endsWith('304') ? '0 (304)' : row.encoding === 'none' ? kb(row.bytes) : `${kb(row.bytes)} (${((100 * row.bytes) / row.rawBytes).toFixed(1)} % of ${kb(row.rawBytes)})`;
  const spread = `${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}`;
  console.log(
    `| ${row.size.toLocaleString('en-US')} | ${row.route} | ${row.encoding} | ${Math.round(handler.rps).toLocaleString('en-US')} req/s, p50 ${handler.p50} ms | ${Math.round(floor.rps).toLocaleString('en-US')} req/s | ${ratio.toFixed(2)}× (${spread}) | ${micros(handler.cpuMicros)} / ${micros(floor.cpuMicros)} | ${wire} |`,
  );
  const least = /item|pinned/.test(row.route) ? 0.7 : 0.5;
  goals.push({ goal: `${row.size} prompts, ${row.route}, ${row.encoding}: ≥ ${least}× the floor`, met: ratio >= least, figure: `${ratio.toFixed(2)}×, rounds ${spread}` });
  if (row.route === 'list, 200' && row.encoding !== 'none') {
    goals.push({ goal: `${row.size} prompts, list with gzip or br: ≤ 15 % of its raw bytes`, met: row.bytes <= 0.15 * row.rawBytes, figure: `${((100 * row.bytes) / row.rawBytes).toFixed(1)} %` });
  }
}
console.log('\n### Under attack, 10,000 prompts\n');
console.log('| traffic | what it cost |');
console.log('|---|---|');
for (const line of attack) console.log(line);
console.log('\n### Goals\n');
for (const { goal, met, figure } of goals) console.log(`- ${met ? 'met' : 'MISSED'}: ${goal} (${figure})`);
agent.destroy();
process.exit(0);
