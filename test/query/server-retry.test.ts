// No DOM here: this is a server (server rendering, a Server Component, a Node prefetch script).
import { QueryClient } from '@tanstack/react-query';
import { FIXTURE_IDS } from 'prompt-composer-react/mocks';
import { composerQueryOptions, promptApiRetry, promptQueryOptions } from 'prompt-composer-react';
import { describe, expect, it } from 'vitest';
import { serveMockApi } from './utils.tsx';

const { welcomeEmail } = FIXTURE_IDS.prompts;
const { onboardingFlow: onboarding } = FIXTURE_IDS.composers;

describe('queries where there is no window', () => {
  it('runs without a window', () => {
    expect(typeof window).toBe('undefined');
  });

  it('a failing server prefetch sends one request, not four', async () => {
    const api = serveMockApi();
    api.db.faults.inject({ kind: 'server-error', times: 10 });
    const queryClient = new QueryClient();
    await queryClient.prefetchQuery(promptQueryOptions(api.client(), welcomeEmail, { retryDelay: 1 }));
    expect(api.sent).toEqual([`GET /prompts/${welcomeEmail}`]);
    expect(queryClient.getQueryState(promptQueryOptions(api.client(), welcomeEmail).queryKey)?.error?.code).toBe('INTERNAL_ERROR');
  });

  it('a network error fails at once too', async () => {
    const api = serveMockApi();
    api.db.faults.inject({ kind: 'network-error', times: 10 });
    const queryClient = new QueryClient();
    await expect(queryClient.fetchQuery(composerQueryOptions(api.client(), onboarding, { retryDelay: 1 }))).rejects.toMatchObject({ code: 'NETWORK_ERROR' });
    expect(api.sent).toHaveLength(1);
  });

  it('retries when the app opts in, with the library policy or a count', async () => {
    const api = serveMockApi();
    api.db.faults.inject({ kind: 'server-error', times: 10 });
    const queryClient = new QueryClient();
    await queryClient.prefetchQuery(promptQueryOptions(api.client(), welcomeEmail, { retry: promptApiRetry, retryDelay: 1 }));
    expect(api.sent).toHaveLength(4);
    api.sent.length = 0;
    await queryClient.prefetchQuery(composerQueryOptions(api.client(), onboarding, { retry: 1, retryDelay: 1 }));
    expect(api.sent).toHaveLength(2);
  });
});
