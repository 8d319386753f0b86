import type { Meta, StoryObj } from '@storybook/react-vite';
import type { ScenarioName } from 'prompt-composer-react/mocks';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { type TOOLBAR_KEYS, toolbarRequestCount } from './support/mock-api.ts';
import { PlaygroundApp } from './support/PlaygroundApp.tsx';
import { playgroundOutcome } from './support/playground-outcome.ts';
import { exactly, oneOf, storyWords } from './support/words.ts';

/**
 * Everything together, on the mock backend. Use the toolbar: **API key** (free, pro, near limit,
 * exhausted, revoked) and **Scenario** (happy, nearLimit, exhausted, invalidKey, slow, serverError,
 * empty) reach every state by hand.
 */
const meta = {
  title: 'Start here/Playground',
  component: PlaygroundApp,
  // The app is the page: no generated docs page repeating it.
  tags: ['!autodocs'],
  // No args to control: the toolbar is the control panel.
  parameters: { layout: 'fullscreen', controls: { disable: true } },
} satisfies Meta<typeof PlaygroundApp>;

export default meta;

/** Generous: the `slow` scenario answers after 1.5 to 2.5 s, and a composer takes two requests. */
const SLOW = { timeout: 12_000 };

/**
 * The in-app preview: pick a composer or a prompt, type variables, watch the preview and the quota. It
 * opens as a newcomer left it: nothing is clicked or typed for them.
 */
export const Playground: StoryObj<typeof meta> = {};

/**
 * The Playground's checks: whatever state the toolbar's key and scenario lead to, the library's own
 * components show it (a test runs this under all 35 states). Typing and clicking are part of the check, so
 * it is kept out of the sidebar (`!dev`) and runs in the tests only.
 */
export const PlaygroundChecks: StoryObj<typeof meta> = {
  // The Playground story's render, with assertions: the visual test captures that story, not this one again.
  parameters: { visual: { capture: false } },
  name: 'Playground checks',
  tags: ['!dev'],
  play: async ({ canvas, canvasElement, globals }) => {
    const outcome = playgroundOutcome(globals.scenario as ScenarioName, globals.apiKey as keyof typeof TOOLBAR_KEYS);
    const main = within(canvasElement.querySelector('main') as HTMLElement);
    const words = storyWords(globals);

    if (outcome.kind === 'error') {
      // The library's own message, in the main area, with Retry where a retry may help.
      const alert = await main.findByRole('alert', {}, SLOW);
      await expect(alert).toHaveAttribute('data-code', outcome.code);
      await expect(alert).toHaveClass('pcr-api-error');
      // "Retry", or "Retrying…" while one of the lists still fetches.
      const retry = main.queryByRole('button', { name: oneOf(words.errors.retry, words.errors.retrying) });
      // Both lists have answered before Retry takes a click (while one is still fetching it says "Retrying…").
      if (retry) await waitFor(() => expect(retry).toHaveAttribute('aria-disabled', 'false'), SLOW);
      if (outcome.retry === 'none') {
        await expect(retry).toBeNull();
      } else if (outcome.retry === 'again') {
        // The retried requests fail again, and count: the usage line moves.
        const usage = await canvas.findByText(/requests left this month/);
        const before = usage.textContent;
        await userEvent.click(retry as HTMLElement);
        await waitFor(() => expect(usage.textContent).not.toBe(before), SLOW);
        await waitFor(() => expect(main.getByRole('alert')).toHaveAttribute('data-code', outcome.code), SLOW);
      } else if (outcome.retry === 'unmetered') {
        // No key identified: Retry sends both lists again (not refused by the quota guard), they fail again,
        // and the usage stays unknown.
        const before = toolbarRequestCount();
        await userEvent.click(retry as HTMLElement);
        await waitFor(() => expect(toolbarRequestCount()).toBe(before + 2), SLOW);
        await waitFor(() => {
          expect(main.getByRole('alert')).toHaveAttribute('data-code', outcome.code);
          expect(main.getByRole('button', { name: exactly(words.errors.retry) })).toHaveAttribute('aria-disabled', 'false');
        }, SLOW);
        await expect(canvas.getByText('Usage not known yet')).toBeVisible();
      } else {
        await userEvent.click(retry as HTMLElement);
        await waitFor(() => expect(main.getByRole('alert')).toHaveAttribute('data-code', 'USAGE_LIMIT_EXCEEDED'), SLOW);
      }
      if (outcome.code === 'USAGE_LIMIT_EXCEEDED') {
        await waitFor(() => expect(canvasElement.querySelector('.pcr-usage-banner[data-state="exceeded"]')).not.toBeNull());
        await expect(canvas.getAllByRole('link', { name: exactly(words.errors.upgrade) }).length).toBeGreaterThan(0);
      }
      return;
    }

    if (outcome.kind === 'empty') {
      await expect(await main.findByRole('heading', { name: 'Nothing published yet' }, SLOW)).toBeVisible();
      return;
    }

    // A real composer first (not the sanitizer fixture), ready to type into.
    await expect(await main.findByRole('heading', { name: 'Onboarding flow' }, SLOW)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Onboarding flow' })).toHaveAttribute('aria-pressed', 'true');
    const input = (await main.findAllByRole('textbox'))[0] as HTMLElement;
    await userEvent.type(input, 'Ada');
    await waitFor(() => expect(canvasElement.querySelector('mark[data-state="filled"]')?.textContent).toContain('Ada'));
    await expect(await canvas.findByText(/requests left this month/)).toBeVisible();
    if (outcome.banner === 'critical') {
      await waitFor(() => expect(canvasElement.querySelector('.pcr-usage-banner[data-state="critical"]')).not.toBeNull());
    }

    // Choosing another item keeps the navigation where it is.
    const nav = canvas.getByRole('navigation', { name: 'Library' });
    const top = nav.getBoundingClientRect().top;
    await userEvent.click(await canvas.findByRole('button', { name: 'Ticket triage' }, SLOW));
    await expect(await main.findByRole('heading', { name: 'Ticket triage' }, SLOW)).toBeVisible();
    await expect(nav.getBoundingClientRect().top).toBe(top);
  },
};
