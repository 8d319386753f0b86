/** Shared set-up of the connected components' browser tests: msw's service worker, the mock db, axe. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render } from '@testing-library/react';
import axe from 'axe-core';
import { setupWorker } from 'msw/browser';
import { createPromptApiClient, type PromptApiClient, type PromptApiClientOptions, PromptApiProvider } from 'prompt-composer-react';
import { createMockDb, createPromptApiHandlers, DEFAULT_BASE_URL, FIXTURE_KEYS, type MockDb, type PromptApiHandlersOptions } from 'prompt-composer-react/mocks';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';

/** The mock clock's start: mid-November 2026, so the quota resets on 2026-12-01T00:00Z. */
export const NOW = '2026-11-20T12:00:00Z';

const worker = setupWorker();

/** Starts the service worker once for the file, and cleans the DOM and storage after each test. */
export function setupMockWorker(): void {
  beforeAll(() => worker.start({ quiet: true, onUnhandledRequest: 'error', serviceWorker: { url: '/mockServiceWorker.js' } }));
  afterEach(() => {
    cleanup();
    localStorage.clear();
    sessionStorage.clear();
  });
  afterAll(() => worker.stop());
}

/** A fresh mock database behind fresh handlers, and clients that share its clock. */
export function mockApi(db: MockDb = createMockDb({ now: NOW }), handlers: Omit<PromptApiHandlersOptions, 'db'> = {}) {
  worker.resetHandlers(...createPromptApiHandlers({ db, ...handlers }));
  const client = (apiKey: string | undefined = FIXTURE_KEYS.free, options: Partial<PromptApiClientOptions> = {}): PromptApiClient =>
    // A cast: a test may give a key function without a `scope`, as JavaScript can.
    createPromptApiClient({ baseUrl: DEFAULT_BASE_URL, apiKey, now: () => db.clock.now(), ...options } as PromptApiClientOptions);
  return { db, client, worker };
}

/** Renders `ui` under a QueryClient (by default a fresh one without retries) and a PromptApiProvider (no retries). */
export function renderConnected(ui: ReactNode, client: PromptApiClient, queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })) {
  const wrap = (node: ReactNode) => (
    <QueryClientProvider client={queryClient}>
      <PromptApiProvider client={client} retry={false}>
        {node}
      </PromptApiProvider>
    </QueryClientProvider>
  );
  const view = render(wrap(ui));
  return { ...view, queryClient, rerender: (next: ReactNode) => view.rerender(wrap(next)) };
}

/** Sends one real request through `client` (its response feeds the usage store); errors are expected. */
export async function request(client: PromptApiClient, promptId = 'welcome-email'): Promise<void> {
  await act(async () => {
    await client.getPrompt(promptId).catch(() => undefined);
  });
}

/** Runs axe-core on the rendered page and expects no violations (listed by rule and target when any). */
export async function expectNoAxeViolations(root: Element = document.body): Promise<void> {
  const results = await axe.run(root, { resultTypes: ['violations'] });
  const found = results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  expect(found).toEqual([]);
}
