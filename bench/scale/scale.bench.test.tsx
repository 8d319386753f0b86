// @vitest-environment jsdom
/**
 * `npm run bench:scale`: what an account's size costs, from 10 to 10,000 prompts and composers, served by
 * the mock server on loopback. For each size, each step's median against the floor (a bare `fetch` and
 * `res.json()` of the same list, in the same run) and its growth exponent log(t2/t1)/log(N2/N1) against
 * the size before: 1 is linear, 2 quadratic. The persisters are TanStack's, as the docs' recipe has them
 * (localStorage: the sync persister; IndexedDB: the async one), over in-memory storage in Node. A page of
 * N `usePrompt` views is rendered without a persister, with the docs' whole-cache recipe
 * (`PersistQueryClientProvider`), with TanStack's per-query persister as TanStack documents it (its
 * `persisterFn` as every query's `persister`), and with `persistEachQuery` over that persister.
 */
import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import { dehydrate, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  experimental_createQueryPersister,
  type Persister,
  PersistQueryClientProvider,
  persistQueryClient,
  persistQueryClientRestore,
} from '@tanstack/react-query-persist-client';
import {
  composerListQueryOptions,
  composerQueryOptions,
  createPromptApiClient,
  dehydrateEachItemOnce,
  persistEachQuery,
  type PromptApiClient,
  PromptApiProvider,
  promptListQueryOptions,
  promptQueryOptions,
  usePrompt,
  usePromptList,
} from 'prompt-composer-react';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { FIXTURE_KEYS } from 'prompt-composer-react/mocks';
import { type ReactNode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { expect, it } from 'vitest';
import { report } from '../report.ts';
import { composerId, promptId } from './account.ts';

/** The account sizes; `BENCH_SCALE_SIZES=10,100` for a quick run. */
const SIZES: readonly number[] = process.env.BENCH_SCALE_SIZES?.split(',').map(Number) ?? [10, 100, 1_000, 10_000];
const RUNS = 5;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

/** The least time the runs of one step take together: a step of a millisecond runs more than `RUNS` times. */
const MIN_TOTAL_MS = 300;

/** A step whose warm-up run takes longer than this is timed by that run alone. */
const ONE_RUN_MS = 10_000;

/** A step whose warm-up run takes longer than this has the garbage collected before each of its runs. */
const COLLECT_EACH_RUN_MS = 50;

/**
 * A page step that took longer than this at the size before is not run at the next, 10 times larger: one
 * that grows as N², as a page of N views under the whole-cache persister does (3.7 s at 1,000), would take
 * many minutes.
 */
const SKIP_AFTER_MS = 2_000;

/**
 * One run of `step`, in ms. A step that returns a `QueryClient` has it cleared after its run, untimed: an
 * unmounted query keeps its data for `gcTime` (5 minutes), and dozens of runs' lists of megabytes left
 * alive would make every later collection slower, which no page that holds one QueryClient pays.
 */
async function runOnce(step: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  const result = await step();
  const elapsed = performance.now() - started;
  if (result instanceof QueryClient) result.clear();
  return elapsed;
}

/**
 * Median ms of the runs of `step` (after one warm-up run): `RUNS` at least, and `MIN_TOTAL_MS` in all. The
 * garbage of the steps before is collected first (the project runs with --expose-gc), so that a step does
 * not pay for another's; for a step of more than `COLLECT_EACH_RUN_MS`, before each run too, untimed, so
 * that a run does not pay for the one before it (a page rendered once does not).
 */
async function time(step: () => Promise<unknown>): Promise<number> {
  globalThis.gc?.();
  const warmUp = await runOnce(step);
  if (warmUp > ONE_RUN_MS) return warmUp;
  const times: number[] = [];
  let total = 0;
  while (times.length < RUNS || total < MIN_TOTAL_MS) {
    if (warmUp > COLLECT_EACH_RUN_MS) globalThis.gc?.();
    times.push(await runOnce(step));
    total += times.at(-1) as number;
  }
  return median(times);
}

/**
 * Medians of steps that are compared with each other, timed in turns: a warm-up of each, then rounds of
 * one run of each, the garbage collected before every run, `RUNS` rounds at least and `MIN_TOTAL_MS` of
 * each step's runs. A load that comes and goes on the machine then weighs on each step alike. A step given
 * as `undefined` is not run (`NaN`), and one whose warm-up takes more than `ONE_RUN_MS` is timed by it.
 */
async function timeInTurns(steps: Record<string, (() => Promise<unknown>) | undefined>): Promise<Record<string, number>> {
  const times: Record<string, number[]> = {};
  const turns: Array<[string, () => Promise<unknown>]> = [];
  for (const [name, step] of Object.entries(steps)) {
    globalThis.gc?.();
    const warmUp = step ? await runOnce(step) : NaN;
    times[name] = warmUp > ONE_RUN_MS ? [warmUp] : [];
    if (step && !(warmUp > ONE_RUN_MS)) turns.push([name, step]);
  }
  const done = () => turns.every(([name]) => (times[name] ?? []).length >= RUNS && (times[name] ?? []).reduce((sum, ms) => sum + ms, 0) >= MIN_TOTAL_MS);
  while (!done()) {
    for (const [name, step] of turns) {
      globalThis.gc?.();
      times[name]?.push(await runOnce(step));
    }
  }
  return Object.fromEntries(Object.entries(times).map(([name, runs]) => [name, runs.length ? median(runs) : NaN]));
}

/** A `Storage` (and its async twin) in memory, with `entries` as idb-keyval has it. */
function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
    entries: () => [...items.entries()],
  };
}

