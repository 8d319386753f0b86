// @vitest-environment jsdom
import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import { type DehydratedState, dehydrate, HydrationBoundary, type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { FIXTURE_IDS, FIXTURE_KEYS } from 'prompt-composer-react/mocks';
import {
  dehydrateEachItemOnce,
  type PromptApiClient,
  PromptApiProvider,
  promptKeys,
  promptQueryOptions,
  reportPersistFailure,
  usePrompt,
  useSuspenseComposer,
  useSuspenseComposerList,
  useSuspensePrompt,
  useSuspensePromptList,
} from 'prompt-composer-react';
import { Component, type ReactNode, Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestQueryClient, renderWithApi, serveMockApi } from './utils.tsx';

const { welcomeEmail } = FIXTURE_IDS.prompts;

class Boundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    return this.state.error ? <p role="alert">{this.state.error.message}</p> : this.props.children;
  }
}

function SuspendedPrompt({ id }: { id: string }) {
  const { data } = useSuspensePrompt(id, { select: (prompt) => prompt.promptName });
  return <p>{data}</p>;
}

function SuspendedLists() {
  const prompts = useSuspensePromptList();
  const composers = useSuspenseComposerList();
  const composer = useSuspenseComposer(FIXTURE_IDS.composers.onboardingFlow, { version: '1.0.0' });
  return <p>{`${prompts.data.length} prompts, ${composers.data.length} composers, ${composer.data.version}`}</p>;
}

afterEach(() => cleanup());

describe('suspense twins', () => {
  it('suspend while loading, then render data', async () => {
    const api = serveMockApi();
    renderWithApi(
      <Suspense fallback={<p>suspended</p>}>
        <SuspendedPrompt id={welcomeEmail} />
        <SuspendedLists />
      </Suspense>,
      { client: api.client() },
    );
    expect(screen.getByText('suspended')).toBeTruthy();
    expect(await screen.findByText('Welcome email')).toBeTruthy();
    expect(await screen.findByText(/^\d+ prompts, \d+ composers, 1\.0\.0$/)).toBeTruthy();
  });

  it('throw a PromptApiError to the error boundary', async () => {
    const silence = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const api = serveMockApi();
    renderWithApi(
      <Boundary>
        <Suspense fallback={<p>suspended</p>}>
          <SuspendedPrompt id="no-such-prompt" />
        </Suspense>
      </Boundary>,
      { client: api.client() },
    );
    expect((await screen.findByRole('alert')).textContent).toBe('GET /prompts/no-such-prompt failed with 404 NOT_FOUND: Prompt not found');
    silence.mockRestore();
  });
});

describe('server rendering', () => {
  it('prefetch + dehydrate on the server, HydrationBoundary on the client: no request on hydration', async () => {
    const api = serveMockApi();
    // Server: its own client and QueryClient per request.
    const serverQueryClient = createTestQueryClient();
    const serverClient = api.client();
    await serverQueryClient.prefetchQuery(promptQueryOptions(serverClient, welcomeEmail));
    function Name() {
      const { data } = usePrompt(welcomeEmail);
      return <p>{data?.promptName ?? 'loading'}</p>;
    }
    const html = renderToString(
      <QueryClientProvider client={serverQueryClient}>
        <PromptApiProvider client={serverClient}>
          <Name />
        </PromptApiProvider>
      </QueryClientProvider>,
    );
    expect(html).toContain('Welcome email');
    const state = JSON.parse(JSON.stringify(dehydrate(serverQueryClient)));
    expect(JSON.stringify(state)).not.toContain(FIXTURE_KEYS.free);
    expect(api.sent).toHaveLength(1);

    // Client: a fresh QueryClient and client with the same base URL and key.
    const browserClient = api.client();
    const view = renderWithApi(
      <HydrationBoundary state={state}>
        <Name />
      </HydrationBoundary>,
      { client: browserClient },
    );
    expect(screen.getByText('Welcome email')).toBeTruthy();
    // Mount effects have run: a refetch would have started by now.
    const hydrated = view.queryClient.getQueryState(promptKeys.detail(browserClient, welcomeEmail));
    expect(hydrated).toMatchObject({ fetchStatus: 'idle', status: 'success' });
    expect(hydrated?.dataUpdatedAt).toBe(serverQueryClient.getQueryState(promptKeys.detail(serverClient, welcomeEmail))?.dataUpdatedAt);
    expect(api.sent).toHaveLength(1);
  });

  it('a key function on both sides (a server client per request) and one explicit scope: the keys match, no request on hydration', async () => {
    const api = serveMockApi();
    // The scope a key function requires: the same on the server and in the browser (the user's id, say).
    const withKeyFunction = () => api.client(undefined, { apiKey: () => FIXTURE_KEYS.free, scope: 'user-7' });
    function Name() {
      const { data } = usePrompt(welcomeEmail);
      return <p>{data?.promptName ?? 'loading'}</p>;
    }
    // Two server requests, each with its own client and QueryClient; the second one's state is sent.
    let state: DehydratedState | undefined;
    for (let request = 0; request < 2; request++) {
      const serverQueryClient = createTestQueryClient();
      await serverQueryClient.prefetchQuery(promptQueryOptions(withKeyFunction(), welcomeEmail));
      state = JSON.parse(JSON.stringify(dehydrate(serverQueryClient)));
    }
    expect(api.sent).toHaveLength(2);

    renderWithApi(
      <HydrationBoundary state={state}>
        <Name />
      </HydrationBoundary>,
      { client: withKeyFunction() },
    );
    expect(screen.getByText('Welcome email')).toBeTruthy();
    // Mount effects have run: a refetch would have started by now.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(api.sent).toHaveLength(2);
  });
});

describe('persistence recipe', () => {
  it('a reload within staleTime costs no request, and the stored cache holds no API key', async () => {
    const api = serveMockApi();
    const storage = new Map<string, string>();
    const fakeStorage = {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => void storage.set(key, value),
      removeItem: (key: string) => void storage.delete(key),
    };
    function App() {
      const { data } = usePrompt(welcomeEmail);
      return <p>{data?.promptName ?? 'loading'}</p>;
    }
    const queryClients: QueryClient[] = [];
    const clients: PromptApiClient[] = [];
    function load() {
      const queryClient = createTestQueryClient();
      const client = api.client();
      queryClients.push(queryClient);
      clients.push(client);
      const persister = createAsyncStoragePersister({ storage: fakeStorage, throttleTime: 0, retry: reportPersistFailure() });
      return render(
        <PersistQueryClientProvider client={queryClient} persistOptions={{ persister, dehydrateOptions: { shouldDehydrateQuery: dehydrateEachItemOnce(queryClient) } }}>
          <PromptApiProvider client={client}>
            <App />
          </PromptApiProvider>
        </PersistQueryClientProvider>,
      );
    }
    const first = load();
    await screen.findByText('Welcome email');
    // Wait until the persister has written the fetched prompt (throttleTime 0).
    await waitFor(() => expect([...storage.values()].join('')).toContain('Welcome email'));
    first.unmount();
    expect(api.sent).toHaveLength(1);
    const stored = [...storage.values()].join('');
    expect(stored).toContain('Welcome email');
    expect(stored).not.toContain(FIXTURE_KEYS.free);

    load();
    expect(await screen.findByText('Welcome email')).toBeTruthy();
    // Restored from storage and fresh: the query is idle, and it was never sent again.
    await waitFor(() => expect(queryClients.at(-1)?.getQueryState(promptKeys.detail(clients.at(-1) ?? api.client(), welcomeEmail))?.fetchStatus).toBe('idle'));
    expect(api.sent).toHaveLength(1);
  });
});
