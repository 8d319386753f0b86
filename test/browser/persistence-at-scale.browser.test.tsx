/**
 * The persistence recipes of docs/hooks/persistence.md and docs/hooks/persist-each-query.md for a large account, in Chromium. 6,000 prompts are about 5.4
 * million characters, past what Chromium's `localStorage` takes (10 MiB of UTF-16, about 5.2 million
 * characters): the localStorage persister's write is refused, and `reportPersistFailure` says so. The
 * IndexedDB persister (`idb-keyval`) stores such a cache, and a reload renders the list page from it with
 * no request. `persistEachQuery` over TanStack's per-query persister does the same for a page of 6,000
 * `usePrompt` views.
 */
import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { experimental_createQueryPersister, PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { cleanup, render, screen } from '@testing-library/react';
import { clear, del, entries, get, keys, set } from 'idb-keyval';
import { setupWorker } from 'msw/browser';
import {
  createPromptApiClient,
  dehydrateEachItemOnce,
  persistEachQuery,
  PromptApiProvider,
  reportPersistFailure,
  usePrompt,
  usePromptList,
} from 'prompt-composer-react';
import { createMockDb, createPromptApiHandlers, DEFAULT_BASE_URL, FIXTURE_KEYS } from 'prompt-composer-react/mocks';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { generatedAccount } from '../../bench/scale/account.ts';

const COUNT = 6_000;
const worker = setupWorker();
const sent: string[] = [];
worker.events.on('request:start', ({ request }) => void sent.push(new URL(request.url).pathname));
beforeAll(async () => {
  await worker.start({ quiet: true, onUnhandledRequest: 'error', serviceWorker: { url: '/mockServiceWorker.js' } });
  worker.resetHandlers(...createPromptApiHandlers({ db: createMockDb(generatedAccount(COUNT)) }));
});
afterEach(async () => {
  cleanup();
  localStorage.clear();
  await clear();
  sent.length = 0;
});
afterAll(() => worker.stop());

function Detail({ id }: { id: string }) {
  const { data } = usePrompt(id);
  return <p>{data ? `${data.promptId}@${data.version}` : 'loading'}</p>;
}

/** The list page of docs/hooks/persistence.md: a card per item from the list's data, and a few detail views. */
function ListPage() {
  const { data } = usePromptList();
  return (
    <>
      <p>{data ? `${data.length} prompts` : 'loading the list'}</p>
      <ul>{data?.map((prompt) => <li key={prompt.promptId}>{prompt.promptName}</li>)}</ul>
      {data ? ['prompt-00000', 'prompt-03000', 'prompt-05999'].map((id) => <Detail key={id} id={id} />) : null}
    </>
  );
}

/** The page under the docs' recipe, with `persister`. */
function load(persister: Parameters<typeof PersistQueryClientProvider>[0]['persistOptions']['persister']) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { gcTime: 24 * 60 * 60 * 1000 } } });
  const client = createPromptApiClient({ baseUrl: DEFAULT_BASE_URL, apiKey: FIXTURE_KEYS.pro, scope: 'scale' });
  return render(
    <PersistQueryClientProvider client={queryClient} persistOptions={{ persister, dehydrateOptions: { shouldDehydrateQuery: dehydrateEachItemOnce(queryClient) } }}>
      <PromptApiProvider client={client}>
        <ListPage />
      </PromptApiProvider>
    </PersistQueryClientProvider>,
  );
}

it('localStorage refuses the cache of a large account, and the failure is reported, not silent', async () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  const onError = vi.fn();
  load(createAsyncStoragePersister({ storage: window.localStorage, throttleTime: 0, retry: reportPersistFailure({ onError }) }));
  expect(await screen.findByText(`${COUNT} prompts`, {}, { timeout: 20_000 })).toBeTruthy();
  await expect.poll(() => onError.mock.calls.length, { timeout: 10_000 }).toBeGreaterThan(0);
  expect((onError.mock.calls[0]?.[0] as DOMException).name).toBe('QuotaExceededError');
  expect(onError.mock.calls[0]?.[1].size).toBeGreaterThan(5_200_000);
  expect(warn).toHaveBeenCalledTimes(1);
  expect(localStorage.length).toBe(0);
  warn.mockRestore();
});

