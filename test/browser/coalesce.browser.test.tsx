/**
 * Coalescing under a browser's own scheduling: `createRoot` without `act`, so React flushes effects and
 * suspense retries on its scheduler, as in an app; requests go through msw's service worker.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { setupWorker } from 'msw/browser';
import {
  createPromptApiClient,
  PromptApiProvider,
  useComposer,
  usePrompt,
  usePromptList,
  useSuspensePrompt,
  useSuspensePromptList,
} from 'prompt-composer-react';
import { createMockDb, createPromptApiHandlers, DEFAULT_BASE_URL, FIXTURE_IDS, FIXTURE_KEYS } from 'prompt-composer-react/mocks';
import { type ReactNode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { afterAll, beforeAll, expect, it } from 'vitest';

const { welcomeEmail, supportReply, ticketTriage, productDescription, meetingSummary } = FIXTURE_IDS.prompts;
const worker = setupWorker();
const sent: string[] = [];
worker.events.on('request:start', ({ request }) => {
  const url = new URL(request.url);
  sent.push(`${request.method} ${url.pathname}${url.search}`);
});
beforeAll(() => worker.start({ quiet: true, onUnhandledRequest: 'error', serviceWorker: { url: '/mockServiceWorker.js' } }));
afterAll(() => worker.stop());

/** Mounts `ui` with a fresh mock API, waits until `ready` elements show, and returns the requests sent. */
async function requestsToShow(ui: ReactNode, ready: number): Promise<string[]> {
  worker.resetHandlers(...createPromptApiHandlers({ db: createMockDb({ now: '2026-11-20T12:00:00Z' }) }));
  sent.length = 0;
  const client = createPromptApiClient({ baseUrl: DEFAULT_BASE_URL, apiKey: FIXTURE_KEYS.free });
  const container = document.body.appendChild(document.createElement('div'));
  const root = createRoot(container);
  root.render(
    <QueryClientProvider client={new QueryClient()}>
      <PromptApiProvider client={client} retry={false}>
        {ui}
      </PromptApiProvider>
    </QueryClientProvider>,
  );
  await expect.poll(() => container.querySelectorAll('[data-ready]').length).toBe(ready);
  root.unmount();
  container.remove();
  return sent.sort();
}

function PromptView({ id, version }: { id: string; version?: string }) {
  return usePrompt(id, { version }).data ? <p data-ready>{id}</p> : null;
}
function ComposerView({ id }: { id: string }) {
  return useComposer(id).data ? <p data-ready>{id}</p> : null;
}
function SuspendedPrompt({ id }: { id: string }) {
  return <p data-ready>{useSuspensePrompt(id).data.promptId}</p>;
}
function SuspendedList() {
  return <p data-ready>{useSuspensePromptList().data.length}</p>;
}

it('a list page and its views mounted in one render: one request per list, plus the pinned version that is not the latest', async () => {
  function ListPage() {
    usePromptList();
    return (
      <>
        {[meetingSummary, productDescription, supportReply, ticketTriage, welcomeEmail].map((id) => <PromptView key={id} id={id} />)}
        <PromptView id={welcomeEmail} version="1.0.0" />
        <PromptView id={welcomeEmail} version="2.0.0" />
        <ComposerView id={FIXTURE_IDS.composers.onboardingFlow} />
        <ComposerView id={FIXTURE_IDS.composers.htmlShowcase} />
      </>
    );
  }
  expect(await requestsToShow(<ListPage />, 9)).toEqual(['GET /composers', 'GET /prompts', 'GET /prompts/welcome-email?version=1.0.0']);
});

it('suspense siblings in one boundary wait for the list that suspended first, whenever React renders them', async () => {
  const ui = (
    <Suspense fallback={<p>loading</p>}>
      <SuspendedList />
      <SuspendedPrompt id={welcomeEmail} />
      <SuspendedPrompt id={supportReply} />
      <SuspendedPrompt id={ticketTriage} />
    </Suspense>
  );
  expect(await requestsToShow(ui, 4)).toEqual(['GET /prompts']);
});
