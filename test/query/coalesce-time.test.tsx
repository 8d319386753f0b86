// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { getResponse, http } from 'msw';
import { createPromptApiHandlers, DEFAULT_BASE_URL, FIXTURE_IDS, type MockDb } from 'prompt-composer-react/mocks';
import { promptKeys, promptListQueryOptions, promptQueryOptions, usePrompt, usePromptList } from 'prompt-composer-react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server } from '../msw-server.ts';
import { createTestQueryClient, renderWithApi, serveMockApi } from './utils.tsx';

/*
 * No data goes back in time, and an item taken from a list is as old as the list: its `dataUpdatedAt`
 * is the time the list was requested, on every path.
 */

const { welcomeEmail, supportReply } = FIXTURE_IDS.prompts;

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/**
 * A slow `GET {path}`: answered with what the backend held when the request arrived (`arrived`), once
 * `release()` is called; a publish in between is not in it.
 */
function slowAnswers(db: MockDb, path: string) {
  let release!: () => void;
  let arrive!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  const handlers = createPromptApiHandlers({ db });
  server.use(
    http.get(`${DEFAULT_BASE_URL}${path}`, async ({ request }) => {
      const answer = await getResponse(handlers, request);
      arrive();
      await held;
      return answer;
    }),
  );
  return { arrived, release };
}

/** Lets the clock move on, so that a time stamped now differs from one stamped before. */
const later = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('a read that refetches takes no list requested before its own data', () => {
  it('a stale refetch (staleTime 0) waits for no list in flight that is older than its data', async () => {
    const api = serveMockApi();
    const client = api.client();
    const queryClient = createTestQueryClient();
    const options = promptQueryOptions(client, supportReply, { staleTime: 0 });
    expect(await queryClient.fetchQuery(options)).toMatchObject({ version: '1.1.0' });
    // A slow list request leaves, and the server answers it with 1.1.0 ...
    const { arrived, release } = slowAnswers(api.db, '/prompts');
    const list = queryClient.fetchQuery(promptListQueryOptions(client));
    await arrived;
    // ... 1.2.0 is published, the prompt invalidated: it refetches alone and gets 1.2.0.
    api.db.publish('prompt', supportReply, '1.2.0');
    await queryClient.invalidateQueries({ queryKey: promptKeys.detail(client, supportReply) });
    expect(await queryClient.fetchQuery(options)).toMatchObject({ version: '1.2.0' });
    // Another mount refetches it (stale at once): the old list must not answer it.
    const refetch = queryClient.fetchQuery(options);
    release();
    await list;
    expect(await refetch).toMatchObject({ version: '1.2.0' });
    expect(queryClient.getQueryData(options.queryKey)).toMatchObject({ version: '1.2.0' });
  });

  it('an invalidated read takes no list query sent before the invalidation, even in the same tick', async () => {
    const api = serveMockApi();
    const client = api.client();
    const queryClient = createTestQueryClient();
    function Prompt() {
      const { data } = usePrompt(supportReply);
      return <p>{data ? `${data.promptId}@${data.version}` : 'loading'}</p>;
    }
    renderWithApi(<Prompt />, { client, queryClient });
    await screen.findByText('support-reply@1.1.0');
    // In one event: a list fetch starts (slow), 1.2.0 is published, the prompt is invalidated.
    const { release } = slowAnswers(api.db, '/prompts');
    const list = queryClient.fetchQuery(promptListQueryOptions(client));
    api.db.publish('prompt', supportReply, '1.2.0');
    void queryClient.invalidateQueries({ queryKey: promptKeys.detail(client, supportReply) });
    expect(await screen.findByText('support-reply@1.2.0')).toBeTruthy();
    release();
    await list;
    expect(api.sent).toEqual([`GET /prompts/${supportReply}`, 'GET /prompts', `GET /prompts/${supportReply}`]);
    expect(queryClient.getQueryState(promptKeys.detail(client, supportReply))).toMatchObject({ data: { version: '1.2.0' }, isInvalidated: false });
  });
});

describe("a list's entry never goes back in time", () => {
  it('a list query that answers after a newer batch list keeps the batch\'s data and its time', async () => {
    const api = serveMockApi();
    const client = api.client();
    function Page() {
      const list = usePromptList();
      const listed = list.data?.find((prompt) => prompt.promptId === supportReply);
      return (
        <>
          <p>{listed ? `list: ${listed.promptId}@${listed.version}` : 'loading the list'}</p>
          {[welcomeEmail, supportReply].map((id) => (
            <Detail key={id} id={id} />
          ))}
        </>
      );
    }
    function Detail({ id }: { id: string }) {
      const { data } = usePrompt(id);
      return <p>{data ? `detail: ${data.promptId}@${data.version}` : `loading ${id}`}</p>;
    }
    const { queryClient } = renderWithApi(<Page />, { client });
    await screen.findByText('list: support-reply@1.1.0');
    await screen.findByText('detail: support-reply@1.1.0');
    // The list query refetches (L1); its request reaches the server before the publish, and its answer
    // (1.1.0) is held back.
    let release!: () => void;
    let arrive!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const arrived = new Promise<void>((resolve) => (arrive = resolve));
    const handlers = createPromptApiHandlers({ db: api.db });
    server.use(
      http.get(
        `${DEFAULT_BASE_URL}/prompts`,
        async ({ request }) => {
          const answer = await getResponse(handlers, request);
          arrive();
          await held;
          return answer;
        },
        { once: true },
      ),
    );
    const l1 = queryClient.refetchQueries({ queryKey: promptKeys.list(client) });
    await arrived;
    // 1.2.0 is published and only the details are invalidated: their forced reads take no list sent before
    // the invalidation, so they batch into a list of their own, which answers first and fills the list entry.
    api.db.publish('prompt', supportReply, '1.2.0');
    void queryClient.invalidateQueries({ queryKey: promptKeys.details(client) });
    await screen.findByText('detail: support-reply@1.2.0');
    await screen.findByText('list: support-reply@1.2.0');
    const before = queryClient.getQueryState(promptKeys.list(client));
    // L1 answers last, with 1.1.0: the entry keeps the newer list, and its time.
    release();
    await l1;
    await later();
    expect(api.sent).toEqual(['GET /prompts', 'GET /prompts', 'GET /prompts']);
    expect(screen.getByText('list: support-reply@1.2.0')).toBeTruthy();
    expect(screen.getByText('detail: support-reply@1.2.0')).toBeTruthy();
    const after = queryClient.getQueryState(promptKeys.list(client));
    expect(after?.data).toBe(before?.data);
    expect(after?.dataUpdatedAt).toBe(before?.dataUpdatedAt);
    expect(after).toMatchObject({ status: 'success', fetchStatus: 'idle', isInvalidated: false });
  });
});

