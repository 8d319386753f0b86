// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { createMockDb, DEFAULT_BASE_URL, FIXTURE_IDS, FIXTURE_KEYS } from 'prompt-composer-react/mocks';
import {
  composerQueryOptions,
  isPromptApiError,
  type PromptApiClient,
  promptKeys,
  promptListQueryOptions,
  promptQueryOptions,
  useComposer,
  usePrompt,
  usePromptList,
  useSuspensePrompt,
  useSuspensePromptList,
} from 'prompt-composer-react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { server } from '../msw-server.ts';
import { createTestQueryClient, renderWithApi, serveMockApi } from './utils.tsx';

const { welcomeEmail, supportReply, ticketTriage, productDescription, meetingSummary, draftAnnouncement } = FIXTURE_IDS.prompts;
const { onboardingFlow, htmlShowcase } = FIXTURE_IDS.composers;
const listOnly = /^\/prompts$/;

function PromptText({ id, version }: { id: string; version?: string }) {
  const { data, error } = usePrompt(id, { version });
  if (error) return <p role="alert">{`${id}${version ? `@${version}` : ''}: ${error.message}`}</p>;
  return <p>{data ? `${data.promptId}@${data.version}` : `loading ${id}`}</p>;
}

function ComposerText({ id }: { id: string }) {
  const { data } = useComposer(id);
  return <p>{data ? `${data.composerId}@${data.version}` : `loading ${id}`}</p>;
}

function PromptCount() {
  const { data } = usePromptList();
  return <p>{data ? `${data.length} prompts` : 'loading the list'}</p>;
}

/** Keeps every `GET {path}` response back until `release()`, so that request stays in flight. */
function holdResponses(path: string): () => void {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  // Returning nothing falls through to the mock API's handler, once released.
  server.use(http.get(`${DEFAULT_BASE_URL}${path}`, async () => void (await held)));
  return release;
}

/** A client whose list requests' signals are recorded (the signal `fetch` gets, aborted with the request). */
function recordingClient(api: ReturnType<typeof serveMockApi>) {
  const listSignals: AbortSignal[] = [];
  const client = api.client(FIXTURE_KEYS.free, {
    fetch: (input, init) => {
      if (new URL(String(input)).pathname === '/prompts' && init?.signal) listSignals.push(init.signal);
      return globalThis.fetch(input, init);
    },
  });
  return { client, listSignals };
}

const failure = (error: unknown) => (isPromptApiError(error) ? { code: error.code, status: error.status, path: error.path } : error);


/** What a page that shows the list's length shows: every published fixture prompt. */
const PROMPT_COUNT = `${createMockDb().listPrompts().length} prompts`;
afterEach(() => cleanup());

describe('everything mounted in one render', () => {
  it('a prompt list, prompt views, pinned versions and composer views cost one request per list, plus the old pinned version', async () => {
    const api = serveMockApi();
    const views = [meetingSummary, productDescription, supportReply, ticketTriage, welcomeEmail, welcomeEmail, supportReply];
    // The list in the parent: React runs its children's effects first, so every detail starts before it.
    function ListPage() {
      const { data } = usePromptList();
      return (
        <>
          <p>{data ? `${data.length} prompts` : 'loading the list'}</p>
          {views.map((id, index) => <PromptText key={index} id={id} />)}
          <PromptText id={welcomeEmail} version="1.0.0" />
          <PromptText id={welcomeEmail} version="2.0.0" />
          <ComposerText id={onboardingFlow} />
          <ComposerText id={htmlShowcase} />
          <ComposerText id={onboardingFlow} />
        </>
      );
    }
    renderWithApi(<ListPage />, { client: api.client() });
    await screen.findByText('7 prompts');
    await waitFor(() => expect(screen.queryAllByText(/^loading/)).toEqual([]));
    expect(screen.getAllByText('welcome-email@2.0.0')).toHaveLength(3);
    expect(screen.getByText('welcome-email@1.0.0')).toBeTruthy();
    expect(screen.getAllByText('onboarding-flow@1.1.0')).toHaveLength(2);
    expect(api.sent.sort()).toEqual(['GET /composers', 'GET /prompts', 'GET /prompts/welcome-email?version=1.0.0']);
  });
});

