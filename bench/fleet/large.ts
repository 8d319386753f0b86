// The fleet benchmark's large account: 10,000 prompts of realistic size (bench:scale's generated
// account), read through a handler on Redis and one on its own memory: a list, four items, the list
// again, a stale item after ttlMs, and an item after its refresh. What each step took, what reached the
// API, how many writes Redis took and how much memory it holds for the account.
import { type Sample, send } from './load.ts';

/** The one command of a node-redis client these figures need. */
export interface RedisAdmin {
  sendCommand(args: string[]): Promise<unknown>;
}

/** What one server did with the large account. */
export interface LargeAccountRun {
  store: string;
  steps: { name: string; ms: number; status: number }[];
  upstream: number;
  /** Redis `SET` commands during the run (the store's writes), and the memory Redis gained. */
  redisWrites?: number;
  redisBytes?: number;
}

/** The ids the steps read (bench:scale's generated account names its prompts `prompt-00000` on). */
export const LARGE_IDS = ['prompt-00000', 'prompt-00001', 'prompt-05000', 'prompt-09999'];

/** Redis's `SET` calls so far, and what its cache keys hold (`MEMORY USAGE` of each). */
async function redisFigures(admin: RedisAdmin): Promise<{ writes: number; bytes: number }> {
  const commands = String(await admin.sendCommand(['INFO', 'commandstats']));
  const keys = (await admin.sendCommand(['KEYS', 'prompt-cache:*'])) as string[];
  const sizes = await Promise.all(keys.map((key) => admin.sendCommand(['MEMORY', 'USAGE', key])));
  return { writes: Number(/cmdstat_set:calls=(\d+)/.exec(commands)?.[1] ?? 0), bytes: sizes.reduce<number>((total, size) => total + Number(size ?? 0), 0) };
}

/**
 * Runs the steps against the server at `base`; `upstreamCount()` says how many requests reached the API
 * so far for this server, `admin` (for a server on Redis) reads Redis's own figures.
 */
export async function readLargeAccount(
  base: string,
  store: string,
  ttlMs: number,
  upstreamCount: () => number,
  admin?: RedisAdmin,
): Promise<LargeAccountRun> {
  const before = admin ? await redisFigures(admin) : undefined;
  const startedWith = upstreamCount();
  const steps: LargeAccountRun['steps'] = [];
  const step = async (name: string, path: string) => {
    const sample: Sample = await send(base, 0, `/api/prompt-api${path}`);
    steps.push({ name, ms: sample.ms, status: sample.status });
  };
  await step('the list, cold', '/prompts');
  for (const id of LARGE_IDS) await step(`item ${id}`, `/prompts/${id}`);
  await step('the list again', '/prompts');
  await new Promise((resolve) => setTimeout(resolve, ttlMs + 100));
  await step('an item after ttlMs (stale; refresh starts)', '/prompts/prompt-04242');
  for (let waited = 0; upstreamCount() - startedWith < 2 && waited < 20_000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
  // The refresh reads, checks and stores 9 MB after its request: let it finish before the next read.
  await new Promise((resolve) => setTimeout(resolve, 2000));
  await step('the item after its refresh', '/prompts/prompt-04242');
  const after = admin ? await redisFigures(admin) : undefined;
  return {
    store,
    steps,
    upstream: upstreamCount() - startedWith,
    redisWrites: before && after ? after.writes - before.writes : undefined,
    redisBytes: before && after ? after.bytes - before.bytes : undefined,
  };
}
