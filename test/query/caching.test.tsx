// @vitest-environment jsdom
import { focusManager } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { DEFAULT_BASE_URL, FIXTURE_IDS, FIXTURE_KEYS } from 'prompt-composer-react/mocks';
import { composerKeys, promptKeys, promptListQueryOptions, promptQueryOptions, useComposer, useComposerList, usePrompt, usePromptList } from 'prompt-composer-react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server } from '../msw-server.ts';
import { createTestQueryClient, renderWithApi, serveMockApi } from './utils.tsx';

const { welcomeEmail, supportReply } = FIXTURE_IDS.prompts;

function PromptName({ id, version }: { id: string; version?: string }) {
  const { data, error } = usePrompt(id, { version });
  if (error) return <p role="alert">{error.code}</p>;
  return <p>{data ? `${data.promptName} ${data.version}` : 'loading'}</p>;
}

function PromptList() {
  const { data } = usePromptList();
  return <ul>{data?.map((prompt) => <li key={prompt.promptId}>{prompt.promptId}</li>)}</ul>;
}

afterEach(() => cleanup());

/** Keeps every `GET {path}` response back until `release()`. */
function holdResponsesOf(path: string): () => void {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  server.use(http.get(`${DEFAULT_BASE_URL}${path}`, async () => void (await held)));
  return release;
}