describe('a detail read while a list of its kind is in flight', () => {
  it('waits for the list: latest and pinned-at-latest take its entry, another pinned version sends its own', async () => {
    const api = serveMockApi();
    const client = api.client();
    const queryClient = createTestQueryClient();
    const release = holdResponses('/prompts');
    const list = queryClient.fetchQuery(promptListQueryOptions(client));
    await waitFor(() => expect(api.sent).toEqual(['GET /prompts']));
    const reads = Promise.all([
      queryClient.fetchQuery(promptQueryOptions(client, supportReply)),
      queryClient.fetchQuery(promptQueryOptions(client, welcomeEmail, { version: '2.0.0' })),
      queryClient.fetchQuery(promptQueryOptions(client, welcomeEmail, { version: '1.0.0' })),
    ]);
    release();
    const [latest, pinnedLatest, pinnedOld] = await reads;
    await list;
    expect(latest).toMatchObject({ promptId: supportReply, version: '1.1.0' });
    expect(latest).not.toHaveProperty('publishedVersions');
    expect(pinnedLatest).toMatchObject({ promptId: welcomeEmail, version: '2.0.0' });
    expect(pinnedOld).toMatchObject({ promptId: welcomeEmail, version: '1.0.0' });
    expect(api.sent).toEqual(['GET /prompts', 'GET /prompts/welcome-email?version=1.0.0']);
  });

  it('waits for a list with publishedVersions too, and answers without them', async () => {
    const api = serveMockApi();
    const client = api.client();
    const queryClient = createTestQueryClient();
    const list = queryClient.fetchQuery(promptListQueryOptions(client, { includeVersions: true }));
    const detail = await queryClient.fetchQuery(promptQueryOptions(client, welcomeEmail));
    const listed = (await list).find((prompt) => prompt.promptId === welcomeEmail);
    expect(listed?.publishedVersions?.map((published) => published.version)).toEqual(['1.0.0', '1.1.0', '2.0.0']);
    expect(detail).not.toHaveProperty('publishedVersions');
    expect(api.sent).toEqual(['GET /prompts?include_versions=true']);
  });

  it('an id the list lacks gets its own request, so its NOT_FOUND reaches the app', async () => {
    const api = serveMockApi();
    renderWithApi(<><PromptCount /><PromptText id="no-such-prompt" /><PromptText id={draftAnnouncement} /><PromptText id={ticketTriage} /></>, { client: api.client() });
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(2));
    expect(screen.getByText('no-such-prompt: GET /prompts/no-such-prompt failed with 404 NOT_FOUND: Prompt not found')).toBeTruthy();
    expect(screen.getByText(`${draftAnnouncement}: GET /prompts/${draftAnnouncement} failed with 404 NOT_FOUND: Prompt not found`)).toBeTruthy();
    expect(screen.getByText('ticket-triage@1.0.0')).toBeTruthy();
    expect(api.sent.sort()).toEqual(['GET /prompts', `GET /prompts/${draftAnnouncement}`, 'GET /prompts/no-such-prompt']);
  });

  it('waits only for a list of its own kind, client scope and QueryClient', async () => {
    const api = serveMockApi();
    const free = api.client(FIXTURE_KEYS.free);
    const pro = api.client(FIXTURE_KEYS.pro);
    const queryClient = createTestQueryClient();
    const otherQueryClient = createTestQueryClient();
    const release = holdResponses('/prompts');
    const list = queryClient.fetchQuery(promptListQueryOptions(free));
    await waitFor(() => expect(api.sent).toEqual(['GET /prompts']));
    await Promise.all([
      queryClient.fetchQuery(promptQueryOptions(pro, supportReply)),
      otherQueryClient.fetchQuery(promptQueryOptions(free, ticketTriage)),
      queryClient.fetchQuery(composerQueryOptions(free, onboardingFlow)),
    ]);
    release();
    await list;
    expect(api.sent.sort()).toEqual(['GET /composers/onboarding-flow', 'GET /prompts', 'GET /prompts/support-reply', 'GET /prompts/ticket-triage']);
  });
});

