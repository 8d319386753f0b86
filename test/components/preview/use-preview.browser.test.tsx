/**
 * The headless layer under the previews: `useComposerPreview` and `usePromptPreview` return what the styled
 * previews render, and the parts (`VariablesForm`, `PreviewSegmentList`, `PromptCard`) lay it out.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PreviewSegmentList, PromptApiProvider, type PromptApiClient, useComposerPreview, usePromptPreview, VariablesForm } from 'prompt-composer-react';
import { FIXTURE_IDS } from 'prompt-composer-react/mocks';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, mockApi, renderConnected, setupMockWorker } from '../connected-harness.tsx';

setupMockWorker();

const onboarding = FIXTURE_IDS.composers.onboardingFlow;

function wrapperFor(client: PromptApiClient) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <PromptApiProvider client={client} retry={false}>
        {children}
      </PromptApiProvider>
    </QueryClientProvider>
  );
}

describe('useComposerPreview', () => {
  it('returns the status, the variables, the segments with their prompts interpolated, and what is unfilled', async () => {
    const { result } = renderHook(() => useComposerPreview(onboarding, { initialValues: { plan: 'Pro' } }), { wrapper: wrapperFor(mockApi().client()) });
    expect(result.current.status).toBe('pending');
    expect(result.current.segments).toEqual([]);
    await waitFor(() => expect(result.current.status).toBe('success'));
    const { variables, segments, missing, values, error } = result.current;
    expect(error).toBeNull();
    expect(variables).toEqual(['senderName', 'customer.name', 'customer.company', 'plan', 'firstStep', 'agentName', 'customer.plan', 'ticket.message']);
    expect(values).toEqual({ plan: 'Pro' });
    expect(segments.map((segment) => segment.type)).toEqual(['static', 'prompt', 'static', 'prompt', 'static']);
    const welcome = segments[1];
    if (welcome?.type !== 'prompt') throw new Error('segment 1 is a prompt');
    expect(welcome.text).toBe('Write a welcome email to ${customer.name} at ${customer.company}, who just started the Pro plan. Suggest one first step: ${firstStep}.');
    expect(welcome.values).toEqual({ plan: 'Pro' });
    expect(welcome.missing).toEqual(['senderName', 'customer.name', 'customer.company', 'firstStep']);
    expect(welcome.userMessage.filter((part) => part.type === 'variable').map((part) => [part.name, part.filled])).toEqual([
      ['customer.name', false],
      ['customer.company', false],
      ['plan', true],
      ['firstStep', false],
    ]);
    expect(missing).toEqual(['senderName', 'customer.name', 'customer.company', 'firstStep', 'agentName', 'customer.plan', 'ticket.message']);
  });

  it('follows setValue, and keeps a prompt whose own variables did not change as the same object', async () => {
    const { result } = renderHook(() => useComposerPreview(onboarding), { wrapper: wrapperFor(mockApi().client()) });
    await waitFor(() => expect(result.current.status).toBe('success'));
    const [, welcome, , support] = result.current.segments;
    act(() => result.current.setValue('ticket.message', 'My invoice is wrong'));
    await waitFor(() => expect(result.current.isUpdating).toBe(false));
    const [, welcomeAfter, , supportAfter] = result.current.segments;
    expect(result.current.values).toEqual({ 'ticket.message': 'My invoice is wrong' });
    expect(welcomeAfter).toBe(welcome);
    expect(supportAfter).not.toBe(support);
    expect(supportAfter?.type === 'prompt' && supportAfter.text).toContain('who wrote: "My invoice is wrong"');
  });

  it('returns the error, typed, when the composer cannot be read', async () => {
    const { result } = renderHook(() => useComposerPreview('no-such-composer'), { wrapper: wrapperFor(mockApi().client()) });
    await waitFor(() => expect(result.current.status).toBe('error'));
    expect(result.current.error?.code).toBe('NOT_FOUND');
    expect(result.current.data).toBeUndefined();
  });

  it('names itself when used outside the provider', () => {
    expect(() => renderHook(() => useComposerPreview(onboarding))).toThrow(/useComposerPreview/);
  });
});

describe('usePromptPreview', () => {
  it('returns the prompt as its one segment', async () => {
    const { result } = renderHook(() => usePromptPreview('welcome-email', { version: '1.0.0', initialValues: { name: 'Ada' } }), { wrapper: wrapperFor(mockApi().client()) });
    await waitFor(() => expect(result.current.status).toBe('success'));
    expect(result.current.segments).toHaveLength(1);
    const [prompt] = result.current.segments;
    expect(prompt?.type === 'prompt' && prompt.index).toBe(0);
    expect(prompt?.type === 'prompt' && prompt.text).toBe('Write a welcome email to Ada who just signed up for Lumen.');
  });
});

describe('the parts', () => {
  function AppLayout() {
    const preview = useComposerPreview(onboarding);
    return (
      <main>
        <h1>Onboarding</h1>
        <VariablesForm variables={preview.variables} values={preview.values} onChange={preview.setValue} />
        <PreviewSegmentList preview={preview} headingLevel={2} />
      </main>
    );
  }

  it('lay the hook’s preview out as the app wants it: the form, the segment list and its prompt cards', async () => {
    renderConnected(<AppLayout />, mockApi().client());
    await screen.findByRole('heading', { level: 2, name: 'Onboarding flow' });
    expect(screen.getAllByRole('article').map((card) => card.getAttribute('aria-labelledby') && card.querySelector('h3')?.textContent)).toEqual(['Welcome email', 'Support reply']);
    await userEvent.setup().type(screen.getByRole('textbox', { name: 'customer.name' }), 'Ada');
    await waitFor(() => expect(document.querySelector('[data-message="user"]')?.textContent).toContain('to Ada at'));
    await expectNoAxeViolations();
  });
});
