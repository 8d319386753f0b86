// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { DEFAULT_BASE_URL, FIXTURE_IDS, FIXTURE_KEYS } from 'prompt-composer-react/mocks';
import { composerQueryOptions, promptKeys, promptListQueryOptions, promptQueryOptions, usePrompt, usePromptList } from 'prompt-composer-react';
import { afterEach, describe, expect, it } from 'vitest';
import { server } from '../msw-server.ts';
import { createTestQueryClient, renderWithApi, serveMockApi } from './utils.tsx';

/*
 * Every read ends: it joins a list or a batch and takes its answer, sends its own request, or fails.
 * None waits on a request that no one will send, or longer than the list it waited for.
 */

const { welcomeEmail, supportReply, ticketTriage, productDescription } = FIXTURE_IDS.prompts;
const { onboardingFlow } = FIXTURE_IDS.composers;

afterEach(() => cleanup());

/** Keeps every `GET {path}` response back until `release()`, so that request stays in flight. */
function holdResponses(path: string): () => void {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  server.use(http.get(`${DEFAULT_BASE_URL}${path}`, async () => void (await held)));
  return release;
}

describe('a forced read that starts after its tick closed, while an earlier batch is undecided', () => {
  it('joins that batch, whose list is sent after it started, and settles', async () => {
    const api = serveMockApi();
    const client = api.client();
    const queryClient = createTestQueryClient();
    await queryClient.fetchQuery(promptQueryOptions(client, welcomeEmail));
    // In one event: a composer read opens the tick; an async helper refetches welcome-email after an
    // `await` (its data is fresh, so the refetch is forced); a prompt read of the tick starts a batch.
    // The helper runs in a microtask after the tick has closed, before the batch is decided.
    void queryClient.fetchQuery(composerQueryOptions(client, onboardingFlow));
    const refetched = (async () => {
      await Promise.resolve();
      return queryClient.fetchQuery({ ...promptQueryOptions(client, welcomeEmail), staleTime: 0 });
    })();
    void queryClient.fetchQuery(promptQueryOptions(client, supportReply));
    await expect(refetched).resolves.toMatchObject({ promptId: welcomeEmail, version: '2.0.0' });
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    // The refetch and support-reply were one batch: one list, sent after the refetch started.
    expect(api.sent.sort()).toEqual(['GET /composers/onboarding-flow', 'GET /prompts', 'GET /prompts/welcome-email']);
  });
});

describe('a read that waits for a list query whose attempt fails', () => {
  it('on a timeout, sends its own request at once instead of waiting through the list retries', async () => {
    const api = serveMockApi();
    // The list never answers; each of its attempts times out after 100 ms, and retries 30 s later.
    holdResponses('/prompts');
    const client = api.client(FIXTURE_KEYS.free, { timeoutMs: 100 });
    function Page() {
      const list = usePromptList({ retry: 1, retryDelay: 30_000 });
      const { data } = usePrompt(welcomeEmail);
      return (
        <>
          <p>{list.failureReason ? `list: ${list.failureReason.code}` : 'list pending'}</p>
          <p>{data ? `${data.promptId}@${data.version}` : 'loading'}</p>
        </>
      );
    }
    renderWithApi(<Page />, { client });
    await screen.findByText('list: TIMEOUT');
    // Its own request answers at once, long before the list tries again.
    expect(await screen.findByText('welcome-email@2.0.0')).toBeTruthy();
    expect(api.sent).toEqual(['GET /prompts', `GET /prompts/${welcomeEmail}`]);
  });
});

describe('a list query cancelled while reads wait for it', () => {
  it('hands them back to a kind that reads of the same tick share: one batch, one list', async () => {
    const api = serveMockApi();
    const client = api.client();
    const queryClient = createTestQueryClient();
    const release = holdResponses('/prompts');
    const list = queryClient.fetchQuery(promptListQueryOptions(client)).catch(() => 'cancelled');
    const waiting = [welcomeEmail, supportReply].map((id) => queryClient.fetchQuery(promptQueryOptions(client, id)));
    await waitFor(() => expect(api.sent).toEqual(['GET /prompts']));
    // In one tick: the list query is cancelled, and two more reads start.
    void queryClient.cancelQueries({ queryKey: promptKeys.list(client) });
    const later = [ticketTriage, productDescription].map((id) => queryClient.fetchQuery(promptQueryOptions(client, id)));
    release();
    const prompts = await Promise.all([...waiting, ...later]);
    expect(prompts.map((prompt) => prompt.promptId)).toEqual([welcomeEmail, supportReply, ticketTriage, productDescription]);
    expect(await list).toBe('cancelled');
    // The cancelled list, and one batch for the four reads.
    expect(api.sent).toEqual(['GET /prompts', 'GET /prompts']);
  });
});
