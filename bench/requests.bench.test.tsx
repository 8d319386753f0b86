// @vitest-environment jsdom
/**
 * Requests a real screen costs: a prompt list, 20 prompt views over the 5 fixture prompts (incl.
 * `welcome-email@1.0.0` and `@2.0.0`) and 5 composer views over the 2 fixture composers, with this library
 * (as its docs recommend: the persistence recipe) against a naive port (one `useQuery` per item with
 * default options and plain fetch, persisted the same way), in the same run on the same mock backend with
 * the service's typical latency (65 ms, the middle of the contract's 50 to 80). Two layouts: everything mounted in one render, and the
 * views mounted after the list has loaded; each without and with React's StrictMode (on by default in
 * development). Three moments: first load (its requests and its median time until every view shows
 * data), remount (same QueryClient), reload (new QueryClient, persisted storage).
 */
import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import { QueryClient, useQuery } from '@tanstack/react-query';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { createPromptApiClient, dehydrateEachItemOnce, PromptApiProvider, reportPersistFailure, useComposer, usePrompt, usePromptList } from 'prompt-composer-react';
import { createMockDb, createPromptApiHandlers, DEFAULT_BASE_URL, FIXTURE_IDS, FIXTURE_KEYS } from 'prompt-composer-react/mocks';
import { type ReactNode, StrictMode } from 'react';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { BENCH_COMPOSERS, BENCH_PROMPTS } from './account.ts';
import { report } from './report.ts';

const { welcomeEmail, supportReply, ticketTriage, productDescription, meetingSummary } = FIXTURE_IDS.prompts;
const { onboardingFlow, htmlShowcase } = FIXTURE_IDS.composers;
/** The 7 distinct prompt reads of the screen: the 5 published prompts, and welcome-email pinned twice. */
const promptReads: ReadonlyArray<{ id: string; version?: string }> = [
  { id: meetingSummary },
  { id: productDescription },
  { id: supportReply },
  { id: ticketTriage },
  { id: welcomeEmail },
  { id: welcomeEmail, version: '1.0.0' },
  { id: welcomeEmail, version: '2.0.0' },
];
const promptViews = Array.from({ length: 20 }, (_, index) => promptReads[index % promptReads.length] as { id: string; version?: string });
const composerViews = Array.from({ length: 5 }, (_, index) => (index % 2 ? onboardingFlow : htmlShowcase));

/** The middle of the contract's typical response time (50 to 80 ms), fixed so that runs compare. */
const LATENCY = 65;
/** First loads measured per row, for the median. */
const RUNS = 11;

const server = setupServer(
  ...createPromptApiHandlers({ db: createMockDb({ now: '2026-11-20T12:00:00Z', prompts: BENCH_PROMPTS, composers: BENCH_COMPOSERS }), latency: LATENCY }),
);
let sent = 0;
server.events.on('request:start', () => void sent++);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

type Layout = 'at once' | 'after the list';

/** The screen: a list, and the views either beside it or once it has loaded. */
function Screen({ layout, useList, Prompt, Composer }: {
  layout: Layout;
  useList: () => boolean;
  Prompt: (props: { id: string; version?: string }) => ReactNode;
  Composer: (props: { id: string }) => ReactNode;
}) {
  const listReady = useList();
  return (
    <>
      <p>{listReady ? 'list ready' : 'loading'}</p>
      {layout === 'at once' || listReady ? (
        <>
          {promptViews.map((view, index) => <Prompt key={index} {...view} />)}
          {composerViews.map((id, index) => <Composer key={index} id={id} />)}
        </>
      ) : null}
    </>
  );
}

const authorization = { Authorization: `Bearer ${FIXTURE_KEYS.pro}` };
const naiveFetch = (path: string) => () => fetch(`${DEFAULT_BASE_URL}${path}`, { headers: authorization }).then((response) => response.json());
/* eslint-disable @tanstack/query/prefer-query-options -- the baseline is the naive code people write first */
const naive = {
  useList: () => useQuery({ queryKey: ['/prompts'], queryFn: naiveFetch('/prompts') }).data !== undefined,
  Prompt({ id, version }: { id: string; version?: string }) {
    const path = `/prompts/${id}${version ? `?version=${version}` : ''}`;
    return useQuery({ queryKey: [path], queryFn: naiveFetch(path) }).data ? <p>ready</p> : null;
  },
  Composer({ id }: { id: string }) {
    return useQuery({ queryKey: [`/composers/${id}`], queryFn: naiveFetch(`/composers/${id}`) }).data ? <p>ready</p> : null;
  },
};
/* eslint-enable @tanstack/query/prefer-query-options */
const library = {
  useList: () => usePromptList().data !== undefined,
  Prompt: ({ id, version }: { id: string; version?: string }) => (usePrompt(id, { version }).data ? <p>ready</p> : null),
  Composer: ({ id }: { id: string }) => (useComposer(id).data ? <p>ready</p> : null),
};
type Stack = typeof library;
type Options = { strict: boolean; coalescePinned?: boolean };

