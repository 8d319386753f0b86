/**
 * The strict-CSP page's browser side: hydrates the server's markup, mounts the connected components over
 * the mock API (answered in the page by msw's `getResponse`), and records every CSP violation and error on
 * `window.cspReport` for the test to read.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { getResponse } from 'msw';
import { ComposerPreview, createPromptApiClient, PromptApiProvider, PromptPreview, UsageBanner } from 'prompt-composer-react';
import { createMockDb, createPromptApiHandlers, DEFAULT_BASE_URL, FIXTURE_KEYS } from 'prompt-composer-react/mocks';
import { version } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { ServerRenderedApp } from './csp-app.tsx';

/** What the page saw, for the test. */
interface CspReport {
  reactVersion: string;
  violations: Array<{ directive: string; blocked: string; sample: string }>;
  errors: string[];
  /** Whether the page refused a plain string in `innerHTML`: proof that Trusted Types are enforced. */
  enforced: boolean;
}

const report: CspReport = { reactVersion: version, violations: [], errors: [], enforced: false };
(window as unknown as { cspReport: CspReport }).cspReport = report;
document.addEventListener('securitypolicyviolation', (event) => {
  report.violations.push({ directive: event.effectiveDirective, blocked: event.blockedURI, sample: event.sample });
});
window.addEventListener('error', (event) => report.errors.push(String(event.message)));
window.addEventListener('unhandledrejection', (event) => report.errors.push(String(event.reason)));

try {
  document.createElement('div').innerHTML = '<b>a plain string</b>';
} catch (error) {
  report.enforced = error instanceof TypeError;
}

// Near the warning threshold, so the banner shows.
const db = createMockDb({ now: '2026-11-20T12:00:00Z' });
db.setUsage(FIXTURE_KEYS.free, 4_200);
const handlers = createPromptApiHandlers({ db });
const mockFetch: typeof fetch = async (input, init) => (await getResponse(handlers, new Request(input, init))) ?? Response.error();
const client = createPromptApiClient({ baseUrl: DEFAULT_BASE_URL, apiKey: FIXTURE_KEYS.free, fetch: mockFetch, now: () => db.clock.now() });
const queryClient = new QueryClient();

hydrateRoot(document.getElementById('server-rendered') as HTMLElement, <ServerRenderedApp />, {
  onRecoverableError: (error) => report.errors.push(`recoverable: ${String(error)}`),
});
createRoot(document.getElementById('connected') as HTMLElement).render(
  <QueryClientProvider client={queryClient}>
    <PromptApiProvider client={client} retry={false}>
      <UsageBanner />
      <ComposerPreview composerId="html-showcase" />
      <PromptPreview promptId="welcome-email" />
    </PromptApiProvider>
  </QueryClientProvider>,
);