describe('a read pinned at the latest version, after the list has loaded', () => {
  it('has its data on its first render, with no request and no loading state (plain and Suspense)', async () => {
    const api = serveMockApi();
    const client = api.client();
    const queryClient = createTestQueryClient();
    await queryClient.fetchQuery(promptListQueryOptions(client));
    const firstRenders: string[] = [];
    function Pinned() {
      const { data, status } = usePrompt(welcomeEmail, { version: '2.0.0' });
      if (firstRenders.length < 1) firstRenders.push(`plain ${status} ${data?.version}`);
      return <p>{data ? `plain ${data.version}` : 'loading'}</p>;
    }
    function SuspensePinned() {
      const { data } = useSuspensePrompt(supportReply, { version: '1.1.0' });
      return <p>{`suspense ${data.version}`}</p>;
    }
    renderWithApi(
      <>
        <Pinned />
        <Suspense fallback={<p>suspense fallback</p>}>
          <SuspensePinned />
        </Suspense>
      </>,
      { client, queryClient },
    );
    // Synchronously after the first render: no fallback, no loading state.
    expect(firstRenders).toEqual(['plain success 2.0.0']);
    expect(screen.getByText('suspense 1.1.0')).toBeTruthy();
    expect(screen.queryByText('suspense fallback')).toBeNull();
    expect(api.sent).toEqual(['GET /prompts']);
  });
});