/** One app: its persisted storage survives reloads; a reload is a new QueryClient and a new client. */
function createApp(stack: Stack, layout: Layout, { strict, coalescePinned }: Options) {
  const storage = new Map<string, string>();
  const persister = createSyncStoragePersister({
    throttleTime: 0,
    retry: reportPersistFailure(),
    storage: { getItem: (key) => storage.get(key) ?? null, setItem: (key, value) => void storage.set(key, value), removeItem: (key) => void storage.delete(key) },
  });
  let queryClient = new QueryClient();
  const page = () => {
    const client = createPromptApiClient({ baseUrl: DEFAULT_BASE_URL, apiKey: FIXTURE_KEYS.pro, scope: 'bench' });
    const screenUi = <Screen layout={layout} {...stack} />;
    const app = (
      <PersistQueryClientProvider client={queryClient} persistOptions={stack === library ? { persister, dehydrateOptions: { shouldDehydrateQuery: dehydrateEachItemOnce(queryClient) } } : { persister }}>
        {stack === library ? <PromptApiProvider client={client} coalescePinned={coalescePinned}>{screenUi}</PromptApiProvider> : screenUi}
      </PersistQueryClientProvider>
    );
    // At the root, as apps have it: React double-mounts a new tree only under a strict root.
    return strict ? <StrictMode>{app}</StrictMode> : app;
  };
  /** Loads the page; returns its requests and the ms until every view shows data. */
  async function load(): Promise<{ requests: number; ms: number }> {
    const before = sent;
    const started = performance.now();
    const view = render(page());
    await screen.findByText('list ready');
    await waitFor(() => expect(screen.getAllByText('ready')).toHaveLength(promptViews.length + composerViews.length), { interval: 1 });
    const ms = performance.now() - started;
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    view.unmount();
    cleanup();
    return { requests: sent - before, ms };
  }
  return {
    load,
    reload: () => {
      queryClient = new QueryClient();
      return load();
    },
    persistedBytes: () => [...storage.values()].reduce((total, value) => total + new TextEncoder().encode(value).length, 0),
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

/** First load, remount and reload of one app; first loads again in fresh apps, for the median time. */
async function measure(stack: Stack, layout: Layout, options: Options) {
  const app = createApp(stack, layout, options);
  const first = await app.load();
  const remount = await app.load();
  const reload = await app.reload();
  const times = [first.ms];
  for (let run = 1; run < RUNS; run++) times.push((await createApp(stack, layout, options).load()).ms);
  return { first: first.requests, remount: remount.requests, reload: reload.requests, bytes: app.persistedBytes(), ms: median(times) };
}

it('a prompt list, 20 prompt views and 5 composer views: first load, remount, reload', { timeout: 300_000 }, async () => {
  const rows: Array<Array<string | number>> = [['layout', 'StrictMode', 'stack', 'first load', 'remount', 'reload', 'persisted kB', 'first load, median ms']];
  const results: Record<string, Awaited<ReturnType<typeof measure>>> = {};
  const stacks = [
    ['naive port (useQuery per item, defaults)', naive, {}],
    ['prompt-composer-react', library, {}],
    ['prompt-composer-react, coalescePinned={false}', library, { coalescePinned: false }],
  ] as const;
  for (const layout of ['at once', 'after the list'] as const) {
    for (const strict of [false, true]) {
      for (const [name, stack, options] of stacks) {
        const result = await measure(stack, layout, { strict, ...options });
        results[`${layout}${strict ? ', strict' : ''}: ${name}`] = result;
        rows.push([layout, strict ? 'on' : 'off', name, result.first, result.remount, result.reload, Number((result.bytes / 1000).toFixed(1)), Math.round(result.ms)]);
      }
    }
  }
  report(`Requests and first-load time: a prompt list, 20 prompt views (5 prompts), 5 composer views (2 composers); ${LATENCY} ms latency, median of ${RUNS}`, rows);
  const naiveName = stacks[0][0];
  const libraryName = stacks[1][0];
  const tradeName = stacks[2][0];
  for (const strict of ['', ', strict']) {
    expect(results[`at once${strict}: ${naiveName}`]).toMatchObject({ first: 10, remount: 10, reload: 10 });
    expect(results[`at once${strict}: ${libraryName}`]).toMatchObject({ first: 3, remount: 0, reload: 0 });
    // The trade: the two pinned versions are sent at once instead of after the list.
    expect(results[`at once${strict}: ${tradeName}`]).toMatchObject({ first: 4, remount: 0, reload: 0 });
    expect(results[`after the list${strict}: ${libraryName}`]?.first).toBeLessThanOrEqual(4);
    expect(results[`after the list${strict}: ${libraryName}`]).toMatchObject({ remount: 0, reload: 0 });
  }
});