describe('usePrompt', () => {
  it('throws a clear error outside PromptApiProvider', () => {
    const silence = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<PromptName id={welcomeEmail} />)).toThrow('`usePrompt` must be used within `PromptApiProvider`');
    silence.mockRestore();
  });

  it('fetches the latest version, then the pinned one', async () => {
    const api = serveMockApi();
    renderWithApi(<><PromptName id={welcomeEmail} /><PromptName id={welcomeEmail} version="1.0.0" /></>, { client: api.client() });
    expect(await screen.findByText('Welcome email 2.0.0')).toBeTruthy();
    expect(await screen.findByText('Welcome email 1.0.0')).toBeTruthy();
    expect(api.sent.sort()).toEqual(['GET /prompts/welcome-email', 'GET /prompts/welcome-email?version=1.0.0']);
  });

  it('100 components asking for the same prompt cost one request', async () => {
    const api = serveMockApi();
    renderWithApi(Array.from({ length: 100 }, (_, index) => <PromptName key={index} id={welcomeEmail} />), { client: api.client() });
    await waitFor(() => expect(screen.getAllByText('Welcome email 2.0.0')).toHaveLength(100));
    expect(api.sent).toEqual(['GET /prompts/welcome-email']);
  });

  it('list then detail costs one request, for prompts and composers', async () => {
    const api = serveMockApi();
    function Composers() {
      const { data } = useComposerList();
      return <p>{data ? `${data.length} composers` : 'loading'}</p>;
    }
    function ComposerName({ id }: { id: string }) {
      const { data } = useComposer(id);
      return <p>{data?.composerName ?? 'loading composer'}</p>;
    }
    const view = renderWithApi(<><PromptList /><Composers /></>, { client: api.client() });
    await screen.findByText(welcomeEmail);
    await screen.findByText(/\d+ composers/);
    view.rerender(<><PromptList /><Composers /><PromptName id={supportReply} /><ComposerName id={FIXTURE_IDS.composers.onboardingFlow} /></>);
    expect(screen.getByText(/^Support reply/)).toBeTruthy();
    expect(screen.getByText('Onboarding flow')).toBeTruthy();
    expect(api.sent.sort()).toEqual(['GET /composers', 'GET /prompts']);
  });

  it('a list answers later reads from its own entry: each item stored once, a read gets it without publishedVersions', async () => {
    const api = serveMockApi();
    const client = api.client();
    function VersionedList() {
      usePromptList({ includeVersions: true });
      return null;
    }
    const view = renderWithApi(<VersionedList />, { client });
    await waitFor(() => expect(view.queryClient.getQueryData(promptKeys.list(client, { includeVersions: true }))).toBeDefined());
    // The list seeds nothing: one cache entry holds every item (and a persisted copy of it, each item once).
    expect(view.queryClient.getQueryCache().findAll({ queryKey: promptKeys.details(client) })).toHaveLength(0);
    view.rerender(<><VersionedList /><PromptName id={welcomeEmail} /><PromptName id={welcomeEmail} version="2.0.0" /></>);
    // From the cached list on the first render: no request, no loading state.
    expect(screen.getAllByText('Welcome email 2.0.0')).toHaveLength(2);
    const latest = view.queryClient.getQueryData(promptKeys.detail(client, welcomeEmail));
    expect(latest).toMatchObject({ version: '2.0.0' });
    expect(latest).not.toHaveProperty('publishedVersions');
    expect(view.queryClient.getQueryData(promptKeys.detail(client, welcomeEmail, '2.0.0'))).toEqual(latest);
    // As old as the list: the entry goes stale with it, not later.
    expect(view.queryClient.getQueryState(promptKeys.detail(client, welcomeEmail))?.dataUpdatedAt).toBeLessThanOrEqual(
      view.queryClient.getQueryState(promptKeys.list(client, { includeVersions: true }))?.dataUpdatedAt ?? 0,
    );
    expect(api.sent).toEqual(['GET /prompts?include_versions=true']);
  });

  it('a list never overwrites a detail fetched while the list was in flight, even once that detail is stale', async () => {
    const api = serveMockApi();
    const client = api.client();
    const view = renderWithApi(<p>idle</p>, { client });
    const queryClient = view.queryClient;
    const minute = 60_000;
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2026-11-20T12:00:00Z') });
    try {
      // The list is sent at 12:00; a newer detail lands at 12:01; the list answers at 12:02.
      const release = holdResponsesOf('/prompts');
      const list = queryClient.fetchQuery(promptListQueryOptions(client));
      vi.setSystemTime(Date.parse('2026-11-20T12:01:00Z'));
      const newer = { ...(await client.getPrompt(welcomeEmail)), promptName: 'Fetched while the list was in flight' };
      queryClient.setQueryData(promptKeys.detail(client, welcomeEmail), newer);
      vi.setSystemTime(Date.parse('2026-11-20T12:02:00Z'));
      release();
      await list;
      expect(queryClient.getQueryData(promptKeys.detail(client, welcomeEmail))).toEqual(newer);
      // At 12:06 the detail is stale (5 minutes), and the list, answered at 12:02, would look fresh: but it
      // was requested at 12:00, before the detail's data. The refetch sends its own request.
      vi.setSystemTime(Date.parse('2026-11-20T12:06:00Z'));
      api.sent.length = 0;
      const fresh = await queryClient.fetchQuery({ ...promptQueryOptions(client, welcomeEmail), staleTime: 5 * minute });
      expect(api.sent).toEqual([`GET /prompts/${welcomeEmail}`]);
      expect(fresh.promptName).toBe('Welcome email');
    } finally {
      vi.useRealTimers();
    }
    // An item the cache never held as a detail is read from the list while it is fresh, with no request.
    api.sent.length = 0;
    await queryClient.fetchQuery(promptListQueryOptions(client));
    api.sent.length = 0;
    expect(await queryClient.ensureQueryData(promptQueryOptions(client, supportReply))).toMatchObject({ promptId: supportReply });
    expect(api.sent).toEqual([]);
  });

  it('a list answer that differs from the cached list keeps the time it was sent, not when it arrived', async () => {
    const api = serveMockApi();
    const client = api.client();
    const queryClient = createTestQueryClient();
    const minute = 60_000;
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2026-11-20T12:00:00Z') });
    try {
      await queryClient.fetchQuery(promptListQueryOptions(client));
      await queryClient.fetchQuery(promptQueryOptions(client, supportReply));
      // The next list answer differs (a prompt published meanwhile), so TanStack's structural sharing
      // stores a new array rather than the cached one.
      api.db.publish('prompt', FIXTURE_IDS.prompts.draftAnnouncement, '0.1.0');
      vi.setSystemTime(Date.parse('2026-11-20T12:10:00Z'));
      const release = holdResponsesOf('/prompts');
      const refresh = queryClient.fetchQuery({ ...promptListQueryOptions(client), staleTime: 0 });
      // Sent at 12:10; at 12:11 support-reply 1.2.0 is published, and the app invalidates and reads it.
      vi.setSystemTime(Date.parse('2026-11-20T12:11:00Z'));
      api.db.publish('prompt', supportReply, '1.2.0');
      await queryClient.invalidateQueries({ queryKey: promptKeys.detail(client, supportReply) });
      expect(await queryClient.fetchQuery(promptQueryOptions(client, supportReply))).toMatchObject({ version: '1.2.0' });
      vi.setSystemTime(Date.parse('2026-11-20T12:12:00Z'));
      release();
      await refresh;
      // At 12:16:30 the read is stale; the list, answered at 12:12 but sent at 12:10, is older than it.
      vi.setSystemTime(Date.parse('2026-11-20T12:16:30Z'));
      api.sent.length = 0;
      const again = await queryClient.fetchQuery({ ...promptQueryOptions(client, supportReply), staleTime: 5 * minute });
      expect(again.version).toBe('1.2.0');
      expect(api.sent).toEqual([`GET /prompts/${supportReply}`]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a pinned version is never refetched; latest data is, once stale', async () => {
    const api = serveMockApi();
    renderWithApi(<><PromptName id={welcomeEmail} version="1.0.0" /><PromptName id={supportReply} /></>, { client: api.client(), staleTime: 0 });
    await screen.findByText('Welcome email 1.0.0');
    await screen.findByText(/^Support reply/);
    await act(async () => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    await waitFor(() => expect(api.sent.filter((line) => line.includes(supportReply))).toHaveLength(2));
    expect(api.sent.filter((line) => line.includes(welcomeEmail))).toEqual(['GET /prompts/welcome-email?version=1.0.0']);
    focusManager.setFocused(undefined);
  });

  it('latest data stays fresh for the default staleTime of minutes', async () => {
    const api = serveMockApi();
    const view = renderWithApi(<PromptName id={welcomeEmail} />, { client: api.client() });
    await screen.findByText('Welcome email 2.0.0');
    const query = view.queryClient.getQueryCache().getAll()[0];
    expect(query?.isStale()).toBe(false);
    expect(query?.options).toMatchObject({ staleTime: 5 * 60 * 1000 });
  });

  it('passes TanStack options through: enabled, select, staleTime', async () => {
    const api = serveMockApi();
    function Selected({ enabled }: { enabled: boolean }) {
      const { data, fetchStatus } = usePrompt(welcomeEmail, { enabled, select: (prompt) => prompt.userMessage.length, staleTime: 1 });
      return <p>{data === undefined ? `idle ${fetchStatus}` : `length ${data}`}</p>;
    }
    const view = renderWithApi(<Selected enabled={false} />, { client: api.client() });
    expect(screen.getByText('idle idle')).toBeTruthy();
    expect(api.sent).toEqual([]);
    view.rerender(<Selected enabled />);
    expect(await screen.findByText(/^length \d+$/)).toBeTruthy();
    expect(view.queryClient.getQueryCache().getAll()[0]?.options).toMatchObject({ staleTime: 1 });
  });

  it('aborts the request when the last component unmounts', async () => {
    const api = serveMockApi();
    const signals: AbortSignal[] = [];
    const client = api.client(FIXTURE_KEYS.free, {
      fetch: (input, init) => {
        if (init?.signal) signals.push(init.signal);
        return new Promise<Response>(() => undefined);
      },
    });
    const view = renderWithApi(<PromptName id={welcomeEmail} />, { client });
    await waitFor(() => expect(signals).toHaveLength(1));
    expect(signals[0]?.aborted).toBe(false);
    view.unmount();
    expect(signals[0]?.aborted).toBe(true);
  });

  it('keys are namespaced per client and never hold the API key', async () => {
    const api = serveMockApi();
    const free = api.client(FIXTURE_KEYS.free);
    const pro = api.client(FIXTURE_KEYS.pro);
    const queryClient = createTestQueryClient();
    renderWithApi(<PromptName id={welcomeEmail} />, { client: free, queryClient });
    renderWithApi(<PromptName id={welcomeEmail} />, { client: pro, queryClient });
    await waitFor(() => expect(screen.getAllByText('Welcome email 2.0.0')).toHaveLength(2));
    expect(api.sent).toEqual(['GET /prompts/welcome-email', 'GET /prompts/welcome-email']);
    const keys = JSON.stringify(queryClient.getQueryCache().getAll().map((query) => query.queryKey));
    expect(keys).not.toContain(FIXTURE_KEYS.free);
    expect(keys).not.toContain(FIXTURE_KEYS.pro);
    expect(promptKeys.detail(free, 'x')).not.toEqual(promptKeys.detail(pro, 'x'));
    expect(composerKeys.all(free)).toEqual(['prompt-composer', free.scope, 'composers']);
  });

  it('two clients with key functions (two accounts) on one QueryClient share no entry and no list in flight', async () => {
    const api = serveMockApi();
    // JavaScript, or a cast: the types require a `scope` with a key function.
    const free = api.client(undefined, { apiKey: () => FIXTURE_KEYS.free });
    const pro = api.client(undefined, { apiKey: async () => FIXTURE_KEYS.pro });
    const queryClient = createTestQueryClient();
    renderWithApi(<><PromptList /><PromptName id={welcomeEmail} /></>, { client: free, queryClient });
    renderWithApi(<><PromptList /><PromptName id={welcomeEmail} /></>, { client: pro, queryClient });
    await waitFor(() => expect(screen.getAllByText('Welcome email 2.0.0')).toHaveLength(2));
    // Each account sent its own list (the details joined it), and heard its own quota back.
    expect(api.sent).toEqual(['GET /prompts', 'GET /prompts']);
    expect(free.usage.getSnapshot()?.limit).toBe(5_000);
    expect(pro.usage.getSnapshot()?.limit).toBe(50_000);
    expect(free.scope).not.toBe(pro.scope);
    const keys = JSON.stringify(queryClient.getQueryCache().getAll().map((query) => query.queryKey));
    expect(keys).not.toContain(FIXTURE_KEYS.free);
    expect(keys).not.toContain(FIXTURE_KEYS.pro);
  });
});

describe('fallback', () => {
  it('shows the fallback, flagged, when the fetch fails with nothing cached', async () => {
    const api = serveMockApi();
    const fallback = { ...(await api.client().getPrompt(welcomeEmail)), promptName: 'Offline copy' };
    function WithFallback() {
      const result = usePrompt(FIXTURE_IDS.prompts.draftAnnouncement, { fallback });
      return <p>{result.data ? `${result.data.promptName} fallback=${String(result.isFallback)} ${result.error?.code}` : 'loading'}</p>;
    }
    renderWithApi(<WithFallback />, { client: api.client() });
    expect(await screen.findByText('Offline copy fallback=true NOT_FOUND')).toBeTruthy();
  });

  it('is not used when the fetch succeeds', async () => {
    const api = serveMockApi();
    const offline = await api.client().getPrompt(welcomeEmail);
    function WithFallback() {
      const result = usePrompt(welcomeEmail, { fallback: { ...offline, promptName: 'Offline copy' } });
      return <p>{result.data ? `${result.data.promptName} fallback=${String(result.isFallback)}` : 'loading'}</p>;
    }
    renderWithApi(<WithFallback />, { client: api.client() });
    expect(await screen.findByText('Welcome email fallback=false')).toBeTruthy();
  });
});
