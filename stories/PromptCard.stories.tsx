import type { Meta, StoryObj } from '@storybook/react-vite';
import { PromptCard } from 'prompt-composer-react';
import { expect, spyOn, userEvent, waitFor } from 'storybook/test';
import { onboardingFlow, ticketTriage, welcomeEmail } from './support/fixtures.ts';
import { fill, fillPlural, storyWords } from './support/words.ts';

/** One prompt: name, version, model, temperature, system message and the interpolated user message. */
const meta = {
  title: 'Components/PromptCard',
  component: PromptCard,
  args: {
    prompt: welcomeEmail,
    values: {
      customer: { name: 'Ada Lovelace', company: 'Analytical Engines Ltd' },
      plan: 'Pro',
      firstStep: 'import your first dataset',
      senderName: 'Maya',
    },
  },
} satisfies Meta<typeof PromptCard>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Every placeholder filled: values are marked, nothing is flagged. */
export const Filled: Story = {
  play: async ({ canvasElement }) => {
    const message = canvasElement.querySelector('[data-message="user"]');
    await expect(message?.textContent).toContain('Ada Lovelace at Analytical Engines Ltd');
    await expect(canvasElement.querySelector('mark[data-state="missing"]')).toBeNull();
  },
};

/** Some values missing: their placeholders stay visible, flagged quietly (nobody has done anything wrong yet). */
export const PartlyFilled: Story = {
  args: { values: { customer: { name: 'Ada Lovelace' } } },
  play: async ({ canvasElement }) => {
    const missing = [...canvasElement.querySelectorAll('mark[data-state="missing"]')].map((mark) => mark.textContent);
    await expect(missing).toContain('${plan}');
    await expect(canvasElement.querySelector('[data-message="user"]')?.textContent).toContain('${customer.company}');
    await expect(canvasElement.querySelector('article')).toHaveAttribute('data-missing', 'quiet');
  },
};

/** The app asks (`flagMissing`, say after a send attempt): unfilled placeholders are flagged as needing attention. */
export const FlaggedMissing: Story = {
  args: { values: { customer: { name: 'Ada Lovelace' } }, flagMissing: true },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('article')).toHaveAttribute('data-missing', 'alert');
  },
};

/** Copying a message that still holds placeholders says so, and from then on they are flagged as needing attention. */
export const CopiedWithUnfilled: Story = {
  // The docs page plays it too, so it shows there what it shows on its own page.
  parameters: { docs: { story: { autoplay: true } } },
  args: { values: { customer: { name: 'Ada Lovelace', company: 'Analytical Engines Ltd' } } },
  play: async ({ canvas, canvasElement, globals }) => {
    const words = storyWords(globals);
    const writeText = spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    const button = canvas.getByRole('button', { name: fill(words.copy.labelWithContext, { label: words.card.copyLabel, context: welcomeEmail.promptName }, words) });
    const before = button.getBoundingClientRect();
    await userEvent.click(button);
    // Screen readers hear which placeholders it holds; the eye sees "Copied", and the card's one red note.
    const status = canvas.getByRole('status');
    await waitFor(() => expect(status).toHaveTextContent(fillPlural(words.card.copiedUnfilled, 2, { names: ['${plan}', '${firstStep}'].join(words.list.separator) }, words)));
    await expect(status.querySelector('[aria-hidden="true"]')).toHaveTextContent(words.copy.copied);
    await expect(writeText).toHaveBeenCalledWith(expect.stringContaining('${plan}'));
    await expect(canvasElement.querySelector('article')).toHaveAttribute('data-missing', 'alert');
    // The message appears beside the button without moving it.
    const after = button.getBoundingClientRect();
    await expect([after.left, after.top]).toEqual([before.left, before.top]);
  },
};

/** Values are always text: HTML, scripts and `${` nesting are shown, never interpreted. */
export const HostileValues: Story = {
  args: {
    values: {
      customer: { name: '<img src=x onerror="window.__xss=1">', company: '<script>window.__xss=1</script>' },
      plan: '${plan}',
      firstStep: '</mark><b>bold?</b>',
      senderName: '__proto__',
    },
  },
  play: async ({ canvasElement }) => {
    const message = canvasElement.querySelector('[data-message="user"]');
    await expect(message?.textContent).toContain('<img src=x onerror="window.__xss=1">');
    await expect(message?.querySelector('img, script, b')).toBeNull();
    await expect((window as { __xss?: unknown }).__xss).toBeUndefined();
  },
};

/** No values at all: every placeholder is flagged, quietly. */
export const Empty: Story = {
  args: { values: {} },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelectorAll('mark[data-state="missing"]').length).toBeGreaterThan(2);
  },
};

/**
 * `ticket-triage`, whose variables live under its input data root (`config.inputDataRootName: "ticket"`):
 * one nested value object fills `${ticket.subject}`, `${ticket.body}` and the rest.
 */
export const InputDataRoot: Story = {
  args: { prompt: ticketTriage, values: { ticket: { subject: 'Refund', customerEmail: 'ada@example.com', body: 'Please refund order 42.' } } },
  play: async ({ canvas, canvasElement }) => {
    await expect(await canvas.findByRole('heading', { name: ticketTriage.promptName })).toBeVisible();
    await expect(ticketTriage.config.inputDataRootName).toBe('ticket');
    const filled = [...canvasElement.querySelectorAll('mark[data-state="filled"]')].map((mark) => mark.getAttribute('data-variable'));
    await expect(filled.length).toBeGreaterThan(0);
    await expect(filled.every((name) => name?.startsWith('ticket.'))).toBe(true);
  },
};

/** A prompt segment of a composer (no schema, no input data). */
export const Segment: Story = {
  args: {
    prompt: onboardingFlow.segments.find((segment) => segment.type === 'prompt') ?? welcomeEmail,
    values: { customer: { name: 'Grace' } },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('article')).toBeVisible();
  },
};
