// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import {
  composerVersionsQueryOptions,
  isPromptApiError,
  promptListQueryOptions,
  promptVersionsQueryOptions,
  sortNewestFirst,
  useComposerVersions,
  usePromptList,
  usePromptVersions,
  useSuspensePromptVersions,
} from 'prompt-composer-react';
import { createMockDb, FIXTURE_IDS, FIXTURE_PROMPTS, type MockPromptSeed } from 'prompt-composer-react/mocks';
import { Component, type ReactNode, Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { countedList } from '../counted-list.ts';
import { createTestQueryClient, renderWithApi, serveMockApi } from './utils.tsx';

const { accountReview, welcomeEmail, releaseNotes } = FIXTURE_IDS.prompts;
const { renewalCheck } = FIXTURE_IDS.composers;

function PromptVersions({ id }: { id: string | undefined }) {
  const { data, error, fetchStatus } = usePromptVersions(id);
  if (error) return <p role="alert">{`${error.code} ${error.status}`}</p>;
  return <p>{data ? `${id}: ${data.map((entry) => entry.version).join(', ')}` : `waiting ${fetchStatus}`}</p>;
}

function ComposerVersions({ id }: { id: string }) {
  const { data, error } = useComposerVersions(id);
  if (error) return <p role="alert">{error.code}</p>;
  return <p>{data ? `${id}: ${JSON.stringify(data)}` : 'loading'}</p>;
}

function ListWithVersions() {
  const { data } = usePromptList({ includeVersions: true });
  return <p>{data ? `${data.length} prompts with versions` : 'loading the list'}</p>;
}

afterEach(() => cleanup());

describe('usePromptVersions', () => {
  it('throws a clear error outside PromptApiProvider', () => {
    const silence = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<PromptVersions id={welcomeEmail} />)).toThrow('`usePromptVersions` must be used within `PromptApiProvider`');
    silence.mockRestore();
  });

  it('answers every prompt from one include_versions list for the account, shared with usePromptList', async () => {
    const api = serveMockApi();
    renderWithApi(
      <>
        <PromptVersions id={accountReview} />
        <PromptVersions id={welcomeEmail} />
        <PromptVersions id={releaseNotes} />
        <PromptVersions id={accountReview} />
        <ListWithVersions />
      </>,
      { client: api.client() },
    );
    expect(await screen.findAllByText('account-review: 2.1.0, 2.0.0, 1.0.0')).toHaveLength(2);
    expect(screen.getByText('welcome-email: 2.0.0, 1.1.0, 1.0.0')).toBeTruthy();
    expect(screen.getByText('release-notes: 1.1.0, 1.0.0')).toBeTruthy();
    expect(screen.getByText('7 prompts with versions')).toBeTruthy();
    expect(api.sent).toEqual(['GET /prompts?include_versions=true']);
  });

  it('costs nothing where the include_versions list is cached, and seeds nothing new either way', async () => {
    const api = serveMockApi();
    const client = api.client();
    const queryClient = createTestQueryClient();
    await queryClient.prefetchQuery(promptListQueryOptions(client, { includeVersions: true }));
    expect(api.sent).toEqual(['GET /prompts?include_versions=true']);
    renderWithApi(<PromptVersions id={accountReview} />, { client, queryClient });
    expect(screen.getByText('account-review: 2.1.0, 2.0.0, 1.0.0')).toBeTruthy();
    expect(api.sent).toHaveLength(1);
  });

  it('carries each version’s user message, and its factory caches the list that usePromptList reads', async () => {
    const api = serveMockApi();
    const client = api.client();
    const queryClient = createTestQueryClient();
    const list = await queryClient.ensureQueryData(promptVersionsQueryOptions(client, accountReview));
    expect(list.map((prompt) => prompt.promptId)).toContain(accountReview);
    function Messages() {
      const { data = [] } = usePromptVersions(accountReview);
      return <ul>{data.map((entry) => <li key={entry.version}>{`${entry.version}: ${entry.userMessage}`}</li>)}</ul>;
    }
    renderWithApi(<><Messages /><ListWithVersions /></>, { client, queryClient });
    const items = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(items[0]).toBe(`2.1.0: ${FIXTURE_PROMPTS.find((prompt) => prompt.promptId === accountReview && prompt.version === '2.1.0')?.userMessage}`);
    expect(items[2]).toContain('${tier}');
    expect(screen.getByText('7 prompts with versions')).toBeTruthy();
    expect(api.sent).toEqual(['GET /prompts?include_versions=true']);
  });

  it('an unknown id fails with NOT_FOUND from the same single list request', async () => {
    const api = serveMockApi();
    renderWithApi(<><PromptVersions id="no-such-prompt" /><PromptVersions id={welcomeEmail} /></>, { client: api.client() });
    expect((await screen.findByRole('alert')).textContent).toBe('NOT_FOUND 404');
    expect(screen.getByText('welcome-email: 2.0.0, 1.1.0, 1.0.0')).toBeTruthy();
    expect(api.sent).toEqual(['GET /prompts?include_versions=true']);
  });

  it('waits without an id, then fetches once it arrives', async () => {
    const api = serveMockApi();
    const view = renderWithApi(<PromptVersions id={undefined} />, { client: api.client() });
    expect(screen.getByText('waiting idle')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(api.sent).toEqual([]);
    view.rerender(<PromptVersions id={welcomeEmail} />);
    await screen.findByText('welcome-email: 2.0.0, 1.1.0, 1.0.0');
    expect(api.sent).toEqual(['GET /prompts?include_versions=true']);
  });

  it('reads nothing of the cached list when it renders again: no scan for the prompt, no new sort', async () => {
    const api = serveMockApi();
    const client = api.client();
    const queryClient = createTestQueryClient();
    // The prompt last in the list, so that a scan for it reads every item.
    const { list, reads } = countedList([...(await client.listPrompts({ includeVersions: true }))].reverse());
    queryClient.setQueryData(promptListQueryOptions(client, { includeVersions: true }).queryKey, list);
    const view = renderWithApi(<PromptVersions id={accountReview} />, { client, queryClient });
    expect(screen.getByText('account-review: 2.1.0, 2.0.0, 1.0.0')).toBeTruthy();
    reads.count = 0;
    for (let render = 0; render < 3; render++) view.rerender(<PromptVersions id={accountReview} />);
    expect(screen.getByText('account-review: 2.1.0, 2.0.0, 1.0.0')).toBeTruthy();
    expect(reads.count).toBe(0);
  });

  describe('newest first', () => {
    const base = FIXTURE_PROMPTS.find((prompt) => prompt.promptId === 'meeting-summary') as MockPromptSeed;
    const published = (promptId: string, versions: string[]) => versions.map((version) => ({ ...base, promptId, version }));

    it('orders dotted-numeric versions by number, part by part, whatever order they were published in', async () => {
      const db = createMockDb({ now: '2026-11-20T12:00:00Z', prompts: published('numbers', ['1.9.0', '2', '1.10.0', '1.2', '0.9.12']) });
      renderWithApi(<PromptVersions id="numbers" />, { client: serveMockApi(db).client() });
      expect(await screen.findByText('numbers: 2, 1.10.0, 1.9.0, 1.2, 0.9.12')).toBeTruthy();
    });

    it('otherwise takes the service’s publication order, latest published first', async () => {
      const db = createMockDb({ now: '2026-11-20T12:00:00Z', prompts: published('named', ['2.0.0', 'v3-beta', '2026-01', '1.0.0']) });
      renderWithApi(<PromptVersions id="named" />, { client: serveMockApi(db).client() });
      expect(await screen.findByText('named: 1.0.0, 2026-01, v3-beta, 2.0.0')).toBeTruthy();
    });

    it('sortNewestFirst applies the same rule and leaves its input alone', () => {
      const input = [{ version: '1.9.0' }, { version: '1.10.0' }, { version: '1.10' }];
      expect(sortNewestFirst(input).map((entry) => entry.version)).toEqual(['1.10', '1.10.0', '1.9.0']);
      expect(input.map((entry) => entry.version)).toEqual(['1.9.0', '1.10.0', '1.10']);
    });
  });
});

