// @vitest-environment jsdom
/**
 * Requests a real screen costs: "list page + 20 prompt details + 5 composers, then a reload", with this
 * library (as its README recommends: lists seed details, the cache is persisted) against a naive port
 * (one `useQuery` per item with default options and plain fetch), in the same run on the same mock backend.
 */
import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { createPromptApiClient, PromptApiProvider, useComposer, useComposerList, usePrompt, usePromptList } from 'prompt-composer-react';
import { createMockDb, createPromptApiHandlers, DEFAULT_BASE_URL, FIXTURE_COMPOSERS, FIXTURE_KEYS, FIXTURE_PROMPTS } from 'prompt-composer-react/mocks';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { report } from './report.ts';

const template = FIXTURE_PROMPTS.find((prompt) => prompt.status !== 'draft');
if (!template) throw new Error('no published fixture prompt');
const prompts = Array.from({ length: 20 }, (_, index) => ({ ...template, promptId: `bench-prompt-${String(index).padStart(2, '0')}`, version: '1.0.0' }));
const composerTemplate = FIXTURE_COMPOSERS[0];
if (!composerTemplate) throw new Error('no fixture composer');
const composers = Array.from({ length: 5 }, (_, index) => ({ ...composerTemplate, composerId: `bench-composer-${index}`, version: '1.0.0' }));
const db = createMockDb({ prompts, composers, now: '2026-11-20T12:00:00Z' });
const server = setupServer(...createPromptApiHandlers({ db }));
let sent = 0;
server.events.on('request:start', () => void sent++);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

const authorization = { Authorization: `Bearer ${FIXTURE_KEYS.pro}` };
const naiveFetch = (path: string) => () => fetch(`${DEFAULT_BASE_URL}${path}`, { headers: authorization }).then((response) => response.json());

/* eslint-disable @tanstack/query/prefer-query-options -- the baseline is the naive code people write first */
function NaiveScreen() {
  const list = useQuery({ queryKey: ['prompts'], queryFn: naiveFetch('/prompts') });
  return (
    <>
      <p>{list.data ? 'list ready' : 'loading'}</p>
      {prompts.map(({ promptId }) => <NaiveDetail key={promptId} path={`/prompts/${promptId}`} />)}
      {composers.map(({ composerId }) => <NaiveDetail key={composerId} path={`/composers/${composerId}`} />)}
    </>
  );
}
function NaiveDetail({ path }: { path: string }) {
  const { data } = useQuery({ queryKey: [path], queryFn: naiveFetch(path) });
  return data ? <p>ready</p> : null;
}

function LibraryScreen() {
  const list = usePromptList();
  const composerList = useComposerList();
  return list.data && composerList.data ? (
    <>
      <p>list ready</p>
      {prompts.map(({ promptId }) => <LibraryPrompt key={promptId} id={promptId} />)}
      {composers.map(({ composerId }) => <LibraryComposer key={composerId} id={composerId} />)}
    </>
  ) : null;
}
function LibraryPrompt({ id }: { id: string }) {
  return usePrompt(id).data ? <p>ready</p> : null;
}
function LibraryComposer({ id }: { id: string }) {
  return useComposer(id).data ? <p>ready</p> : null;
}

async function load(ui: React.ReactNode): Promise<number> {
  const before = sent;
  const view = render(ui);
  await screen.findByText('list ready');
  await waitFor(() => expect(screen.getAllByText('ready')).toHaveLength(25));
  await new Promise((resolve) => setTimeout(resolve, 50));
  view.unmount();
  cleanup();
  return sent - before;
}

const storage = new Map<string, string>();
const persister = createSyncStoragePersister({
  throttleTime: 0,
  storage: { getItem: (key) => storage.get(key) ?? null, setItem: (key, value) => void storage.set(key, value), removeItem: (key) => void storage.delete(key) },
});
function libraryPage() {
  // A reload: a new QueryClient and a new client; only the persisted storage survives.
  const client = createPromptApiClient({ baseUrl: DEFAULT_BASE_URL, apiKey: FIXTURE_KEYS.pro });
  return (
    <PersistQueryClientProvider client={new QueryClient()} persistOptions={{ persister }}>
      <PromptApiProvider client={client}>
        <LibraryScreen />
      </PromptApiProvider>
    </PersistQueryClientProvider>
  );
}
const naivePage = () => (
  <QueryClientProvider client={new QueryClient()}>
    <NaiveScreen />
  </QueryClientProvider>
);

it('list page + 20 prompt details + 5 composers, then a reload', async () => {
  const naive = { first: await load(naivePage()), reload: await load(naivePage()) };
  const library = { first: await load(libraryPage()), reload: await load(libraryPage()) };
  report('Requests: list page + 20 prompt details + 5 composers, then a reload', [
    ['', 'first load', 'reload', 'total'],
    ['naive port (useQuery per item, defaults)', naive.first, naive.reload, naive.first + naive.reload],
    ['prompt-composer-react', library.first, library.reload, library.first + library.reload],
  ]);
  expect(naive).toEqual({ first: 26, reload: 26 });
  expect(library.first).toBeLessThanOrEqual(2);
  expect(library.reload).toBe(0);
});
