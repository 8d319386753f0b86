// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { createPromptApiClient, PromptApiProvider, usePrompt } from 'prompt-composer-react';
import { createMockDb, createPromptApiHandlers, DEFAULT_BASE_URL, FIXTURE_KEYS } from 'prompt-composer-react/mocks';
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';

const db = createMockDb({ now: '2026-11-15T12:00:00Z' }); // with `now`, reset() restores the clock too
const server = setupServer(...createPromptApiHandlers({ baseUrl: DEFAULT_BASE_URL, db }));
beforeAll(() => server.listen({ onUnhandledFrame: 'error' })); // msw 2: { onUnhandledRequest: 'error' }
afterEach(() => { server.resetHandlers(); db.reset(); }); // back to the fixtures: usage, faults, clock
afterAll(() => server.close());

// A fresh QueryClient and API client per test: no cache, usage or quota guard leaks between tests.
function renderWithApi<T>(hook: () => T) {
  const queryClient = new QueryClient();
  const client = createPromptApiClient({ baseUrl: DEFAULT_BASE_URL, apiKey: FIXTURE_KEYS.free });
  return renderHook(hook, {
    wrapper: ({ children }) => (
      <QueryClientProvider client={queryClient}>
        <PromptApiProvider client={client} retry={false}>{children}</PromptApiProvider>
      </QueryClientProvider>
    ),
  });
}

test('reads a prompt', async () => {
  const { result } = renderWithApi(() => usePrompt('welcome-email', { version: '1.0.0' }));
  await waitFor(() => expect(result.current.isSuccess).toBe(true));
  expect(result.current.data?.promptName).toBe('Welcome email');
});

test('shows the quota error', async () => {
  db.setUsage(FIXTURE_KEYS.free, 5_000);
  const { result } = renderWithApi(() => usePrompt('welcome-email'));
  await waitFor(() => expect(result.current.error?.code).toBe('USAGE_LIMIT_EXCEEDED'));
});