it('IndexedDB (idb-keyval) stores it, and a reload renders every card from it with no request', async () => {
  const indexedDbPersister = () =>
    createAsyncStoragePersister({ storage: { getItem: get, setItem: set, removeItem: del }, throttleTime: 0, retry: reportPersistFailure() });
  const first = load(indexedDbPersister());
  expect(await screen.findByText(`${COUNT} prompts`, {}, { timeout: 20_000 })).toBeTruthy();
  expect(sent).toEqual(['/prompts']);
  // Stored once: the list (its cards read their items from it).
  await expect.poll(async () => ((await get('REACT_QUERY_OFFLINE_CACHE')) as string | undefined)?.length ?? 0, { timeout: 10_000 }).toBeGreaterThan(5_200_000);
  const stored = JSON.parse((await get('REACT_QUERY_OFFLINE_CACHE')) as string) as { clientState: { queries: unknown[] } };
  expect(stored.clientState.queries).toHaveLength(1);
  first.unmount();

  load(indexedDbPersister());
  expect(await screen.findByText(`${COUNT} prompts`, {}, { timeout: 20_000 })).toBeTruthy();
  expect(screen.getAllByRole('listitem')).toHaveLength(COUNT);
  expect(screen.getByText('prompt-05999@1.0.0')).toBeTruthy();
  expect(screen.queryByText('loading')).toBeNull();
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(sent).toEqual(['/prompts']);
});

it('persistEachQuery over IndexedDB: a page of 6,000 usePrompt views stores its list alone, and a reload shows every view on its first render with no request', async () => {
  function Views() {
    const { data } = usePromptList();
    return (
      <>
        <p>{data ? `${data.length} prompts` : 'loading the list'}</p>
        <ul>{data?.map((prompt) => <li key={prompt.promptId}><Detail id={prompt.promptId} /></li>)}</ul>
      </>
    );
  }
  // The recipe of docs/hooks/persist-each-query.md.
  async function loadEachQuery() {
    const queryClient = new QueryClient({ defaultOptions: { queries: { gcTime: 24 * 60 * 60 * 1000 } } });
    const persister = experimental_createQueryPersister({ storage: { getItem: get, setItem: set, removeItem: del, entries } });
    const [stopPersisting, restored] = persistEachQuery({ queryClient, persister });
    await restored;
    const client = createPromptApiClient({ baseUrl: DEFAULT_BASE_URL, apiKey: FIXTURE_KEYS.pro, scope: 'scale' });
    const view = render(
      <QueryClientProvider client={queryClient}>
        <PromptApiProvider client={client}>
          <Views />
        </PromptApiProvider>
      </QueryClientProvider>,
    );
    return { view, stopPersisting, firstRender: view.container.textContent ?? '' };
  }
  const first = await loadEachQuery();
  expect(await screen.findByText(`${COUNT} prompts`, {}, { timeout: 20_000 })).toBeTruthy();
  expect(screen.getByText('prompt-05999@1.0.0')).toBeTruthy();
  expect(sent).toEqual(['/prompts']);
  // One entry: the list (each view read its item from it).
  await expect.poll(async () => (await keys()).length, { timeout: 10_000 }).toBe(1);
  first.stopPersisting();
  first.view.unmount();

  const reload = await loadEachQuery();
  expect(reload.firstRender).toContain(`${COUNT} prompts`);
  expect(reload.firstRender).toContain('prompt-05999@1.0.0');
  expect(reload.firstRender).not.toContain('loading');
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(sent).toEqual(['/prompts']);
  reload.stopPersisting();
});