describe('useComposerVersions', () => {
  it('lists a composer’s versions (version only) from one include_versions composer list', async () => {
    const api = serveMockApi();
    renderWithApi(<><ComposerVersions id={renewalCheck} /><ComposerVersions id={FIXTURE_IDS.composers.onboardingFlow} /></>, { client: api.client() });
    expect(await screen.findByText('renewal-check: [{"version":"2.0.0"},{"version":"1.0.0"}]')).toBeTruthy();
    expect(screen.getByText('onboarding-flow: [{"version":"1.1.0"},{"version":"1.0.0"}]')).toBeTruthy();
    expect(api.sent).toEqual(['GET /composers?include_versions=true']);
  });

  it('an unknown composer fails with NOT_FOUND; the factory shares the list key', async () => {
    const api = serveMockApi();
    const client = api.client();
    expect(composerVersionsQueryOptions(client, renewalCheck).queryKey).toEqual(composerVersionsQueryOptions(client, 'other').queryKey);
    renderWithApi(<ComposerVersions id="no-such-composer" />, { client });
    expect((await screen.findByRole('alert')).textContent).toBe('NOT_FOUND');
    expect(api.sent).toEqual(['GET /composers?include_versions=true']);
  });
});

describe('useSuspensePromptVersions', () => {
  class Boundary extends Component<{ children: ReactNode }, { error: unknown }> {
    override state = { error: null as unknown };
    static getDerivedStateFromError(error: unknown) {
      return { error };
    }
    override render() {
      const { error } = this.state;
      if (error) return <p role="alert">{isPromptApiError(error) ? `boundary: ${error.code}` : 'boundary: other'}</p>;
      return this.props.children;
    }
  }
  function Suspended({ id }: { id: string }) {
    const { data } = useSuspensePromptVersions(id);
    return <p>{`${id}: ${data.map((entry) => entry.version).join(', ')}`}</p>;
  }
  const page = (id: string) => (
    <Boundary>
      <Suspense fallback={<p>suspended</p>}>
        <Suspended id={id} />
      </Suspense>
    </Boundary>
  );

  it('suspends, then shows the versions newest first', async () => {
    const api = serveMockApi();
    renderWithApi(page(accountReview), { client: api.client() });
    expect(screen.getByText('suspended')).toBeTruthy();
    expect(await screen.findByText('account-review: 2.1.0, 2.0.0, 1.0.0')).toBeTruthy();
  });

  it('throws NOT_FOUND for an id the list lacks to the error boundary', async () => {
    const silence = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const api = serveMockApi();
    renderWithApi(page('no-such-prompt'), { client: api.client() });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('boundary: NOT_FOUND'));
    expect(api.sent).toEqual(['GET /prompts?include_versions=true']);
    silence.mockRestore();
  });
});
