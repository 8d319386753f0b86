// @vitest-environment jsdom
import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import { dehydrate, hydrate, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { experimental_createQueryPersister, PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { createMockDb, DEFAULT_BASE_URL, FIXTURE_IDS } from 'prompt-composer-react/mocks';
import {
  dehydrateEachItemOnce,
  persistEachQuery,
  type PromptApiClient,
  PromptApiProvider,
  promptKeys,
  promptListQueryOptions,
  promptQueryOptions,
  reportPersistFailure,
  usePrompt,
  usePromptList,
} from 'prompt-composer-react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server } from '../msw-server.ts';
import { createTestQueryClient, serveMockApi } from './utils.tsx';

const { welcomeEmail, supportReply, ticketTriage, productDescription } = FIXTURE_IDS.prompts;


/** What a page that shows the list's length shows: every published fixture prompt. */
const PROMPT_COUNT = `${createMockDb().listPrompts().length} prompts`;
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** A `Storage` in memory; `quota` (characters) makes it refuse larger writes, as localStorage does. */
function memoryStorage(quota = Infinity) {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => {
      if (value.length > quota) throw new DOMException(`Setting the value of '${key}' exceeded the quota.`, 'QuotaExceededError');
      items.set(key, value);
    },
    removeItem: (key: string) => void items.delete(key),
  };
}

describe('dehydrateEachItemOnce', () => {
  it('keeps the list and what no list holds, not the items the list holds again', async () => {
    const api = serveMockApi();
    const client = api.client();
    const queryClient = createTestQueryClient();
    await queryClient.fetchQuery(promptListQueryOptions(client));
    await Promise.all([
      queryClient.fetchQuery(promptQueryOptions(client, welcomeEmail)),
      queryClient.fetchQuery(promptQueryOptions(client, welcomeEmail, { version: '2.0.0' })),
      queryClient.fetchQuery(promptQueryOptions(client, welcomeEmail, { version: '1.0.0' })),
      queryClient.fetchQuery(promptQueryOptions(client, supportReply)),
    ]);
    const kept = dehydrate(queryClient, { shouldDehydrateQuery: dehydrateEachItemOnce(queryClient) }).queries.map((query) => query.queryKey);
    expect(kept).toEqual([promptKeys.list(client), promptKeys.detail(client, welcomeEmail, '1.0.0')]);
    // TanStack's default keeps every item twice.
    expect(dehydrate(queryClient).queries).toHaveLength(5);
  });

  it('keeps an item that a stored list holds at another version (the newer list failed to refresh)', async () => {
    const api = serveMockApi();
    const client = api.client();
    const queryClient = createTestQueryClient();
    await queryClient.fetchQuery(promptListQueryOptions(client));
    api.db.publish('prompt', supportReply, '1.2.0');
    await queryClient.fetchQuery(promptListQueryOptions(client, { includeVersions: true }));
    expect(await queryClient.fetchQuery(promptQueryOptions(client, supportReply))).toMatchObject({ version: '1.2.0' });
    // The versioned list's refresh fails: it keeps its data, but is not stored (TanStack stores successes).
    server.use(http.get(`${DEFAULT_BASE_URL}/prompts`, () => HttpResponse.json({ error: 'Internal server error', code: 'INTERNAL_ERROR' }, { status: 500 })));
    await queryClient.fetchQuery({ ...promptListQueryOptions(client, { includeVersions: true }), staleTime: 0, retry: false }).catch(() => undefined);
    const state = dehydrate(queryClient, { shouldDehydrateQuery: dehydrateEachItemOnce(queryClient) });
    // The plain list (stored) holds 1.1.0: the 1.2.0 entry must be stored itself, or it restores as 1.1.0.
    expect(state.queries.map((query) => query.queryKey)).toContainEqual(promptKeys.detail(client, supportReply));
    const restored = createTestQueryClient();
    hydrate(restored, state);
    expect(await restored.ensureQueryData(promptQueryOptions(client, supportReply))).toMatchObject({ version: '1.2.0' });
  });

  it('keeps an item whose list is not stored (failed, or gone)', async () => {
    const api = serveMockApi();
    const client = api.client();
    const queryClient = createTestQueryClient();
    await queryClient.fetchQuery(promptQueryOptions(client, ticketTriage));
    expect(dehydrate(queryClient, { shouldDehydrateQuery: dehydrateEachItemOnce(queryClient) }).queries).toHaveLength(1);
  });

  it('with the persister: a reload of a page of detail views restores from the list alone, with no request', async () => {
    const api = serveMockApi();
    const storage = memoryStorage();
    const ids = [welcomeEmail, supportReply, ticketTriage];
    function Page() {
      const { data } = usePromptList();
      return (
        <>
          <p>{data ? `${data.length} prompts` : 'loading'}</p>
          {ids.map((id) => <Item key={id} id={id} />)}
        </>
      );
    }
    function Item({ id }: { id: string }) {
      return <p>{usePrompt(id).data?.promptId ?? 'loading'}</p>;
    }
    function load(client: PromptApiClient, queryClient: QueryClient) {
      const persister = createSyncStoragePersister({ storage, throttleTime: 0 });
      return render(
        <PersistQueryClientProvider client={queryClient} persistOptions={{ persister, dehydrateOptions: { shouldDehydrateQuery: dehydrateEachItemOnce(queryClient) } }}>
          <PromptApiProvider client={client}>
            <Page />
          </PromptApiProvider>
        </PersistQueryClientProvider>,
      );
    }
    const first = load(api.client(), createTestQueryClient());
    await screen.findByText(PROMPT_COUNT);
    for (const id of ids) await screen.findByText(id);
    // One entry stored: the list, which holds every item once.
    const storedKeys = () => [...storage.items.values()].flatMap((value) => (JSON.parse(value) as { clientState: { queries: Array<{ queryKey: unknown }> } }).clientState.queries.map((query) => query.queryKey));
    await waitFor(() => expect(storedKeys()).toEqual([['prompt-composer', expect.any(String), 'prompts', 'list', { includeVersions: false }]]));
    first.unmount();
    expect(api.sent).toEqual(['GET /prompts']);

    load(api.client(), createTestQueryClient());
    await screen.findByText(PROMPT_COUNT);
    for (const id of ids) expect(await screen.findByText(id)).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(api.sent).toEqual(['GET /prompts']);
  });
});

describe('reportPersistFailure', () => {
  it('a write the storage refuses is reported: a warning once, and onError every time, with the size', async () => {
    const api = serveMockApi();
    const client = api.client();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const onError = vi.fn();
    const persister = createSyncStoragePersister({ storage: memoryStorage(100), throttleTime: 0, retry: reportPersistFailure({ onError }) });
    const queryClient = createTestQueryClient();
    function Page() {
      return <p>{usePromptList().data?.length ?? 'loading'}</p>;
    }
    render(
      <PersistQueryClientProvider client={queryClient} persistOptions={{ persister }}>
        <PromptApiProvider client={client}>
          <Page />
        </PromptApiProvider>
      </PersistQueryClientProvider>,
    );
    await screen.findByText(String(api.db.listPrompts().length));
    await waitFor(() => expect(onError).toHaveBeenCalled());
    await queryClient.fetchQuery(promptQueryOptions(client, welcomeEmail, { version: '1.0.0' }));
    await waitFor(() => expect(onError.mock.calls.length).toBeGreaterThan(1));
    expect(onError.mock.calls[0]?.[0]).toMatchObject({ name: 'QuotaExceededError' });
    expect(onError.mock.calls[0]?.[1].size).toBeGreaterThan(100);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toMatch(/was not persisted: the storage refused it .*IndexedDB/);
  });
});

describe("persistEachQuery (each query stored on its own, with TanStack's per-query persister)", () => {
  /** An async storage in memory, as idb-keyval's `get`, `set`, `del` and `entries` are. */
  function asyncStorage() {
    const items = new Map<string, string>();
    const later = () => new Promise((resolve) => setTimeout(resolve, 1));
    return {
      items,
      getItem: async (key: string) => (await later(), items.get(key)),
      setItem: async (key: string, value: string) => void (await later(), items.set(key, value)),
      removeItem: async (key: string) => void (await later(), items.delete(key)),
      entries: async () => (await later(), [...items.entries()]),
    };
  }
  const storedKeys = (storage: ReturnType<typeof asyncStorage>) => [...storage.items.values()].map((value) => (JSON.parse(value) as { queryKey: unknown }).queryKey);

  const pinned = { id: welcomeEmail, version: '1.0.0' };
  function Item({ id, version }: { id: string; version?: string }) {
    const { data } = usePrompt(id, { version });
    return <p>{data ? `${data.promptId}@${data.version}` : `loading ${id}${version ? `@${version}` : ''}`}</p>;
  }
  /** A list and its items, and an older pinned version, all mounted in one render. */
  function Page() {
    const { data } = usePromptList();
    return (
      <>
        <p>{data ? `${data.length} prompts` : 'loading'}</p>
        {[welcomeEmail, supportReply, ticketTriage].map((id) => <Item key={id} id={id} />)}
        <Item {...pinned} />
      </>
    );
  }

  /** The app as the docs have it: restore, then render. Returns the QueryClient and what the first render showed. */
  async function load(client: PromptApiClient, storage: ReturnType<typeof asyncStorage>) {
    const queryClient = createTestQueryClient();
    const persister = experimental_createQueryPersister({ storage });
    const [stop, restored] = persistEachQuery({ queryClient, persister });
    await restored;
    const view = render(
      <QueryClientProvider client={queryClient}>
        <PromptApiProvider client={client}>
          <Page />
        </PromptApiProvider>
      </QueryClientProvider>,
    );
    const firstRender = view.container.textContent;
    await screen.findByText(PROMPT_COUNT);
    await screen.findByText('welcome-email@1.0.0');
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    return { queryClient, stop, firstRender, unmount: view.unmount };
  }

  it('stores the list and the items no list holds, one entry each; a reload restores them with no request, on the first render', async () => {
    const api = serveMockApi();
    const storage = asyncStorage();
    const first = await load(api.client(), storage);
    // One list for the page (the reads coalesce as without a persister), and the pinned version the list cannot serve.
    expect(api.sent).toEqual(['GET /prompts', `GET /prompts/${welcomeEmail}?version=1.0.0`]);
    await waitFor(() => expect(storedKeys(storage)).toHaveLength(2));
    expect(storedKeys(storage)).toEqual(
      expect.arrayContaining([promptKeys.list(api.client()), promptKeys.detail(api.client(), welcomeEmail, '1.0.0')]),
    );
    first.stop();
    first.unmount();

    const reload = await load(api.client(), storage);
    expect(api.sent).toHaveLength(2);
    expect(reload.firstRender).toContain(PROMPT_COUNT);
    expect(reload.firstRender).not.toContain('loading');
  });

  it("beside TanStack's persisterFn as every query's persister, which reads storage in each query function and splits the reads of one render", async () => {
    const api = serveMockApi();
    const storage = asyncStorage();
    const persisterFn = experimental_createQueryPersister({ storage }).persisterFn;
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, persister: persisterFn as never } } });
    function Views() {
      const { data } = usePromptList();
      return (
        <>
          <p>{data ? `${data.length} prompts` : 'loading'}</p>
          {[welcomeEmail, supportReply, ticketTriage, productDescription].map((id) => <Item key={id} id={id} />)}
        </>
      );
    }
    render(
      <QueryClientProvider client={queryClient}>
        <PromptApiProvider client={api.client()}>
          <Views />
        </PromptApiProvider>
      </QueryClientProvider>,
    );
    await screen.findByText(PROMPT_COUNT);
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    // Each read starts once its own lookup in storage has answered, alone in its tick: one request each.
    expect(api.sent).toHaveLength(5);
  });

  it('writes only the query that changed: a page of detail views adds no write for views of listed items', async () => {
    const api = serveMockApi();
    const storage = asyncStorage();
    const writes = vi.spyOn(storage, 'setItem');
    const queryClient = createTestQueryClient();
    const [, restored] = persistEachQuery({ queryClient, persister: experimental_createQueryPersister({ storage }) });
    await restored;
    await queryClient.fetchQuery(promptListQueryOptions(api.client()));
    await waitFor(() => expect(writes).toHaveBeenCalledTimes(1));
    await Promise.all([welcomeEmail, supportReply, ticketTriage].map((id) => queryClient.fetchQuery(promptQueryOptions(api.client(), id))));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(writes).toHaveBeenCalledTimes(1);
  });

  it('a write the storage refuses is reported with the query; the default warns once', async () => {
    const api = serveMockApi();
    const storage = asyncStorage();
    storage.setItem = async () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const queryClient = createTestQueryClient();
    const onError = vi.fn();
    const persister = experimental_createQueryPersister({ storage });
    await persistEachQuery({ queryClient, persister, onError })[1];
    await queryClient.fetchQuery(promptListQueryOptions(api.client()));
    await waitFor(() => expect(onError).toHaveBeenCalledTimes(1));
    expect(onError.mock.calls[0]?.[0]).toMatchObject({ name: 'QuotaExceededError' });
    expect(onError.mock.calls[0]?.[1].queryKey).toEqual(promptKeys.list(api.client()));

    const withDefault = createTestQueryClient();
    await persistEachQuery({ queryClient: withDefault, persister })[1];
    await withDefault.fetchQuery(promptListQueryOptions(api.client()));
    await withDefault.fetchQuery(promptQueryOptions(api.client(), welcomeEmail, { version: '1.0.0' }));
    await waitFor(() => expect(warn).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toMatch(/the query \["prompt-composer",.*"list".*was not persisted: the storage refused it/);
  });

  describe('a stored copy follows its query: replaced or emptied when its data changes or it fails', () => {
    /** A page of one prompt, and the prompt list when `withList`. */
    function Prompt({ withList = false }: { withList?: boolean }) {
      const list = usePromptList({ enabled: withList });
      const listed = list.data?.find((prompt) => prompt.promptId === supportReply);
      return (
        <>
          {withList ? <p>{listed ? `list: ${listed.version}` : 'loading the list'}</p> : null}
          <Item id={supportReply} />
        </>
      );
    }
    /** Restores from `storage`, then renders `ui` (what the docs' recipe does); returns what the first render showed. */
    async function open(client: PromptApiClient, storage: ReturnType<typeof asyncStorage>, ui: ReactNode) {
      const queryClient = createTestQueryClient();
      const [stop, restored] = persistEachQuery({ queryClient, persister: experimental_createQueryPersister({ storage }) });
      await restored;
      const view = render(
        <QueryClientProvider client={queryClient}>
          <PromptApiProvider client={client}>{ui}</PromptApiProvider>
        </QueryClientProvider>,
      );
      return { queryClient, stop, view, firstRender: view.container.textContent };
    }
    /** Lets every pending write of the async storage land. */
    const settled = () => new Promise((resolve) => setTimeout(resolve, 20));
    const detailKey = (client: PromptApiClient) => promptKeys.detail(client, supportReply);

    it('an item stored alone, later taken from a newer list: a reload shows the newer version, with no request', async () => {
      const api = serveMockApi();
      const storage = asyncStorage();
      const client = api.client();
      const first = await open(client, storage, <Prompt />);
      // Read alone: its own request, stored in its own entry.
      await screen.findByText('support-reply@1.1.0');
      await waitFor(() => expect(storedKeys(storage)).toContainEqual(detailKey(client)));
      first.view.rerender(
        <QueryClientProvider client={first.queryClient}>
          <PromptApiProvider client={client}>
            <Prompt withList />
          </PromptApiProvider>
        </QueryClientProvider>,
      );
      await screen.findByText('list: 1.1.0');
      // 1.2.0 is published; the app invalidates the prompts: the item takes 1.2.0 from the list's refetch.
      api.db.publish('prompt', supportReply, '1.2.0');
      await first.queryClient.invalidateQueries({ queryKey: promptKeys.all(client) });
      await screen.findByText('support-reply@1.2.0');
      expect(screen.getByText('list: 1.2.0')).toBeTruthy();
      await settled();
      first.stop();
      first.view.unmount();
      expect(api.sent).toEqual([`GET /prompts/${supportReply}`, 'GET /prompts', 'GET /prompts']);

      const reload = await open(client, storage, <Prompt withList />);
      expect(reload.firstRender).toContain('support-reply@1.2.0');
      expect(reload.firstRender).not.toContain('1.1.0');
      await settled();
      expect(screen.getByText('support-reply@1.2.0')).toBeTruthy();
      expect(api.sent).toHaveLength(3);
      // The emptied copy is gone from storage after the restore; the list holds the item once.
      expect(storedKeys(storage)).toEqual([promptKeys.list(client)]);
    });

    it('an item whose refetch fails: its stored copy goes, and a reload asks again', async () => {
      const api = serveMockApi();
      const storage = asyncStorage();
      const client = api.client();
      const first = await open(client, storage, <Prompt />);
      await screen.findByText('support-reply@1.1.0');
      await waitFor(() => expect(storedKeys(storage)).toContainEqual(detailKey(client)));
      // The prompt is deleted: its refetch fails with NOT_FOUND.
      server.use(
        http.get(`${DEFAULT_BASE_URL}/prompts/${supportReply}`, () => HttpResponse.json({ error: 'Prompt not found', code: 'NOT_FOUND' }, { status: 404 })),
      );
      await first.queryClient.invalidateQueries({ queryKey: detailKey(client) });
      await waitFor(() => expect(first.queryClient.getQueryState(detailKey(client))?.status).toBe('error'));
      await settled();
      first.stop();
      first.view.unmount();

      const reload = await open(client, storage, <Prompt />);
      expect(reload.queryClient.getQueryData(detailKey(client))).toBeUndefined();
      expect(reload.firstRender).toBe(`loading ${supportReply}`);
      await waitFor(() => expect(api.sent).toEqual([`GET /prompts/${supportReply}`, `GET /prompts/${supportReply}`, `GET /prompts/${supportReply}`]));
    });

    it('a query the app resets to no data: its stored copy goes', async () => {
      const api = serveMockApi();
      const storage = asyncStorage();
      const client = api.client();
      const queryClient = createTestQueryClient();
      const [stop, restored] = persistEachQuery({ queryClient, persister: experimental_createQueryPersister({ storage }) });
      await restored;
      await queryClient.fetchQuery(promptQueryOptions(client, supportReply));
      await waitFor(() => expect(storedKeys(storage)).toContainEqual(detailKey(client)));
      // No view shows it, so nothing refetches it: it is left with no data.
      await queryClient.resetQueries({ queryKey: detailKey(client) });
      await settled();
      stop();

      const reload = await open(client, storage, <Prompt />);
      expect(reload.firstRender).toBe(`loading ${supportReply}`);
      expect(storedKeys(storage)).toEqual([]);
    });

    it('an item whose data is set another way (a newer server render hydrated over it): its stored copy is replaced', async () => {
      const api = serveMockApi();
      const storage = asyncStorage();
      const client = api.client();
      const first = await open(client, storage, <Prompt />);
      await screen.findByText('support-reply@1.1.0');
      await waitFor(() => expect(storedKeys(storage)).toContainEqual(detailKey(client)));
      // A server render after the publish, hydrated into the running app (TanStack sets the query's state).
      api.db.publish('prompt', supportReply, '1.2.0');
      const rendered = createTestQueryClient();
      await rendered.prefetchQuery(promptQueryOptions(client, supportReply));
      hydrate(first.queryClient, dehydrate(rendered));
      await screen.findByText('support-reply@1.2.0');
      await settled();
      first.stop();
      first.view.unmount();

      const reload = await open(client, storage, <Prompt />);
      expect(reload.firstRender).toBe('support-reply@1.2.0');
    });
  });

  it('stops storing when stopped', async () => {
    const api = serveMockApi();
    const storage = asyncStorage();
    const queryClient = createTestQueryClient();
    const [stop, restored] = persistEachQuery({ queryClient, persister: experimental_createQueryPersister({ storage }) });
    stop();
    await restored;
    await queryClient.fetchQuery(promptListQueryOptions(api.client()));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(storage.items.size).toBe(0);
  });
});
