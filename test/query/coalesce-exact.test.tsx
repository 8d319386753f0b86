// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { createMockDb, DEFAULT_BASE_URL, FIXTURE_IDS } from 'prompt-composer-react/mocks';
import {
  type PromptApiClient,
  PromptApiProvider,
  promptKeys,
  promptListQueryOptions,
  promptQueryOptions,
  useComposer,
  usePrompt,
  usePromptList,
} from 'prompt-composer-react';
import { type ReactNode, StrictMode, useEffect } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { server } from '../msw-server.ts';
import { createTestQueryClient, renderWithApi, serveMockApi } from './utils.tsx';

const { welcomeEmail, supportReply, ticketTriage, productDescription, meetingSummary } = FIXTURE_IDS.prompts;
const { onboardingFlow, htmlShowcase } = FIXTURE_IDS.composers;
const fivePrompts = [welcomeEmail, supportReply, ticketTriage, productDescription, meetingSummary];

function PromptText({ id, version }: { id: string; version?: string }) {
  const { data, error } = usePrompt(id, { version });
  if (error) return <p role="alert">{`${id}: ${error.message}`}</p>;
  return <p>{data ? `${data.promptId}@${data.version}` : `loading ${id}`}</p>;
}

/** A client page: the list in the parent, one detail view per prompt. */
function ListPage() {
  const { data } = usePromptList();
  return (
    <>
      <p>{data ? `${data.length} prompts` : 'loading the list'}</p>
      {fivePrompts.map((id) => <PromptText key={id} id={id} />)}
    </>
  );
}

/** Keeps every `GET {path}` response back until `release()`, so that request stays in flight. */
function holdResponses(path: string): () => void {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  server.use(http.get(`${DEFAULT_BASE_URL}${path}`, async () => void (await held)));
  return release;
}


/** What a page that shows the list's length shows: every published fixture prompt. */
const PROMPT_COUNT = `${createMockDb().listPrompts().length} prompts`;
afterEach(() => cleanup());

/**
 * Renders `ui` as an app in StrictMode does: `<StrictMode>` at the root, around the providers. (React
 * double-invokes the effects of a newly placed tree only when its root is strict: a `<StrictMode>` nested
 * under a provider mounted in the same commit would not double-mount anything.)
 */
function renderStrict(ui: ReactNode, client: PromptApiClient) {
  const queryClient = createTestQueryClient();
  render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <PromptApiProvider client={client} retry={false}>
          {ui}
        </PromptApiProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
  return queryClient;
}

/** Counts the effects React runs, to show that the tree really mounts twice. */
let mounts = 0;
function CountMounts() {
  useEffect(() => void mounts++, []);
  return null;
}

describe('StrictMode (on in development with Next.js and Vite)', () => {
  it('a list with detail children costs one list request, as without StrictMode', async () => {
    const api = serveMockApi();
    mounts = 0;
    renderStrict(<><ListPage /><CountMounts /></>, api.client());
    expect(mounts).toBe(2);
    await screen.findByText(PROMPT_COUNT);
    for (const id of fivePrompts) await screen.findByText(new RegExp(`^${id}@`));
    expect(api.sent).toEqual(['GET /prompts']);
  });

  it('detail reads with no list become one batched list request', async () => {
    const api = serveMockApi();
    renderStrict(fivePrompts.map((id) => <PromptText key={id} id={id} />), api.client());
    for (const id of fivePrompts) await screen.findByText(new RegExp(`^${id}@`));
    expect(api.sent).toEqual(['GET /prompts']);
  });

  it('composer and prompt reads each cost one list', async () => {
    const api = serveMockApi();
    function Composer({ id }: { id: string }) {
      const { data } = useComposer(id);
      return <p>{data ? `${data.composerId}@${data.version}` : `loading ${id}`}</p>;
    }
    renderStrict(
      <>
        <ListPage />
        <Composer id={onboardingFlow} />
        <Composer id={htmlShowcase} />
      </>,
      api.client(),
    );
    await screen.findByText(/^onboarding-flow@/);
    await screen.findByText(/^html-showcase@/);
    await screen.findByText(PROMPT_COUNT);
    expect(api.sent.sort()).toEqual(['GET /composers', 'GET /prompts']);
  });
});

describe('a parent whose key changes while a batch is in flight', () => {
  it('costs one list: the new reads take the batch the old ones started', async () => {
    const api = serveMockApi();
    const release = holdResponses('/prompts');
    function Parent({ generation }: { generation: number }) {
      return <div key={generation}>{fivePrompts.map((id) => <PromptText key={id} id={id} />)}</div>;
    }
    const view = renderWithApi(<Parent generation={0} />, { client: api.client() });
    await waitFor(() => expect(api.sent).toEqual(['GET /prompts']));
    view.rerender(<Parent generation={1} />);
    release();
    for (const id of fivePrompts) await screen.findByText(new RegExp(`^${id}@`));
    expect(api.sent).toEqual(['GET /prompts']);
  });
});

