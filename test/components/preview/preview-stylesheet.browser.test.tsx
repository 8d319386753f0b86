/**
 * The connected previews with the shipped stylesheet: on a wide screen the variables form stays in view
 * beside the preview; on a phone (one column, 360 px) it stays in view above the preview, in a panel of at
 * most 45 % of the screen that the preview scrolls under, so one can type and watch the cards at once; the
 * panel folds away to read.
 */
import { screen, within } from '@testing-library/react';
import { ComposerPreview, PromptPreview } from 'prompt-composer-react';
import { FIXTURE_IDS } from 'prompt-composer-react/mocks';
import { afterEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import '../../../src/styles.css';
import { mockApi, renderConnected, setupMockWorker } from '../connected-harness.tsx';

setupMockWorker();

afterEach(async () => {
  await page.viewport(414, 896);
});

async function renderAt(width: number) {
  await page.viewport(width, 640);
  renderConnected(<ComposerPreview composerId={FIXTURE_IDS.composers.onboardingFlow} />, mockApi().client());
  await screen.findByRole('heading', { name: 'Onboarding flow' });
  return screen.getByRole('group', { name: 'Variables' }).closest('.pcr-preview__form')!;
}

describe('ComposerPreview with the stylesheet', () => {
  it('keeps the form beside the preview in view on a wide screen', async () => {
    const form = await renderAt(1280);
    expect(getComputedStyle(form).position).toBe('sticky');
  });

  it('shows the variables as a titled panel, not a browser-default fieldset, each label just above its input', async () => {
    const form = await renderAt(1280);
    const fieldset = screen.getByRole('group', { name: 'Variables' });
    expect(getComputedStyle(fieldset).borderTopStyle).toBe('none');
    // The legend inside the panel's box, not across a border line.
    const legend = fieldset.querySelector('legend')!.getBoundingClientRect();
    expect(legend.top).toBeGreaterThanOrEqual(form.getBoundingClientRect().top + 8);
    for (const input of screen.getAllByRole('textbox')) {
      const label = (input as HTMLInputElement).labels![0]!.getBoundingClientRect();
      const gap = input.getBoundingClientRect().top - label.bottom;
      expect(gap).toBeGreaterThanOrEqual(4);
      expect(gap).toBeLessThanOrEqual(8);
    }
  });

  it('gives the version picker a label that does not touch it', async () => {
    await page.viewport(1280, 640);
    renderConnected(<PromptPreview promptId={FIXTURE_IDS.prompts.welcomeEmail} />, mockApi().client());
    const picker = await screen.findByRole('combobox', { name: 'Version' });
    const label = (picker as HTMLSelectElement).labels![0]!.getBoundingClientRect();
    const box = picker.getBoundingClientRect();
    // Above it, a few pixels apart, as the variables' labels are.
    expect(box.top - label.bottom).toBeGreaterThanOrEqual(4);
    expect(box.left).toBeCloseTo(label.left, 0);
  });

  it('while loading, shows the shape of what loads: the variables beside a prompt card, hidden from screen readers', async () => {
    await page.viewport(1280, 640);
    renderConnected(<ComposerPreview composerId={FIXTURE_IDS.composers.onboardingFlow} />, mockApi(undefined, { latency: 400 }).client());
    const region = screen.getByRole('region', { name: 'Composer preview' });
    expect(region.getAttribute('aria-busy')).toBe('true');
    expect(screen.getByRole('status').textContent).toBe('Loading composer…');
    const shape = region.querySelector('.pcr-preview__skeleton')!;
    expect(shape.getAttribute('aria-hidden')).toBe('true');
    const [panel, card] = [...shape.children].map((child) => child.getBoundingClientRect());
    // Two boxes side by side, as the loaded preview lays out, each with the bars of its inputs or messages.
    expect(panel!.right).toBeLessThan(card!.left);
    expect(shape.children[0]!.querySelectorAll('[data-shape="input"]').length).toBeGreaterThan(1);
    expect(shape.children[1]!.querySelectorAll('[data-shape="message"]').length).toBe(2);
    await screen.findByRole('heading', { name: 'Onboarding flow' });
    expect(region.querySelector('.pcr-preview__skeleton')).toBeNull();
  });

  /** Whether `element` is on screen and nothing covers its middle. */
  const inSight = (element: Element) => {
    const box = element.getBoundingClientRect();
    const x = box.left + Math.min(box.width / 2, 8);
    const y = box.top + box.height / 2;
    const top = document.elementFromPoint(x, y);
    return box.top >= 0 && box.bottom <= window.innerHeight && (top === element || element.contains(top));
  };

  it('keeps the variables in view above the card one scrolls to on a phone, so typing shows in it at once', async () => {
    const form = await renderAt(360);
    const panel = form.getBoundingClientRect();
    expect(panel.height).toBeLessThanOrEqual(window.innerHeight * 0.45 + 1);
    // The second prompt card, far below the form: scrolled into view under the panel.
    const card = screen.getByRole('article', { name: 'Support reply' });
    const message = card.querySelector('[data-message="user"]')!;
    window.scrollTo(0, message.getBoundingClientRect().top + window.scrollY - window.innerHeight * 0.6);
    const input = within(form as HTMLElement).getByRole('textbox', { name: 'ticket.message' });
    await userEvent.type(input, 'Where is my invoice?');
    const mark = message.querySelector('mark[data-variable="ticket.message"]')!;
    await expect.poll(() => mark.textContent).toBe('Where is my invoice?');
    // Both at once: the input in the panel, the typed words in the card below it, neither covered.
    expect(inSight(input)).toBe(true);
    expect(inSight(mark)).toBe(true);
    expect(getComputedStyle(form).position).toBe('sticky');
    expect(form.getBoundingClientRect().top).toBe(0);
  });

  it('folds the panel away on a phone, and opens it again', async () => {
    const form = await renderAt(360);
    const fold = screen.getByRole('button', { name: 'Variables', expanded: true });
    await userEvent.click(fold);
    expect(fold.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(form.getBoundingClientRect().height).toBeLessThan(64);
    await userEvent.click(fold);
    expect(screen.getAllByRole('textbox').length).toBeGreaterThan(3);
  });

  it('shows no fold button on a wide screen', async () => {
    await renderAt(1280);
    expect(screen.queryByRole('button', { name: 'Variables' })).toBeNull();
  });
});
