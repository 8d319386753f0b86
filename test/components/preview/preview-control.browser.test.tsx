/**
 * What an app controls in the previews: their values (controlled, as a React input, or held by the preview),
 * what each variable is (`variableFields`), the heading (`title={false}`), and how a prompt or a static
 * segment renders (`renderPrompt`, `renderStatic`), with the same convention as `ComposerView`.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ComposerPreview, type PreviewValues, PromptPreview, type VariableFields } from 'prompt-composer-react';
import { FIXTURE_IDS } from 'prompt-composer-react/mocks';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations, mockApi, renderConnected, setupMockWorker } from '../connected-harness.tsx';

setupMockWorker();

const onboarding = FIXTURE_IDS.composers.onboardingFlow;
const userMessages = () => [...document.querySelectorAll('[data-message="user"]')].map((element) => element.textContent);
const input = (name: string) => screen.getByRole<HTMLInputElement>('textbox', { name });

/** An app that keeps the preview's values in its own state, with a button that clears them. */
function ControlledApp({ onChange }: { onChange?: (values: PreviewValues) => void }) {
  const [values, setValues] = useState<PreviewValues>({ 'customer.name': 'Ada' });
  return (
    <>
      <button type="button" onClick={() => setValues({})}>
        Clear
      </button>
      <output aria-label="App state">{JSON.stringify(values)}</output>
      <ComposerPreview
        composerId={onboarding}
        values={values}
        onValuesChange={(next) => {
          onChange?.(next);
          setValues(next);
        }}
      />
    </>
  );
}

describe('ComposerPreview values', () => {
  describe('given values held by the app (controlled)', () => {
    it('shows the app’s values, asks for each edit, and follows the app when it changes them', async () => {
      const onChange = vi.fn();
      renderConnected(<ControlledApp onChange={onChange} />, mockApi().client());
      await screen.findByRole('heading', { name: 'Onboarding flow' });
      expect(input('customer.name').value).toBe('Ada');
      const user = userEvent.setup();
      await user.type(input('plan'), 'Pro');
      expect(onChange).toHaveBeenLastCalledWith({ 'customer.name': 'Ada', plan: 'Pro' });
      expect(screen.getByRole('status', { name: 'App state' }).textContent).toBe('{"customer.name":"Ada","plan":"Pro"}');
      await waitFor(() => expect(userMessages()[0]).toContain('to Ada at ${customer.company}, who just started the Pro plan'));
      // The app replaces its values: the inputs and the cards follow.
      await user.click(screen.getByRole('button', { name: 'Clear' }));
      expect(input('customer.name').value).toBe('');
      expect(input('plan').value).toBe('');
      await waitFor(() => expect(userMessages()[0]).toContain('to ${customer.name} at ${customer.company}, who just started the ${plan} plan'));
      await expectNoAxeViolations();
    });

    it('shows nothing the app did not accept: an app that ignores an edit keeps its input as it was', async () => {
      renderConnected(<ComposerPreview composerId={onboarding} values={{ plan: 'Pro' }} onValuesChange={() => {}} />, mockApi().client());
      await screen.findByRole('heading', { name: 'Onboarding flow' });
      await userEvent.setup().type(input('plan'), 'x');
      expect(input('plan').value).toBe('Pro');
    });
  });

  describe('given initial values only (uncontrolled)', () => {
    it('holds the values itself, reports them after each edit, and keeps each variable when the user moves between them', async () => {
      const onValuesChange = vi.fn();
      renderConnected(<ComposerPreview composerId={onboarding} initialValues={{ plan: 'Pro' }} onValuesChange={onValuesChange} />, mockApi().client());
      await screen.findByRole('heading', { name: 'Onboarding flow' });
      const user = userEvent.setup();
      await user.type(input('customer.name'), 'Ada');
      await user.type(input('customer.company'), 'Acme');
      await user.type(input('plan'), '+');
      expect(onValuesChange).toHaveBeenLastCalledWith({ plan: 'Pro+', 'customer.name': 'Ada', 'customer.company': 'Acme' });
      await waitFor(() => expect(userMessages()[0]).toContain('to Ada at Acme, who just started the Pro+ plan'));
    });
  });
});

