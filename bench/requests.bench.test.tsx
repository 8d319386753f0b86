// @vitest-environment jsdom
/**
 * Requests a real screen costs: a prompt list, 20 prompt views over the 5 fixture prompts (incl.
 * `welcome-email@1.0.0` and `@2.0.0`) and 5 composer views over the 2 fixture composers, with this library
 * (as its docs recommend: the persistence recipe) against a naive port (one `useQuery` per item with
 * default options and plain fetch, persisted the same way), in the same run on the same mock backend.
 * Two layouts: everything mounted in one render, and the views mounted after the list has loaded.
 * Three moments: first load, remount (same QueryClient), reload (new QueryClient, persisted storage).
 */
import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import { QueryClient, useQuery } from '@tanstack/react-query';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { createPromptApiClient, PromptApiProvider, useComposer, usePrompt, usePromptList } from 'prompt-composer-react';
import { createMockDb, createPromptApiHandlers, DEFAULT_BASE_URL, FIXTURE_IDS, FIXTURE_KEYS } from 'prompt-composer-react/mocks';
import type { ReactNode } from 'react';
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

const server = setupServer(...createPromptApiHandlers({ db: createMockDb({ now: '2026-11-20T12:00:00Z', prompts: BENCH_PROMPTS, composers: BENCH_COMPOSERS }) }));
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

/** One app: its persisted storage survives reloads; a reload is a new QueryClient and a new client. */
function createApp(stack: Stack, layout: Layout) {
  const storage = new Map<string, string>();
  const persister = createSyncStoragePersister({
    throttleTime: 0,
    storage: { getItem: (key) => storage.get(key) ?? null, setItem: (key, value) => void storage.set(key, value), removeItem: (key) => void storage.delete(key) },
  });
  let queryClient = new QueryClient();
  const page = () => {
    const client = createPromptApiClient({ baseUrl: DEFAULT_BASE_URL, apiKey: FIXTURE_KEYS.pro, scope: 'bench' });
    const screenUi = <Screen layout={layout} {...stack} />;
    return (
      <PersistQueryClientProvider client={queryClient} persistOptions={{ persister }}>
        {stack === library ? <PromptApiProvider client={client}>{screenUi}</PromptApiProvider> : screenUi}
      </PersistQueryClientProvider>
    );
  };
  async function load(): Promise<number> {
    const before = sent;
    const view = render(page());
    await screen.findByText('list ready');
    await waitFor(() => expect(screen.getAllByText('ready')).toHaveLength(promptViews.length + composerViews.length));
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    view.unmount();
    cleanup();
    return sent - before;
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

async function measure(stack: Stack, layout: Layout) {
  const app = createApp(stack, layout);
  const first = await app.load();
  const remount = await app.load();
  const reload = await app.reload();
  return { first, remount, reload, bytes: app.persistedBytes() };
}

it('a prompt list, 20 prompt views and 5 composer views: first load, remount, reload', async () => {
  const rows: Array<Array<string | number>> = [['layout', 'stack', 'first load', 'remount', 'reload', 'persisted kB']];
  const results: Record<string, Awaited<ReturnType<typeof measure>>> = {};
  for (const layout of ['at once', 'after the list'] as const) {
    for (const [name, stack] of [['naive port (useQuery per item, defaults)', naive], ['prompt-composer-react', library]] as const) {
      const result = await measure(stack, layout);
      results[`${layout}: ${stack === library ? 'library' : 'naive'}`] = result;
      rows.push([layout, name, result.first, result.remount, result.reload, Number((result.bytes / 1000).toFixed(1))]);
    }
  }
  report('Requests: a prompt list, 20 prompt views (5 prompts), 5 composer views (2 composers)', rows);
  expect(results['at once: naive']).toMatchObject({ first: 10, remount: 10, reload: 10 });
  expect(results['at once: library']).toMatchObject({ first: 3, remount: 0, reload: 0 });
  expect(results['after the list: library']?.first).toBeLessThanOrEqual(4);
  expect(results['after the list: library']).toMatchObject({ remount: 0, reload: 0 });
});