describe('invalidation', () => {
  it('an invalidated read never takes a list sent before the invalidation', async () => {
    const api = serveMockApi();
    const client = api.client();
    const view = renderWithApi(<><PromptText id={supportReply} /><PromptText id={welcomeEmail} /></>, { client });
    await screen.findByText('support-reply@1.1.0');
    // A list refresh is in flight (sent before the publish) ...
    const release = holdResponses('/prompts');
    const refresh = view.queryClient.fetchQuery({ ...promptListQueryOptions(client), staleTime: 0 });
    await waitFor(() => expect(api.sent.at(-1)).toBe('GET /prompts'));
    // ... when 1.2.0 is published and the app invalidates the prompt.
    api.db.publish('prompt', supportReply, '1.2.0');
    await act(() => view.queryClient.invalidateQueries({ queryKey: promptKeys.detail(client, supportReply) }));
    expect(await screen.findByText('support-reply@1.2.0')).toBeTruthy();
    expect(api.sent.at(-1)).toBe(`GET /prompts/${supportReply}`);
    release();
    await refresh;
    // The old list answered afterwards: the entry keeps the newer version, and stays fresh.
    expect(screen.getByText('support-reply@1.2.0')).toBeTruthy();
    expect(view.queryClient.getQueryData(promptKeys.detail(client, supportReply))).toMatchObject({ version: '1.2.0' });
  });

  it('invalidating every prompt costs one list for the list and its reads together', async () => {
    const api = serveMockApi();
    const client = api.client();
    const view = renderWithApi(<ListPage />, { client });
    await screen.findByText(PROMPT_COUNT);
    await screen.findByText('welcome-email@2.0.0');
    api.sent.length = 0;
    await act(() => view.queryClient.invalidateQueries({ queryKey: promptKeys.all(client) }));
    await waitFor(() => expect(view.queryClient.isFetching()).toBe(0));
    expect(api.sent).toEqual(['GET /prompts']);
  });
});

describe('round trips', () => {
  it('a pinned read that the cache rules out starts at once, without waiting for the list in flight', async () => {
    const api = serveMockApi();
    const client = api.client();
    const view = renderWithApi(<p>idle</p>, { client });
    // The cached list says welcome-email's latest is 2.0.0; a refresh of it is in flight and held.
    await view.queryClient.fetchQuery(promptListQueryOptions(client));
    const release = holdResponses('/prompts');
    void view.queryClient.fetchQuery({ ...promptListQueryOptions(client), staleTime: 0 });
    view.rerender(<PromptText id={welcomeEmail} version="1.0.0" />);
    // Its own request is sent while the list is still held.
    expect(await screen.findByText('welcome-email@1.0.0')).toBeTruthy();
    expect(api.sent).toEqual(['GET /prompts', 'GET /prompts', `GET /prompts/${welcomeEmail}?version=1.0.0`]);
    release();
  });

  it('coalescePinned={false} sends a pinned read at once on a cold cache: one request more, no wait for the list', async () => {
    const api = serveMockApi();
    const release = holdResponses('/prompts');
    renderWithApi(
      <>
        <ListPage />
        <PromptText id={welcomeEmail} version="1.0.0" />
        <PromptText id={welcomeEmail} version="2.0.0" />
      </>,
      { client: api.client(), coalescePinned: false },
    );
    // Both pinned reads answer while the list is held.
    expect(await screen.findByText('welcome-email@1.0.0')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByText('welcome-email@2.0.0').length).toBeGreaterThan(0));
    release();
    await screen.findByText(PROMPT_COUNT);
    expect(api.sent.sort()).toEqual(['GET /prompts', `GET /prompts/${welcomeEmail}?version=1.0.0`, `GET /prompts/${welcomeEmail}?version=2.0.0`]);
  });
});

describe('thresholds', () => {
  it('a read that opts out (batchThreshold: Infinity) is never batched, whatever another provider of the tick sets', async () => {
    const api = serveMockApi();
    const client = api.client();
    const queryClient = createTestQueryClient();
    render(
      <QueryClientProvider client={queryClient}>
        <PromptApiProvider client={client} retry={false} batchThreshold={Infinity}>
          <PromptText id={welcomeEmail} />
        </PromptApiProvider>
        <PromptApiProvider client={client} retry={false} batchThreshold={2}>
          <PromptText id={supportReply} />
          <PromptText id={ticketTriage} />
        </PromptApiProvider>
      </QueryClientProvider>,
    );
    await screen.findByText('welcome-email@2.0.0');
    await screen.findByText('support-reply@1.1.0');
    await screen.findByText('ticket-triage@1.0.0');
    expect(api.sent.sort()).toEqual(['GET /prompts', `GET /prompts/${welcomeEmail}`]);
  });

  it('a factory read with batchThreshold: Infinity sends its own request beside a batch of others', async () => {
    const api = serveMockApi();
    const client: PromptApiClient = api.client();
    const queryClient = createTestQueryClient();
    await Promise.all([
      queryClient.fetchQuery(promptQueryOptions(client, welcomeEmail, { batchThreshold: Infinity })),
      queryClient.fetchQuery(promptQueryOptions(client, supportReply)),
      queryClient.fetchQuery(promptQueryOptions(client, ticketTriage)),
    ]);
    expect(api.sent.sort()).toEqual(['GET /prompts', `GET /prompts/${welcomeEmail}`]);
  });
});
