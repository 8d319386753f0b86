import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ComposerPreview, type ComposerPreviewProps, createHtmlSanitizer, type HtmlSanitizer, type PromptApiClient, type SanitizePolicy } from 'prompt-composer-react';
import { FIXTURE_IDS, FIXTURE_KEYS, type FaultKind, UPGRADE_URL } from 'prompt-composer-react/mocks';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations, mockApi, renderConnected, request, setupMockWorker } from '../connected-harness.tsx';
import { PROTOTYPE_ID, PROTOTYPE_NAMES, prototypeDb } from './prototype-fixtures.ts';

setupMockWorker();

const onboarding = FIXTURE_IDS.composers.onboardingFlow;
const latestVariables = ['senderName', 'customer.name', 'customer.company', 'plan', 'firstStep', 'agentName', 'customer.plan', 'ticket.message'];

function renderPreview(props: Partial<ComposerPreviewProps> = {}, client: PromptApiClient = mockApi().client()) {
  return renderConnected(<ComposerPreview composerId={onboarding} {...props} />, client);
}

/** The text of each prompt segment's user message, in order: exactly what would be sent. */
const userMessages = () => [...document.querySelectorAll('[data-message="user"]')].map((element) => element.textContent);
const inputLabels = () => screen.getAllByRole('textbox').map((input) => (input as HTMLInputElement).labels?.[0]?.textContent);
const preview = () => screen.getByRole('region', { name: 'Composer preview' });