type Kind = 'prompts' | 'composers';

/** The steps of one kind at one size: ms each, and the bytes. */
async function measure(server: { url: string }, client: PromptApiClient, kind: Kind, count: number, before?: Record<string, number>) {
  const headers = { Authorization: `Bearer ${FIXTURE_KEYS.pro}` };
  const prefetchList = (queryClient: QueryClient) =>
    kind === 'prompts' ? queryClient.prefetchQuery(promptListQueryOptions(client)) : queryClient.prefetchQuery(composerListQueryOptions(client));
  const ids = Array.from({ length: count }, (_, index) => (kind === 'prompts' ? promptId(index) : composerId(index)));
  const readOne = (queryClient: QueryClient, id: string) =>
    kind === 'prompts' ? queryClient.fetchQuery(promptQueryOptions(client, id)) : queryClient.fetchQuery(composerQueryOptions(client, id));
  const rawBytes = (await (await fetch(`${server.url}/${kind}`, { headers })).text()).length;

  /** A list prefetch into a fresh QueryClient, with `persister` subscribed as PersistQueryClientProvider does. */
  async function prefetch(persister?: Persister) {
    const queryClient = new QueryClient();
    let unsubscribe = () => {};
    if (persister) {
      // The persist packages bring their own copy of @tanstack/query-core, whose QueryClient type differs.
      const [stop, restored] = persistQueryClient({ queryClient: queryClient as never, persister, dehydrateOptions: { shouldDehydrateQuery: dehydrateEachItemOnce(queryClient) } });
      await restored;
      unsubscribe = stop;
    }
    await prefetchList(queryClient);
    unsubscribe();
    return queryClient;
  }

  const steps: Record<string, number> = {};
  steps.floor = await time(async () => (await fetch(`${server.url}/${kind}`, { headers })).json());
  steps['client list read'] = await time(() => (kind === 'prompts' ? client.listPrompts() : client.listComposers()));
  steps['list prefetch'] = await time(() => prefetch());
  steps['list prefetch, localStorage persister'] = await time(() => prefetch(createSyncStoragePersister({ storage: memoryStorage() })));
  steps['list prefetch, IndexedDB persister'] = await time(() => {
    const storage = memoryStorage();
    const asyncStorage = { getItem: async (key: string) => storage.getItem(key), setItem: async (key: string, value: string) => storage.setItem(key, value), removeItem: async (key: string) => storage.removeItem(key) };
    return prefetch(createAsyncStoragePersister({ storage: asyncStorage }));
  });
  steps[`cold batch of N detail reads`] = await time(async () => {
    const queryClient = new QueryClient();
    await Promise.all(ids.map((id) => readOne(queryClient, id)));
    return queryClient;
  });

  // The persisted write, once (the persisters throttle it: one a second), and the restore.
  const filled = await prefetch();
  const storage = memoryStorage();
  const persister = createSyncStoragePersister({ storage, throttleTime: 0 });
  steps['persisted write (dehydrate, serialize, store)'] = await time(async () => {
    const state = dehydrate(filled, { shouldDehydrateQuery: dehydrateEachItemOnce(filled) });
    await persister.persistClient({ buster: '', timestamp: Date.now(), clientState: state as never });
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
  const persistedBytes = [...storage.items.values()].reduce((total, value) => total + value.length, 0);
  // References for the two rows above: the JSON work alone, which neither this library nor TanStack can avoid.
  const state = dehydrate(filled, { shouldDehydrateQuery: dehydrateEachItemOnce(filled) });
  steps['(reference) JSON.stringify of the same state'] = await time(async () => JSON.stringify(state));
  steps['restore into a new QueryClient'] = await time(async () => {
    const queryClient = new QueryClient();
    await persistQueryClientRestore({ queryClient: queryClient as never, persister });
    return queryClient;
  });
  const persisted = [...storage.items.values()].join('');
  steps['(reference) JSON.parse of the persisted copy'] = await time(async () => JSON.parse(persisted));
  if (kind === 'prompts') {
    const pages = PAGE_PERSISTENCE.map(([suffix, persistence]) => {
      const name = `list page of N cards${suffix}`;
      // Not run at the size before (NaN), or too slow there: not run at this one either.
      const tooSlow = before !== undefined && !((before[name] ?? 0) <= SKIP_AFTER_MS);
      return [name, tooSlow ? undefined : () => renderListPage(client, count, persistence)] as const;
    });
    Object.assign(steps, await timeInTurns(Object.fromEntries(pages)));
  }
  filled.clear();
  return { steps, rawBytes, persistedBytes };
}

/** How the list page persists its cache: the row's suffix, and the persistence. */
type PagePersistence = 'none' | 'whole cache' | 'per-query persisterFn' | 'persistEachQuery';
const PAGE_PERSISTENCE: ReadonlyArray<readonly [string, PagePersistence]> = [
  ['', 'none'],
  [', whole-cache persister (PersistQueryClientProvider)', 'whole cache'],
  [", TanStack's per-query persister (persisterFn)", 'per-query persisterFn'],
  [', persistEachQuery', 'persistEachQuery'],
];

/**
 * A QueryClient and the provider of a list page with `persistence`, each over a storage of its own (the
 * persisters as the docs' recipes have them; TanStack's persist packages type their own copy of the
 * QueryClient, hence the casts).
 */
async function pageSetup(persistence: PagePersistence) {
  const perQuery = experimental_createQueryPersister({ storage: memoryStorage() });
  const queryClient = new QueryClient(persistence === 'per-query persisterFn' ? { defaultOptions: { queries: { persister: perQuery.persisterFn as never } } } : {});
  let stop = () => {};
  if (persistence === 'persistEachQuery') {
    const [stopPersisting, restored] = persistEachQuery({ queryClient, persister: perQuery as never });
    await restored;
    stop = stopPersisting;
  }
  const wholeCache = { persister: createAsyncStoragePersister({ storage: memoryStorage() }), dehydrateOptions: { shouldDehydrateQuery: dehydrateEachItemOnce(queryClient) } };
  const provider = (page: ReactNode) =>
    persistence === 'whole cache' ? (
      <PersistQueryClientProvider client={queryClient} persistOptions={wholeCache}>{page}</PersistQueryClientProvider>
    ) : (
      <QueryClientProvider client={queryClient}>{page}</QueryClientProvider>
    );
  return { queryClient, provider, stop };
}

/**
 * Renders a list page: the list, then a card per prompt reading it with `usePrompt`; resolves once shown,
 * with its QueryClient.
 */
async function renderListPage(client: PromptApiClient, count: number, persistence: PagePersistence) {
  const container = document.body.appendChild(document.createElement('div'));
  const root = createRoot(container);
  const { queryClient, provider, stop } = await pageSetup(persistence);
  await new Promise<void>((resolve) => {
    function Card({ id }: { id: string }) {
      const { data } = usePrompt(id);
      return <li>{data ? `${data.promptName} ${data.version}` : 'loading'}</li>;
    }
    function Page() {
      const { data } = usePromptList();
      useEffect(() => {
        if (data) resolve();
      }, [data]);
      return <ul>{data?.map((prompt) => <Card key={prompt.promptId} id={prompt.promptId} />)}</ul>;
    }
    root.render(
      provider(
        <PromptApiProvider client={client}>
          <Page />
        </PromptApiProvider>,
      ),
    );
  });
  expect(container.querySelectorAll('li')).toHaveLength(count);
  expect(container.textContent).not.toContain('loading');
  root.unmount();
  stop();
  container.remove();
  return queryClient;
}

/** The mock server with a generated account of `count`, in a child process (bench/scale/server.ts). */
async function startServer(count: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/scale/server.ts', String(count)], { stdio: ['ignore', 'pipe', 'inherit'] });
  const [chunk] = (await once(child.stdout, 'data')) as [Buffer];
  return {
    url: chunk.toString().trim(),
    close: async () => {
      child.kill('SIGTERM');
      if (child.exitCode === null) await once(child, 'exit');
    },
  };
}

const format = (ms: number) => (ms < 10 ? ms.toFixed(2) : ms < 100 ? ms.toFixed(1) : Math.round(ms).toLocaleString('en'));
/** A step's median and its ratio to the floor; a step not run (`NaN`) says so. */
const cell = (ms: number, floor: number) => (Number.isNaN(ms) ? 'not run' : `${format(ms)} (${(ms / floor).toFixed(1)}×)`);
const fixed = (value: number) => (Number.isFinite(value) ? value.toFixed(2) : '—');

it('from 10 to 10,000 prompts and composers: every step linear, near the floor', { timeout: 1_800_000 }, async () => {
  const results: Record<Kind, Array<Awaited<ReturnType<typeof measure>>>> = { prompts: [], composers: [] };
  for (const count of SIZES) {
    const server = await startServer(count);
    try {
      // A minute before a request times out: a list of 53 MB on a busy machine may take more than the default 10 s.
      const client = createPromptApiClient({ baseUrl: server.url, apiKey: FIXTURE_KEYS.pro, scope: `scale-${count}`, timeoutMs: 60_000 });
      for (const kind of ['prompts', 'composers'] as const) results[kind].push(await measure(server, client, kind, count, results[kind].at(-1)?.steps));
    } finally {
      await server.close();
    }
  }
  for (const kind of ['prompts', 'composers'] as const) {
    const rows = results[kind];
    const names = Object.keys(rows[0]?.steps ?? {});
    const last = rows.length - 1;
    const exponent = (name: string, index: number) =>
      Math.log((rows[index]?.steps[name] ?? 0) / (rows[index - 1]?.steps[name] ?? 1)) / Math.log((SIZES[index] ?? 1) / (SIZES[index - 1] ?? 1));
    const label = (index: number) => `${(SIZES[index - 1] ?? 0).toLocaleString('en')} → ${(SIZES[index] ?? 0).toLocaleString('en')}`;
    // The growth of the step's ratio to the floor: what the step adds to growth beyond the bare fetch's own.
    const overFloor = (name: string, index: number) => exponent(name, index) - exponent('floor', index);
    report(`bench:scale, ${kind}: median ms (× the floor), growth exponents from the size before`, [
      ['step', ...SIZES.map((size) => `N = ${size.toLocaleString('en')}`), `exponent ${label(last - 1)}`, `exponent ${label(last)}`, `over the floor's, ${label(last)}`],
      ...names.map((name) => [
        name,
        ...rows.map((row) => cell(row.steps[name] ?? NaN, row.steps.floor ?? NaN)),
        fixed(exponent(name, last - 1)),
        fixed(exponent(name, last)),
        fixed(overFloor(name, last)),
      ]),
    ]);
    if (kind === 'prompts' && last > 0) {
      // The bar for a page of N views with persistence: linear, its exponent within the floor's + 0.1.
      const page = 'list page of N cards';
      const againstPage = (name: string, index: number) => fixed((rows[index]?.steps[name] ?? NaN) / (rows[index]?.steps[page] ?? NaN));
      const sizeOf = (index: number) => (SIZES[index] ?? 0).toLocaleString('en');
      report(`bench:scale, a page of N usePrompt views: growth ${label(last)} against the floor's + 0.1`, [
        ['page', `× the page without a persister, N = ${sizeOf(last - 1)}`, `N = ${sizeOf(last)}`, 'exponent', "the floor's", 'over the floor', 'within + 0.1'],
        ...names
          .filter((name) => name.startsWith(page))
          .map((name) => [
            name,
            againstPage(name, last - 1),
            againstPage(name, last),
            fixed(exponent(name, last)),
            fixed(exponent('floor', last)),
            fixed(overFloor(name, last)),
            overFloor(name, last) <= 0.1 ? 'yes' : 'no',
          ]),
      ]);
    }
    report(`bench:scale, ${kind}: persisted bytes (dehydrateEachItemOnce) against the raw list`, [
      ['', ...SIZES.map((size) => `N = ${size.toLocaleString('en')}`)],
      ['raw list (characters)', ...rows.map((row) => row.rawBytes.toLocaleString('en'))],
      ['persisted (characters)', ...rows.map((row) => row.persistedBytes.toLocaleString('en'))],
      ['persisted / raw', ...rows.map((row) => (row.persistedBytes / row.rawBytes).toFixed(2))],
    ]);
    // Bytes are not timings: the cache holds each item once, whatever the machine.
    for (const row of rows) expect(row.persistedBytes / row.rawBytes).toBeLessThanOrEqual(1.2);
  }
});
