import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMockDb, createPromptApiHandlers, DEFAULT_BASE_URL, FIXTURE_KEYS, type MockDb } from 'prompt-composer-react/mocks';
import { createPromptApiClient, type PromptApiClient, type PromptApiClientOptions, PromptApiProvider, type PromptApiProviderProps } from 'prompt-composer-react';
import type { ReactNode } from 'react';
import { onTestFinished } from 'vitest';
import { server } from '../msw-server.ts';

/** A fresh QueryClient, as STYLE.md asks: no retries unless a test opts in, no garbage collection. */
export function createTestQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
}

/** Serves the mock backend for one test and counts the requests that reach it. */
export function serveMockApi(db: MockDb = createMockDb({ now: '2026-11-20T12:00:00Z' })) {
  const sent: string[] = [];
  server.use(...createPromptApiHandlers({ db }));
  const onStart = ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    sent.push(`${request.method} ${url.pathname}${url.search}`);
  };
  server.events.on('request:start', onStart);
  onTestFinished(() => void server.events.removeListener('request:start', onStart));
  return {
    db,
    sent,
    // A cast: a test may give a key function without a `scope`, as JavaScript can.
    client: (apiKey: string = FIXTURE_KEYS.free, extra: Partial<PromptApiClientOptions> = {}) =>
      createPromptApiClient({ baseUrl: DEFAULT_BASE_URL, apiKey, now: () => db.clock.now(), ...extra } as PromptApiClientOptions),
  };
}

/** Renders `ui` inside a QueryClientProvider and a PromptApiProvider (retries off by default). */
export function renderWithApi(
  ui: ReactNode,
  { client, queryClient = createTestQueryClient(), ...provider }: { client: PromptApiClient; queryClient?: QueryClient } & Omit<PromptApiProviderProps, 'client' | 'children'>,
) {
  const wrap = (node: ReactNode) => (
    <QueryClientProvider client={queryClient}>
      <PromptApiProvider client={client} retry={false} {...provider}>
        {node}
      </PromptApiProvider>
    </QueryClientProvider>
  );
  const result = render(wrap(ui));
  return { ...result, queryClient, rerender: (next: ReactNode) => result.rerender(wrap(next)) };
}
