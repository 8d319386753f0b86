// @vitest-environment jsdom
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { FIXTURE_IDS, FIXTURE_KEYS } from 'prompt-composer-react/mocks';
import {
  isPromptApiError,
  promptApiRetry,
  promptApiRetryDelay,
  PromptApiError,
  usePrompt,
  useUsage,
} from 'prompt-composer-react';
import { Profiler } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithApi, serveMockApi } from './utils.tsx';

const { welcomeEmail, supportReply, ticketTriage } = FIXTURE_IDS.prompts;

function PromptState({ id }: { id: string }) {
  const { data, error, failureCount } = usePrompt(id);
  if (error) return <p role="alert">{`${error.code} after ${failureCount}`}</p>;
  return <p>{data ? `${data.promptId} ${data.version}` : 'loading'}</p>;
}

let usageRenders = 0;
function UsageText() {
  const usage = useUsage();
  return <p data-testid="usage">{usage ? `${usage.used}/${usage.limit} remaining ${usage.remaining} exceeded ${String(usage.exceeded)}` : 'no usage yet'}</p>;
}
/** The usage line, counting its own renders through a Profiler (whatever else re-renders). */
function UsageLine() {
  return (
    <Profiler id="usage" onRender={() => void usageRenders++}>
      <UsageText />
    </Profiler>
  );
}

afterEach(() => cleanup());

describe('retry policy', () => {
  it('never retries a 4xx', async () => {
    const api = serveMockApi();
    renderWithApi(<PromptState id="no-such-prompt" />, { client: api.client(), retry: undefined, retryDelay: 1 });
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'NOT_FOUND after 1');
    expect(api.sent).toEqual(['GET /prompts/no-such-prompt']);
  });

  it('retries a 5xx three times, then fails', async () => {
    const api = serveMockApi();
    api.db.faults.inject({ kind: 'server-error', times: 10 });
    renderWithApi(<PromptState id={welcomeEmail} />, { client: api.client(), retry: undefined, retryDelay: 1 });
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'INTERNAL_ERROR after 4');
    expect(api.sent).toHaveLength(4);
  });

  it('a retried network error recovers', async () => {
    const api = serveMockApi();
    api.db.faults.inject({ kind: 'network-error', times: 2 });
    renderWithApi(<PromptState id={welcomeEmail} />, { client: api.client(), retry: undefined, retryDelay: 1 });
    expect(await screen.findByText('welcome-email 2.0.0')).toBeTruthy();
    expect(api.sent).toHaveLength(3);
  });

  it('decides from the error alone', () => {
    const error = (status: number, code: string) => new PromptApiError({ method: 'GET', path: '/x', status, code, detail: 'x' });
    expect(promptApiRetry(0, error(500, 'INTERNAL_ERROR'))).toBe(true);
    expect(promptApiRetry(2, error(0, 'TIMEOUT'))).toBe(true);
    expect(promptApiRetry(3, error(0, 'NETWORK_ERROR'))).toBe(false);
    expect(promptApiRetry(0, error(429, 'USAGE_LIMIT_EXCEEDED'))).toBe(false);
    expect(promptApiRetry(0, error(404, 'NOT_FOUND'))).toBe(false);
    expect(promptApiRetry(0, error(0, 'ABORTED'))).toBe(false);
    expect(promptApiRetry(0, new Error('a bug'))).toBe(false);
  });

  it('backs off exponentially with jitter, capped, and honours Retry-After', () => {
    const failure = new PromptApiError({ method: 'GET', path: '/x', status: 500, code: 'INTERNAL_ERROR', detail: 'x' });
    expect([0, 1, 2].map((attempt) => promptApiRetryDelay(attempt, failure, () => 0))).toEqual([500, 1000, 2000]);
    expect([0, 1, 2].map((attempt) => promptApiRetryDelay(attempt, failure, () => 0.999999))).toEqual([1000, 2000, 4000]);
    expect(promptApiRetryDelay(20, failure, () => 0.999999)).toBe(30_000);
    const later = new PromptApiError({ method: 'GET', path: '/x', status: 503, code: 'INTERNAL_ERROR', detail: 'x', retryAfterMs: 7000 });
    expect(promptApiRetryDelay(0, later)).toBe(7000);
  });
});

describe('quota guard and useUsage', () => {
  it('usage follows each response, and useUsage re-renders only when it changes', async () => {
    const api = serveMockApi();
    api.db.setUsage(FIXTURE_KEYS.free, 10);
    usageRenders = 0;
    const view = renderWithApi(<><UsageLine /><PromptState id={welcomeEmail} /></>, { client: api.client() });
    expect(screen.getByTestId('usage').textContent).toBe('no usage yet');
    await waitFor(() => expect(screen.getByTestId('usage').textContent).toBe('11/5000 remaining 4989 exceeded false'));
    await screen.findByText('welcome-email 2.0.0');
    // Mount, then one change; the prompt's own loading and success renders do not reach it.
    expect(usageRenders).toBe(2);
    view.rerender(<><UsageLine /><PromptState id={welcomeEmail} /><PromptState id={supportReply} /></>);
    await screen.findByText(/^support-reply/);
    expect(screen.getByTestId('usage').textContent).toBe('12/5000 remaining 4988 exceeded false');
  });

  it('after a 429, fails fast with no request until the reset, keeping cached data on screen', async () => {
    const api = serveMockApi();
    api.db.setUsage(FIXTURE_KEYS.free, 4999);
    const client = api.client();
    const view = renderWithApi(<><UsageLine /><PromptState id={welcomeEmail} /></>, { client });
    await screen.findByText('welcome-email 2.0.0');
    expect(screen.getByTestId('usage').textContent).toMatch(/^5000\/5000 remaining 0 exceeded true/);

    view.rerender(<><UsageLine /><PromptState id={welcomeEmail} /><PromptState id={supportReply} /></>);
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'USAGE_LIMIT_EXCEEDED after 1');
    expect(api.sent).toEqual(['GET /prompts/welcome-email']);
    expect(screen.getByText('welcome-email 2.0.0')).toBeTruthy();

    const refused = await client.getPrompt(ticketTriage).catch((error: unknown) => error);
    expect(isPromptApiError(refused) && refused.status).toBe(0);
    expect(api.sent).toHaveLength(1);

    act(() => api.db.clock.set('2026-12-01T00:00:00Z'));
    expect(await client.getPrompt(ticketTriage)).toMatchObject({ promptId: ticketTriage });
    expect(api.sent).toEqual(['GET /prompts/welcome-email', 'GET /prompts/ticket-triage']);
    await waitFor(() => expect(screen.getByTestId('usage').textContent).toMatch(/^1\/5000 remaining 4999 exceeded false/));
  });

  it('a real 429 from the service marks usage exceeded and is not retried', async () => {
    const api = serveMockApi();
    const view = renderWithApi(<><UsageLine /><PromptState id={welcomeEmail} /></>, { client: api.client(FIXTURE_KEYS.exhausted), retry: undefined, retryDelay: 1 });
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'USAGE_LIMIT_EXCEEDED after 1');
    expect(api.sent).toHaveLength(1);
    expect(screen.getByTestId('usage').textContent).toMatch(/^5000\/5000 remaining 0 exceeded true/);
    // After the 429 the next query is refused without a request.
    view.rerender(<><UsageLine /><PromptState id={welcomeEmail} /><PromptState id={supportReply} /></>);
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(2));
    expect(api.sent).toHaveLength(1);
  });
});