describe('an item taken from a list is as old as the list', () => {
  /** Fetches the prompt list; returns when its request was sent (at the earliest) and answered. */
  async function fetchList(queryClient: ReturnType<typeof createTestQueryClient>, client: ReturnType<ReturnType<typeof serveMockApi>['client']>) {
    const sentAfter = Date.now();
    await queryClient.fetchQuery(promptListQueryOptions(client));
    return { sentAfter, answeredAt: queryClient.getQueryState(promptListQueryOptions(client).queryKey)?.dataUpdatedAt ?? NaN };
  }

  it('prefetchQuery and ensureQueryData from a cached list', async () => {
    const api = serveMockApi();
    const client = api.client();
    const queryClient = createTestQueryClient();
    const list = await fetchList(queryClient, client);
    await later();
    await queryClient.prefetchQuery(promptQueryOptions(client, welcomeEmail));
    await queryClient.ensureQueryData(promptQueryOptions(client, supportReply));
    expect(api.sent).toEqual(['GET /prompts']);
    for (const id of [welcomeEmail, supportReply]) {
      const { dataUpdatedAt } = queryClient.getQueryState(promptKeys.detail(client, id)) ?? { dataUpdatedAt: NaN };
      expect(dataUpdatedAt).toBeGreaterThanOrEqual(list.sentAfter);
      expect(dataUpdatedAt).toBeLessThanOrEqual(list.answeredAt);
    }
  });

  it('a stale entry refetched from a newer cached list', async () => {
    const api = serveMockApi();
    const client = api.client();
    const queryClient = createTestQueryClient();
    const options = promptQueryOptions(client, welcomeEmail, { staleTime: 50 });
    // The clock moves only where the test says: a busy machine makes no entry stale behind its back.
    vi.useFakeTimers({ toFake: ['Date'] });
    await queryClient.fetchQuery(options);
    vi.setSystemTime(Date.now() + 60);
    const list = await fetchList(queryClient, client);
    await later();
    // Stale by 50 ms: the refetch takes the list's item (requested after its own data, and fresh).
    await queryClient.fetchQuery(options);
    expect(api.sent).toEqual([`GET /prompts/${welcomeEmail}`, 'GET /prompts']);
    const { dataUpdatedAt } = queryClient.getQueryState(options.queryKey) ?? { dataUpdatedAt: NaN };
    expect(dataUpdatedAt).toBeGreaterThanOrEqual(list.sentAfter);
    expect(dataUpdatedAt).toBeLessThanOrEqual(list.answeredAt);
  });

  it('reads that waited for a list in flight, or batched into one', async () => {
    const api = serveMockApi();
    const client = api.client();
    const queryClient = createTestQueryClient();
    const sentAfter = Date.now();
    const { release } = slowAnswers(api.db, '/prompts');
    const batched = Promise.all([welcomeEmail, supportReply].map((id) => queryClient.fetchQuery(promptQueryOptions(client, id))));
    await later();
    release();
    await batched;
    await later();
    const listState = queryClient.getQueryState(promptKeys.list(client));
    expect(api.sent).toEqual(['GET /prompts']);
    for (const id of [welcomeEmail, supportReply]) {
      const { dataUpdatedAt } = queryClient.getQueryState(promptKeys.detail(client, id)) ?? { dataUpdatedAt: NaN };
      // As old as the list's request, which the list's entry carries too.
      expect(dataUpdatedAt).toBe(listState?.dataUpdatedAt);
      expect(dataUpdatedAt).toBeGreaterThanOrEqual(sentAfter);
    }
  });

  it('a hook whose read waited for the list query in flight', async () => {
    const api = serveMockApi();
    const client = api.client();
    let arrivedAt = NaN;
    // The list request arrives, and its answer leaves a few ms later.
    server.use(
      http.get(`${DEFAULT_BASE_URL}/prompts`, async () => {
        arrivedAt = Date.now();
        await later();
      }),
    );
    function Page() {
      const list = usePromptList();
      const { data, dataUpdatedAt } = usePrompt(welcomeEmail);
      return <p>{list.data && data ? `${data.promptId} at ${dataUpdatedAt}, list at ${list.dataUpdatedAt}` : 'loading'}</p>;
    }
    renderWithApi(<Page />, { client });
    const shown = (await screen.findByText(/^welcome-email at/)).textContent ?? '';
    const [, itemAt, listAt] = /at (\d+), list at (\d+)/.exec(shown) ?? [];
    expect(api.sent).toEqual(['GET /prompts']);
    expect(Number(itemAt)).toBe(Number(listAt));
    expect(Number(itemAt)).toBeLessThanOrEqual(arrivedAt);
  });
});