describe('detail reads that start in the same tick, with no list in flight', () => {
  it('become one list request that fills the list entry, so a later read of another item, or the list, sends nothing', async () => {
    const api = serveMockApi();
    const client = api.client();
    const view = renderWithApi(<><PromptText id={welcomeEmail} /><PromptText id={supportReply} /></>, { client });
    await screen.findByText('welcome-email@2.0.0');
    await screen.findByText('support-reply@1.1.0');
    expect(api.sent).toEqual(['GET /prompts']);
    // One cache entry for the list (each item once), plus the entries of the two reads.
    expect(view.queryClient.getQueryData(promptKeys.list(client))).toHaveLength(api.db.listPrompts().length);
    expect(view.queryClient.getQueryCache().findAll({ queryKey: promptKeys.details(client) })).toHaveLength(2);
    view.rerender(<><PromptText id={welcomeEmail} /><PromptText id={supportReply} /><PromptText id={ticketTriage} /><PromptText id={welcomeEmail} version="2.0.0" /><PromptCount /></>);
    expect(screen.getByText('ticket-triage@1.0.0')).toBeTruthy();
    expect(screen.getAllByText('welcome-email@2.0.0')).toHaveLength(2);
    expect(screen.getByText(PROMPT_COUNT)).toBeTruthy();
    expect(api.sent).toEqual(['GET /prompts']);
  });

  it('one read alone sends its own request (the default threshold is 2)', async () => {
    const api = serveMockApi();
    renderWithApi(<><PromptText id={welcomeEmail} /><PromptText id={welcomeEmail} /><PromptText id={welcomeEmail} version="1.0.0" /></>, { client: api.client() });
    await screen.findByText('welcome-email@1.0.0');
    await waitFor(() => expect(screen.getAllByText('welcome-email@2.0.0')).toHaveLength(2));
    expect(api.sent.sort()).toEqual(['GET /prompts/welcome-email', 'GET /prompts/welcome-email?version=1.0.0']);
  });

  it('pinned reads alone never make a list request', async () => {
    const api = serveMockApi();
    const client = api.client();
    const queryClient = createTestQueryClient();
    await Promise.all([
      queryClient.ensureQueryData(promptQueryOptions(client, welcomeEmail, { version: '1.0.0' })),
      queryClient.ensureQueryData(promptQueryOptions(client, supportReply, { version: '1.0.0' })),
    ]);
    expect(api.sent.sort()).toEqual(['GET /prompts/support-reply?version=1.0.0', 'GET /prompts/welcome-email?version=1.0.0']);
  });

  it('the provider sets the threshold; Infinity turns batching off', async () => {
    const api = serveMockApi();
    const client = api.client();
    const two = <><PromptText id={welcomeEmail} /><PromptText id={supportReply} /></>;
    const off = renderWithApi(two, { client, batchThreshold: Infinity });
    await screen.findByText('support-reply@1.1.0');
    expect(api.sent.sort()).toEqual(['GET /prompts/support-reply', 'GET /prompts/welcome-email']);
    off.unmount();

    api.sent.length = 0;
    const three = renderWithApi(two, { client, batchThreshold: 3 });
    await screen.findByText('support-reply@1.1.0');
    expect(api.sent).toHaveLength(2);
    three.unmount();

    api.sent.length = 0;
    renderWithApi(<>{two}<PromptText id={ticketTriage} /></>, { client, batchThreshold: 3 });
    await screen.findByText('ticket-triage@1.0.0');
    expect(api.sent).toEqual(['GET /prompts']);
  });

  it('a query factory option sets the threshold of its reads', async () => {
    const api = serveMockApi();
    const client = api.client();
    const queryClient = createTestQueryClient();
    await Promise.all([welcomeEmail, supportReply].map((id) => queryClient.ensureQueryData(promptQueryOptions(client, id, { batchThreshold: Infinity }))));
    expect(api.sent.sort()).toEqual(['GET /prompts/support-reply', 'GET /prompts/welcome-email']);
    api.sent.length = 0;
    await queryClient.ensureQueryData(composerQueryOptions(client, htmlShowcase, { batchThreshold: 1 }));
    expect(api.sent).toEqual(['GET /composers']);
  });

  it('with batching off, a read still waits for a list query in flight', async () => {
    const api = serveMockApi();
    renderWithApi(<><PromptCount /><PromptText id={welcomeEmail} /></>, { client: api.client(), batchThreshold: Infinity });
    await screen.findByText('welcome-email@2.0.0');
    expect(api.sent).toEqual(['GET /prompts']);
  });

  it('prefetchQuery and ensureQueryData coalesce the same way, and a pinned version cached as the latest costs nothing', async () => {
    const api = serveMockApi();
    const client = api.client();
    const queryClient = createTestQueryClient();
    const prompts = await Promise.all([welcomeEmail, supportReply, ticketTriage].map((id) => queryClient.ensureQueryData(promptQueryOptions(client, id))));
    expect(prompts.map((prompt) => `${prompt.promptId}@${prompt.version}`)).toEqual(['welcome-email@2.0.0', 'support-reply@1.1.0', 'ticket-triage@1.0.0']);
    await Promise.all([meetingSummary, productDescription].map((id) => queryClient.prefetchQuery(promptQueryOptions(client, id, { staleTime: 0 }))));
    expect(api.sent).toEqual(['GET /prompts', 'GET /prompts']);
    expect(await queryClient.ensureQueryData(promptQueryOptions(client, welcomeEmail, { version: '2.0.0' }))).toEqual(prompts[0]);
    expect(api.sent).toHaveLength(2);
  });

  it('suspense twins coalesce the same way', async () => {
    const api = serveMockApi();
    function Suspended({ id }: { id: string }) {
      return <p>{`${useSuspensePrompt(id).data.promptId} ready`}</p>;
    }
    function SuspendedList() {
      return <p>{`${useSuspensePromptList().data.length} listed`}</p>;
    }
    const view = renderWithApi(
      <Suspense fallback={<p>suspended</p>}>
        <Suspended id={welcomeEmail} />
        <Suspended id={supportReply} />
      </Suspense>,
      { client: api.client() },
    );
    await screen.findByText('support-reply ready');
    expect(api.sent).toEqual(['GET /prompts']);
    view.unmount();

    api.sent.length = 0;
    renderWithApi(
      <Suspense fallback={<p>suspended</p>}>
        <SuspendedList />
        <Suspended id={ticketTriage} />
        <Suspended id={meetingSummary} />
      </Suspense>,
      { client: api.client(FIXTURE_KEYS.pro) },
    );
    await screen.findByText('meeting-summary ready');
    expect(screen.getByText('7 listed')).toBeTruthy();
    expect(api.sent).toEqual(['GET /prompts']);
  });

  it('the list request updates the usage store like any other', async () => {
    const api = serveMockApi();
    api.db.setUsage(FIXTURE_KEYS.free, 10);
    const client = api.client();
    renderWithApi(<><PromptText id={welcomeEmail} /><PromptText id={supportReply} /></>, { client });
    await screen.findByText('support-reply@1.1.0');
    expect(api.sent).toEqual(['GET /prompts']);
    expect(client.usage.getSnapshot()).toMatchObject({ used: 11, remaining: 4989, exceeded: false });
  });
});

