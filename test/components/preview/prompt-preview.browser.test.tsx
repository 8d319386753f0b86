import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PromptPreview, type PromptPreviewProps, type PromptApiClient } from 'prompt-composer-react';
import { FIXTURE_IDS, FIXTURE_KEYS } from 'prompt-composer-react/mocks';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations, mockApi, renderConnected, setupMockWorker } from '../connected-harness.tsx';
import { PROTOTYPE_ID, PROTOTYPE_NAMES, prototypeDb } from './prototype-fixtures.ts';

setupMockWorker();

const welcome = FIXTURE_IDS.prompts.welcomeEmail;

function renderPreview(props: Partial<PromptPreviewProps> = {}, client: PromptApiClient = mockApi().client()) {
  return renderConnected(<PromptPreview promptId={welcome} {...props} />, client);
}

const picker = () => screen.getByRole('combobox', { name: 'Version' }) as HTMLSelectElement;
const options = () => [...picker().options].map((option) => option.textContent);
const userMessage = () => document.querySelector('[data-message="user"]')?.textContent;
const inputLabels = () => screen.getAllByRole('textbox').map((input) => (input as HTMLInputElement).labels?.[0]?.textContent);

describe('PromptPreview', () => {
  describe('given the request is in flight', () => {
    it('shows a busy loading state with role status', async () => {
      renderPreview({}, mockApi(undefined, { latency: 200 }).client());
      expect(screen.getByRole('status').textContent).toBe('Loading prompt…');
      expect(screen.getByRole('region', { name: 'Prompt preview' }).getAttribute('aria-busy')).toBe('true');
      await expectNoAxeViolations();
      await screen.findByRole('heading', { name: 'Welcome email' });
    });
  });

  describe('given the latest version', () => {
    it('offers Latest and every published version, newest first, in a labelled picker', async () => {
      renderPreview();
      await screen.findByRole('heading', { name: 'Welcome email' });
      await waitFor(() => expect(options()).toEqual(['Latest', '2.0.0', '1.1.0', '1.0.0']));
      expect(picker().value).toBe('');
      expect(inputLabels()).toEqual(['senderName', 'customer.name', 'customer.company', 'plan', 'firstStep']);
      await expectNoAxeViolations();
    });

    describe('when the user types a value', () => {
      it('updates the user message live', async () => {
        renderPreview({ initialValues: { plan: 'Pro' } });
        const input = await screen.findByRole('textbox', { name: 'customer.company' });
        await userEvent.setup().type(input, 'Acme');
        expect(userMessage()).toBe('Write a welcome email to ${customer.name} at Acme, who just started the Pro plan. Suggest one first step: ${firstStep}.');
      });
    });

    describe('when the user picks another version', () => {
      it('fetches and previews that version, keeping the typed values', async () => {
        renderPreview({ initialValues: { plan: 'Pro' } });
        await screen.findByRole('heading', { name: 'Welcome email' });
        await waitFor(() => expect(options()).toHaveLength(4));
        const user = userEvent.setup();
        await user.selectOptions(picker(), '1.1.0');
        await waitFor(() => expect(userMessage()).toBe('Write a welcome email to ${name} who just signed up for the Pro plan of Lumen.'));
        expect(inputLabels()).toEqual(['name', 'plan']);
        await user.selectOptions(picker(), '1.0.0');
        await waitFor(() => expect(userMessage()).toBe('Write a welcome email to ${name} who just signed up for Lumen.'));
        await user.selectOptions(picker(), '');
        await waitFor(() => expect(userMessage()).toContain('who just started the Pro plan'));
        await expectNoAxeViolations();
      });
    });
  });

  describe('given variables named like Object.prototype members', () => {
    it('starts with empty inputs and fills the preview with exactly what is typed', async () => {
      const onValuesChange = vi.fn();
      renderPreview({ promptId: PROTOTYPE_ID, onValuesChange }, mockApi(prototypeDb()).client());
      await screen.findByRole('textbox', { name: '__proto__' });
      expect(inputLabels()).toEqual(PROTOTYPE_NAMES);
      expect(screen.getAllByRole('textbox').map((input) => (input as HTMLInputElement).value)).toEqual(['', '', '']);
      expect(userMessage()).toBe('Hello ${__proto__}, ${constructor} and ${toString}.');
      const user = userEvent.setup();
      for (const [name, text] of [['__proto__', 'Ada'], ['constructor', 'Bob'], ['toString', 'Cy']] as const) {
        await user.type(screen.getByRole('textbox', { name }), text);
      }
      await waitFor(() => expect(userMessage()).toBe('Hello Ada, Bob and Cy.'));
      const reported = onValuesChange.mock.lastCall?.[0] as Record<string, string>;
      expect(Object.entries(reported)).toEqual([['__proto__', 'Ada'], ['constructor', 'Bob'], ['toString', 'Cy']]);
    });
  });

  describe('when the promptId prop changes after the user picked a version', () => {
    it('resets the picker to Latest and never asks the new prompt for the old version', async () => {
      const api = mockApi();
      const sent: string[] = [];
      api.worker.events.on('request:start', ({ request: { url } }) => void sent.push(url));
      const client = api.client();
      const view = renderConnected(<PromptPreview promptId={welcome} />, client);
      await waitFor(() => expect(options()).toHaveLength(4));
      await userEvent.setup().selectOptions(picker(), '1.1.0');
      await waitFor(() => expect(userMessage()).toContain('${plan} plan of Lumen'));
      view.rerender(<PromptPreview promptId={FIXTURE_IDS.prompts.productDescription} />);
      expect(picker().value).toBe('');
      await screen.findByRole('heading', { name: 'Product description' });
      api.worker.events.removeAllListeners();
      // The latest version may come from the list's cache; a versioned request would be the old pick.
      expect(sent.filter((url) => url.includes('/prompts/product-description') && url.includes('version='))).toEqual([]);
      expect(screen.queryByRole('alert')).toBeNull();
    });
  });

  describe('when the promptId and version props change together', () => {
    it('never shows the previous prompt under the new props while the new one loads', async () => {
      const view = renderConnected(<PromptPreview promptId={welcome} />, mockApi(undefined, { latency: 150 }).client());
      await screen.findByRole('heading', { name: 'Welcome email' });
      const region = screen.getByRole('region', { name: 'Prompt preview' });
      // Every state of the preview from the first render under the new props until the new prompt shows.
      const states: string[] = [];
      const observer = new MutationObserver(() => void states.push(region.textContent ?? ''));
      observer.observe(region, { subtree: true, childList: true, characterData: true });
      view.rerender(<PromptPreview promptId={FIXTURE_IDS.prompts.supportReply} version="1.0.0" />);
      states.push(region.textContent ?? '');
      expect(picker().value).toBe('1.0.0');
      expect(screen.queryByRole('heading', { name: 'Welcome email' })).toBeNull();
      expect(screen.queryByRole('button', { name: /Welcome email/ })).toBeNull();
      expect(document.querySelector('.pcr-prompt-card')).toBeNull();
      await screen.findByRole('heading', { name: 'Support reply' });
      observer.disconnect();
      expect(screen.getByRole('button', { name: 'Copy user message, Support reply' })).toBeTruthy();
      expect(states.filter((text) => /welcome/i.test(text))).toEqual([]);
    });

    it('keeps the shown prompt while another version of the same prompt loads', async () => {
      const view = renderConnected(<PromptPreview promptId={welcome} />, mockApi(undefined, { latency: 150 }).client());
      await screen.findByRole('heading', { name: 'Welcome email' });
      view.rerender(<PromptPreview promptId={welcome} version="1.0.0" />);
      expect(screen.getByRole('region', { name: 'Prompt preview' }).getAttribute('aria-busy')).toBe('true');
      expect(userMessage()).toContain('who just started the ${plan} plan');
      await waitFor(() => expect(userMessage()).toBe('Write a welcome email to ${name} who just signed up for Lumen.'));
    });
  });

  describe('when the version prop changes', () => {
    it('selects and previews the new version, over a version the user picked', async () => {
      const client = mockApi().client();
      const view = renderConnected(<PromptPreview promptId={welcome} version="1.0.0" initialValues={{ name: 'Grace' }} />, client);
      await waitFor(() => expect(userMessage()).toBe('Write a welcome email to Grace who just signed up for Lumen.'));
      await waitFor(() => expect(options()).toHaveLength(4));
      await userEvent.setup().selectOptions(picker(), '2.0.0');
      await waitFor(() => expect(userMessage()).toContain('who just started the ${plan} plan'));
      view.rerender(<PromptPreview promptId={welcome} version="1.1.0" initialValues={{ name: 'Grace' }} />);
      expect(picker().value).toBe('1.1.0');
      await waitFor(() => expect(userMessage()).toBe('Write a welcome email to Grace who just signed up for the ${plan} plan of Lumen.'));
    });
  });

  describe('given versionPicker={false}', () => {
    it('has no picker and sends no list request: the prompt alone, at the version of the props', async () => {
      const api = mockApi();
      const sent: string[] = [];
      api.worker.events.on('request:start', ({ request }) => void sent.push(new URL(request.url).pathname + new URL(request.url).search));
      renderPreview({ version: '1.0.0', versionPicker: false, initialValues: { name: 'Grace' } }, api.client());
      await waitFor(() => expect(userMessage()).toBe('Write a welcome email to Grace who just signed up for Lumen.'));
      api.worker.events.removeAllListeners();
      expect(screen.queryByRole('combobox')).toBeNull();
      expect(sent).toEqual(['/prompts/welcome-email?version=1.0.0']);
      await expectNoAxeViolations();
    });
  });

  describe('given a pinned version', () => {
    it('starts on that version', async () => {
      renderPreview({ version: '1.0.0', initialValues: { name: 'Grace' } });
      await waitFor(() => expect(userMessage()).toBe('Write a welcome email to Grace who just signed up for Lumen.'));
      expect(picker().value).toBe('1.0.0');
    });

    describe('when the version does not exist', () => {
      it('says so in human words', async () => {
        renderPreview({ version: '9.9.9' });
        const alert = await screen.findByRole('alert');
        expect(within(alert).getByText('Version 9.9.9 of this prompt does not exist or is not published.')).toBeTruthy();
        expect(options()).toContain('9.9.9');
        await expectNoAxeViolations();
      });
    });
  });

  describe('given a shown prompt whose refetch fails', () => {
    it('keeps the cached prompt on screen beside the error, as ComposerPreview does', async () => {
      const api = mockApi();
      const view = renderPreview({}, api.client());
      await screen.findByRole('heading', { name: 'Welcome email' });
      api.db.faults.inject({ kind: 'server-error', times: 5 });
      await act(async () => {
        await view.queryClient.refetchQueries();
      });
      await waitFor(() => expect(screen.getByRole('alert').getAttribute('data-code')).toBe('INTERNAL_ERROR'));
      expect(screen.getByRole('heading', { name: 'Welcome email' })).toBeTruthy();
      expect(userMessage()).toContain('Write a welcome email to');
    });
  });

  describe('given an unknown prompt', () => {
    it('says it does not exist, naming the id', async () => {
      renderPreview({ promptId: FIXTURE_IDS.prompts.draftAnnouncement });
      const alert = await screen.findByRole('alert');
      expect(alert.querySelector('.pcr-api-error__detail')?.textContent).toBe('The prompt draft-announcement does not exist or is not published.');
      expect(within(alert).getByText(FIXTURE_IDS.prompts.draftAnnouncement).tagName).toBe('CODE');
    });
  });

  describe('given a revoked key', () => {
    it('asks to check the API key', async () => {
      renderPreview({}, mockApi().client(FIXTURE_KEYS.revoked));
      const alert = await screen.findByRole('alert');
      expect(within(alert).getByText('The API key is invalid or has been revoked. Check your API key.')).toBeTruthy();
    });
  });
});