describe('ComposerPreview', () => {
  describe('given the request is in flight', () => {
    it('shows a busy loading state with role status', async () => {
      renderPreview({}, mockApi(undefined, { latency: 200 }).client());
      expect(screen.getByRole('status').textContent).toBe('Loading composer…');
      expect(preview().getAttribute('aria-busy')).toBe('true');
      await expectNoAxeViolations();
      await screen.findByRole('heading', { name: 'Onboarding flow' });
      expect(preview().getAttribute('aria-busy')).toBe('false');
    });
  });

  describe('given the latest composer', () => {
    it('derives one labelled input per variable across every prompt segment, unique and in order', async () => {
      renderPreview();
      await screen.findByRole('heading', { name: 'Onboarding flow' });
      expect(inputLabels()).toEqual(latestVariables);
      expect(within(preview()).getByRole('group', { name: 'Variables' })).toBeTruthy();
      await expectNoAxeViolations();
    });

    describe('when the user types a value', () => {
      it('updates the user messages live and reports the values', async () => {
        const onValuesChange = vi.fn();
        renderPreview({ onValuesChange });
        const input = await screen.findByRole('textbox', { name: 'customer.name' });
        await userEvent.setup().type(input, 'Ada <b>Lovelace</b>');
        expect(userMessages()).toEqual([
          'Write a welcome email to Ada <b>Lovelace</b> at ${customer.company}, who just started the ${plan} plan. Suggest one first step: ${firstStep}.',
          'Reply to Ada <b>Lovelace</b> (plan: ${customer.plan}), who wrote: "${ticket.message}"',
        ]);
        expect(onValuesChange).toHaveBeenLastCalledWith({ 'customer.name': 'Ada <b>Lovelace</b>' });
        expect(document.querySelector('b')).toBeNull();
        await expectNoAxeViolations();
      });

      it('shows the placeholder again when the input is cleared', async () => {
        renderPreview({ initialValues: { plan: 'Pro' } });
        const input = await screen.findByRole('textbox', { name: 'plan' });
        expect((input as HTMLInputElement).value).toBe('Pro');
        expect(userMessages()[0]).toContain('the Pro plan');
        await userEvent.setup().clear(input);
        expect(userMessages()[0]).toContain('the ${plan} plan');
      });
    });
  });

  describe('given a sanitizer and a policy', () => {
    it('sanitizes the static segments with them', async () => {
      const base = createHtmlSanitizer();
      const calls: (SanitizePolicy | undefined)[] = [];
      const sanitizer: HtmlSanitizer = {
        get isSupported() { return base.isSupported; },
        get sanitizeCount() { return base.sanitizeCount; },
        clearCache: () => base.clearCache(),
        sanitize: (html, policy) => {
          calls.push(policy);
          return base.sanitize(html, policy);
        },
      };
      const policy: SanitizePolicy = { allowAttributes: ['title'] };
      renderPreview({ sanitizer, policy });
      await screen.findByRole('heading', { name: 'Onboarding flow' });
      expect(calls.length).toBeGreaterThan(0);
      expect(calls.every((given) => given === policy)).toBe(true);
      expect(base.sanitizeCount).toBeGreaterThan(0);
    });
  });

  describe('given variables named like Object.prototype members', () => {
    it('starts with empty inputs and fills the preview with exactly what is typed', async () => {
      const onValuesChange = vi.fn();
      renderPreview({ composerId: PROTOTYPE_ID, onValuesChange }, mockApi(prototypeDb()).client());
      await screen.findByRole('textbox', { name: '__proto__' });
      expect(inputLabels()).toEqual(PROTOTYPE_NAMES);
      expect(screen.getAllByRole('textbox').map((input) => (input as HTMLInputElement).value)).toEqual(['', '', '']);
      expect(userMessages()[0]).toBe('Hello ${__proto__}, ${constructor} and ${toString}.');
      const user = userEvent.setup();
      for (const [name, text] of [['__proto__', 'Ada'], ['constructor', 'Bob'], ['toString', 'Cy']] as const) {
        await user.type(screen.getByRole('textbox', { name }), text);
      }
      await waitFor(() => expect(userMessages()[0]).toBe('Hello Ada, Bob and Cy.'));
      const reported = onValuesChange.mock.lastCall?.[0] as Record<string, string>;
      expect(Object.entries(reported)).toEqual([['__proto__', 'Ada'], ['constructor', 'Bob'], ['toString', 'Cy']]);
    });
  });

  describe('given a pinned version', () => {
    it('previews that version with its own variables', async () => {
      renderPreview({ version: '1.0.0', initialValues: { name: 'Grace' } });
      await screen.findByText('Version 1.0.0');
      expect(inputLabels()).toEqual(['name', 'plan', 'customer.name', 'ticket.message']);
      expect(userMessages()[0]).toBe('Write a welcome email to Grace who just signed up for the ${plan} plan of Lumen.');
    });
  });

  describe('given an error', () => {
    const cases: Array<[string, () => { props?: Partial<ComposerPreviewProps>; client: PromptApiClient }, string, string]> = [
      ['an unknown id', () => ({ props: { composerId: 'no-such-composer' }, client: mockApi().client() }), 'Composer not found', 'The composer no-such-composer does not exist or is not published.'],
      ['an unknown version', () => ({ props: { version: '9.9.9' }, client: mockApi().client() }), 'Version not found', 'Version 9.9.9 of this composer does not exist or is not published.'],
      ['a malformed id', () => ({ props: { composerId: 'not valid!' }, client: mockApi().client() }), 'Invalid request', 'The composer identifier or version is not in a valid format.'],
      ['a revoked key', () => ({ client: mockApi().client(FIXTURE_KEYS.revoked) }), 'API key invalid', 'The API key is invalid or has been revoked. Check your API key.'],
      ['no key', () => ({ client: mockApi().client('') }), 'API key missing', 'No API key was sent with the request. Check your API key configuration.'],
    ];
    describe.each(cases)('when the request has %s', (_, setup, title, detail) => {
      it('says so in human words, as an alert, without Retry', async () => {
        const { props, client } = setup();
        renderPreview(props, client);
        const alert = await screen.findByRole('alert');
        expect(within(alert).getByText(title)).toBeTruthy();
        expect(alert.querySelector('.pcr-api-error__detail')?.textContent).toBe(detail);
        expect(within(alert).queryByRole('button', { name: 'Retry' })).toBeNull();
        expect(screen.queryByRole('textbox')).toBeNull();
        await expectNoAxeViolations();
      });
    });

    describe('when the quota is used up', () => {
      // The reset time with its time zone, in the user's.
      const reset = new Intl.DateTimeFormat('en', { year: 'numeric', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }).format(Date.UTC(2026, 11, 1));
      const used = new Intl.NumberFormat().format(5_000);
      const wording = `This month's request quota is used up (${used} of ${used} requests). It resets on ${reset}.`;

      it('shows the reset date and the upgrade link of the 429', async () => {
        renderPreview({}, mockApi().client(FIXTURE_KEYS.exhausted));
        const alert = await screen.findByRole('alert');
        expect(alert.textContent).toContain(wording);
        expect(within(alert).getByRole('link', { name: 'Upgrade your plan' }).getAttribute('href')).toBe(UPGRADE_URL);
        await expectNoAxeViolations();
      });

      it('says the same when the client refuses to send (the reset date comes from the usage store)', async () => {
        const api = mockApi();
        const client = api.client(FIXTURE_KEYS.exhausted);
        await request(client);
        const sent: string[] = [];
        api.worker.events.on('request:start', ({ request: { url } }) => void sent.push(url));
        renderPreview({}, client);
        const alert = await screen.findByRole('alert');
        expect(alert.textContent).toContain(wording);
        expect(within(alert).getByRole('link', { name: 'Upgrade your plan' }).getAttribute('href')).toBe(UPGRADE_URL);
        expect(sent).toEqual([]);
        api.worker.events.removeAllListeners();
      });
    });

    const faults: Array<[FaultKind, string]> = [
      ['server-error', 'Server error'],
      ['network-error', 'Network error'],
      ['malformed-json', 'Unexpected response'],
      ['html-502', 'Server error'],
    ];
    describe.each(faults)('when the service answers with %s once', (kind, title) => {
      it('offers a Retry button that recovers', async () => {
        const api = mockApi();
        api.db.faults.inject({ kind, times: 1 });
        renderPreview({}, api.client());
        const alert = await screen.findByRole('alert');
        expect(within(alert).getByText(title)).toBeTruthy();
        await expectNoAxeViolations();
        await userEvent.setup().click(within(alert).getByRole('button', { name: 'Retry' }));
        await screen.findByRole('heading', { name: 'Onboarding flow' });
        expect(screen.queryByRole('alert')).toBeNull();
        expect(inputLabels()).toEqual(latestVariables);
      });
    });

    describe('when the service is too slow', () => {
      it('reports a timeout with Retry', async () => {
        renderPreview({}, mockApi(undefined, { latency: 300 }).client(FIXTURE_KEYS.free, { timeoutMs: 20 }));
        const alert = await screen.findByRole('alert');
        expect(within(alert).getByText('Request timed out')).toBeTruthy();
        expect(within(alert).getByRole('button', { name: 'Retry' })).toBeTruthy();
        await waitFor(() => expect(preview().getAttribute('aria-busy')).toBe('false'));
      });
    });
  });
});