describe('variableFields', () => {
  const fields: VariableFields = {
    'ticket.message': { label: 'Customer message', description: 'What the customer wrote, word for word.', multiline: true, placeholder: 'Hi, my invoice…' },
    plan: { label: 'Plan' },
  };

  it('labels, describes and sizes the inputs the app describes, and leaves the others as they were', async () => {
    renderConnected(<ComposerPreview composerId={onboarding} variableFields={fields} />, mockApi().client());
    await screen.findByRole('heading', { name: 'Onboarding flow' });
    const message = screen.getByRole('textbox', { name: 'Customer message' });
    expect(message.tagName).toBe('TEXTAREA');
    expect(message.getAttribute('placeholder')).toBe('Hi, my invoice…');
    expect(message).toHaveProperty('labels.0.dataset.named', 'label');
    // Its description is the input's accessible description.
    const described = document.getElementById(message.getAttribute('aria-describedby') ?? '');
    expect(described?.textContent).toBe('What the customer wrote, word for word.');
    expect(screen.getByRole('textbox', { name: 'Plan' }).tagName).toBe('INPUT');
    // A name the app left out: a one-line input labelled with the name itself.
    expect(input('customer.name').tagName).toBe('INPUT');
    expect(input('customer.name').labels?.[0]?.dataset.named).toBe('variable');
    // Several lines typed into the text area reach the card as they are.
    await userEvent.setup().type(message, 'Hello{Enter}there');
    await waitFor(() => expect(userMessages()[1]).toContain('who wrote: "Hello\nthere"'));
    await expectNoAxeViolations();
  });
});

describe('headings', () => {
  it('prints its heading by default, and none with title={false}, keeping the region named', async () => {
    const view = renderConnected(<ComposerPreview composerId={onboarding} />, mockApi().client());
    await screen.findByRole('heading', { name: 'Onboarding flow' });
    expect(screen.getByRole('heading', { level: 2, name: 'Composer preview' })).toBeTruthy();
    view.rerender(<ComposerPreview composerId={onboarding} title={false} />);
    expect(screen.queryByRole('heading', { name: 'Composer preview' })).toBeNull();
    expect(screen.getByRole('region', { name: 'Composer preview' })).toBeTruthy();
    // The composer's own name keeps its level.
    expect(screen.getByRole('heading', { level: 2, name: 'Onboarding flow' })).toBeTruthy();
    await expectNoAxeViolations();
  });

  it('does the same for PromptPreview', async () => {
    renderConnected(<PromptPreview promptId="welcome-email" title={false} versionPicker={false} />, mockApi().client());
    await screen.findByRole('heading', { name: 'Welcome email' });
    expect(screen.queryByRole('heading', { name: 'Prompt preview' })).toBeNull();
    expect(screen.getByRole('region', { name: 'Prompt preview' })).toBeTruthy();
  });
});

describe('renderPrompt and renderStatic', () => {
  it('render a composer preview’s segments as ComposerView does, each prompt with its own values', async () => {
    const renderPrompt = vi.fn((segment: { promptName: string }, index: number, values: PreviewValues) => (
      <p data-testid="app-prompt">
        {index}: {segment.promptName} {JSON.stringify(values)}
      </p>
    ));
    const renderStatic = (_: unknown, index: number) => <p data-testid="app-static">static {index}</p>;
    renderConnected(<ComposerPreview composerId={onboarding} initialValues={{ plan: 'Pro', 'ticket.message': 'Hi' }} renderPrompt={renderPrompt} renderStatic={renderStatic} />, mockApi().client());
    await screen.findByRole('heading', { name: 'Onboarding flow' });
    expect(screen.getAllByTestId('app-prompt').map((element) => element.textContent)).toEqual(['1: Welcome email {"plan":"Pro"}', '3: Support reply {"ticket.message":"Hi"}']);
    expect(screen.getAllByTestId('app-static').map((element) => element.textContent)).toEqual(['static 0', 'static 2', 'static 4']);
    expect(document.querySelector('.pcr-prompt-card')).toBeNull();
  });

  it('render PromptPreview’s one prompt the same way, at index 0', async () => {
    renderConnected(
      <PromptPreview promptId="welcome-email" versionPicker={false} initialValues={{ plan: 'Pro' }} renderPrompt={(prompt, index, values) => <p data-testid="app-prompt">{`${index}: ${prompt.promptName} ${JSON.stringify(values)}`}</p>} />,
      mockApi().client(),
    );
    expect((await screen.findByTestId('app-prompt')).textContent).toBe('0: Welcome email {"plan":"Pro"}');
    const region = screen.getByRole('region', { name: 'Prompt preview' });
    expect(within(region).getByRole('textbox', { name: 'plan' })).toHaveProperty('value', 'Pro');
  });
});