describe('aborting one read', () => {
  it('unmounting one of two waiting reads never aborts their list; unmounting both does', async () => {
    const api = serveMockApi();
    const { client, listSignals } = recordingClient(api);
    const release = holdResponses('/prompts');
    const view = renderWithApi(<><PromptText key="w" id={welcomeEmail} /><PromptText key="s" id={supportReply} /></>, { client });
    await waitFor(() => expect(listSignals).toHaveLength(1));
    view.rerender(<><PromptText key="s" id={supportReply} /></>);
    expect(listSignals[0]?.aborted).toBe(false);
    release();
    await screen.findByText('support-reply@1.1.0');
    expect(api.sent).toEqual(['GET /prompts']);

    const hold = holdResponses('/prompts');
    const again = renderWithApi(<><PromptText id={welcomeEmail} /><PromptText id={supportReply} /></>, { client });
    await waitFor(() => expect(listSignals).toHaveLength(2));
    again.unmount();
    // At the end of the tick, once no read has come back for it (StrictMode remounts in the same tick).
    await waitFor(() => expect(listSignals[1]?.aborted).toBe(true));
    hold();
  });

  it('cancelQueries on one read leaves the list to the others', async () => {
    const api = serveMockApi();
    const { client, listSignals } = recordingClient(api);
    const release = holdResponses('/prompts');
    const view = renderWithApi(<><PromptText id={welcomeEmail} /><PromptText id={supportReply} /></>, { client });
    await waitFor(() => expect(listSignals).toHaveLength(1));
    await view.queryClient.cancelQueries({ queryKey: promptKeys.detail(client, welcomeEmail) });
    expect(listSignals[0]?.aborted).toBe(false);
    release();
    await screen.findByText('support-reply@1.1.0');
    expect(api.sent).toEqual(['GET /prompts']);
  });

  it('a read cancelled in the tick it started neither counts nor holds the list', async () => {
    const api = serveMockApi();
    const { client, listSignals } = recordingClient(api);
    const queryClient = createTestQueryClient();
    const read = (id: string) => queryClient.fetchQuery(promptQueryOptions(client, id, { retry: false })).catch(failure);
    const cancel = (id: string) => queryClient.cancelQueries({ queryKey: promptKeys.detail(client, id) });
    // Both cancelled at once: no list is sent for nobody.
    const gone = [read(welcomeEmail), read(supportReply)];
    await Promise.all([cancel(welcomeEmail), cancel(supportReply), ...gone]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(api.sent).toEqual([]);

    const release = holdResponses('/prompts');
    const reads = [read(welcomeEmail), read(supportReply), read(ticketTriage)];
    void cancel(welcomeEmail);
    await waitFor(() => expect(listSignals).toHaveLength(1));
    await cancel(supportReply);
    expect(listSignals[0]?.aborted).toBe(false);
    await cancel(ticketTriage);
    expect(listSignals[0]?.aborted).toBe(true);
    release();
    await Promise.all(reads);
    expect(api.sent).toEqual(['GET /prompts']);
  });

  it('a list query unmounted while reads wait for it: they go back to be routed, and batch again (one list)', async () => {
    const api = serveMockApi();
    const release = holdResponses('/prompts');
    const view = renderWithApi(<><PromptCount /><PromptText id={welcomeEmail} /><PromptText id={supportReply} /></>, { client: api.client() });
    await waitFor(() => expect(api.sent).toEqual(['GET /prompts']));
    view.rerender(<><PromptText id={welcomeEmail} /><PromptText id={supportReply} /></>);
    await waitFor(() => expect(api.sent).toEqual(['GET /prompts', 'GET /prompts']));
    release();
    await screen.findByText('welcome-email@2.0.0');
    await screen.findByText('support-reply@1.1.0');
    expect(api.sent).toEqual(['GET /prompts', 'GET /prompts']);
  });
});

describe('a list that fails', () => {
  /** Two reads batched into one list; returns each read's outcome. */
  async function readTwo(client: PromptApiClient, queryClient = createTestQueryClient()) {
    return Promise.all(
      [welcomeEmail, supportReply].map((id) =>
        queryClient.fetchQuery(promptQueryOptions(client, id, { retry: false })).then(
          (prompt) => `${prompt.promptId}@${prompt.version}`,
          failure,
        ),
      ),
    );
  }

  it.each(['server-error', 'malformed-json', 'html-502'] as const)('with %s: each read sends its own request', async (kind) => {
    const api = serveMockApi();
    api.db.faults.inject({ kind, path: listOnly });
    expect(await readTwo(api.client())).toEqual(['welcome-email@2.0.0', 'support-reply@1.1.0']);
    expect(api.sent.sort()).toEqual(['GET /prompts', 'GET /prompts/support-reply', 'GET /prompts/welcome-email']);
  });

  it('with a network error: each read takes the list error, and sends nothing', async () => {
    const api = serveMockApi();
    api.db.faults.inject({ kind: 'network-error', path: listOnly });
    const outcomes = await readTwo(api.client());
    expect(outcomes).toEqual([{ code: 'NETWORK_ERROR', status: 0, path: '/prompts' }, { code: 'NETWORK_ERROR', status: 0, path: '/prompts' }]);
    expect(api.sent).toEqual(['GET /prompts']);
  });

  it('with a 429: each read takes the list error, and sends nothing', async () => {
    const api = serveMockApi();
    const outcomes = await readTwo(api.client(FIXTURE_KEYS.exhausted));
    expect(outcomes).toEqual([{ code: 'USAGE_LIMIT_EXCEEDED', status: 429, path: '/prompts' }, { code: 'USAGE_LIMIT_EXCEEDED', status: 429, path: '/prompts' }]);
    expect(api.sent).toEqual(['GET /prompts']);
  });

  it('with a 401: each read takes the list error, and sends nothing', async () => {
    const api = serveMockApi();
    const outcomes = await readTwo(api.client(FIXTURE_KEYS.revoked));
    expect(outcomes).toEqual([{ code: 'INVALID_KEY', status: 401, path: '/prompts' }, { code: 'INVALID_KEY', status: 401, path: '/prompts' }]);
    expect(api.sent).toEqual(['GET /prompts']);
  });

  it('refused by the quota guard: each read is refused on its own path, nothing is sent', async () => {
    const api = serveMockApi();
    const client = api.client(FIXTURE_KEYS.exhausted);
    await client.getPrompt(ticketTriage).catch(() => undefined);
    expect(api.sent).toHaveLength(1);
    const outcomes = await readTwo(client);
    expect(outcomes).toEqual([
      { code: 'USAGE_LIMIT_EXCEEDED', status: 0, path: '/prompts/welcome-email' },
      { code: 'USAGE_LIMIT_EXCEEDED', status: 0, path: '/prompts/support-reply' },
    ]);
    expect(api.sent).toHaveLength(1);
  });

  it('a read that fell back follows the normal retry policy', async () => {
    const api = serveMockApi();
    api.db.faults.inject({ kind: 'server-error', path: listOnly });
    api.db.faults.inject({ kind: 'server-error', path: /^\/prompts\/support-reply$/ });
    renderWithApi(<><PromptText id={welcomeEmail} /><PromptText id={supportReply} /></>, { client: api.client(), retry: 1, retryDelay: 0 });
    await screen.findByText('support-reply@1.1.0');
    await screen.findByText('welcome-email@2.0.0');
    expect(api.sent.sort()).toEqual(['GET /prompts', 'GET /prompts/support-reply', 'GET /prompts/support-reply', 'GET /prompts/welcome-email']);
  });

  it('a read that took the list network error retries like any other', async () => {
    const api = serveMockApi();
    api.db.faults.inject({ kind: 'network-error', path: listOnly });
    renderWithApi(<><PromptText id={welcomeEmail} /><PromptText id={supportReply} /></>, { client: api.client(), retry: 1, retryDelay: 0 });
    await screen.findByText('support-reply@1.1.0');
    await screen.findByText('welcome-email@2.0.0');
    expect(api.sent[0]).toBe('GET /prompts');
    expect(api.sent.length).toBeGreaterThan(1);
  });
});

it('QueryClient-independent: the same factories serve two QueryClients without sharing state', async () => {
  const api = serveMockApi();
  const client = api.client();
  const [first, second] = [new QueryClient(), new QueryClient()];
  const reads = (queryClient: QueryClient) =>
    Promise.all([welcomeEmail, supportReply].map((id) => queryClient.fetchQuery(promptQueryOptions(client, id, { retry: false }))));
  await Promise.all([reads(first), reads(second)]);
  expect(api.sent).toEqual(['GET /prompts', 'GET /prompts']);
});
