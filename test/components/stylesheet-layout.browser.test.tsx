/**
 * What the shipped stylesheet promises a reader's eye: static HTML's headings stay below the composer's
 * title, unfilled placeholders are flagged quietly until it matters, and nothing jumps when a flag or a
 * status message appears.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { ComposerView, PromptCard } from 'prompt-composer-react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import '../../src/styles.css';
import { composerOf, Page, prompt, settle } from './presentational-fixtures.tsx';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const fontSize = (element: Element) => Number.parseFloat(getComputedStyle(element).fontSize);
const boxesOf = (element: Element) => [...element.querySelectorAll('*')].map((node) => JSON.stringify(node.getBoundingClientRect()));

describe('the stylesheet', () => {
  it('keeps every heading of static HTML smaller than the composer title', async () => {
    const html = '<h1>One</h1><h2>Two</h2><h3>Three</h3><p>Text</p>';
    render(<ComposerView composer={composerOf([{ type: 'static', content: html }])} />, { wrapper: Page });
    await settle();
    const title = screen.getByRole('heading', { name: 'Onboarding flow' });
    for (const name of ['One', 'Two', 'Three']) {
      expect(fontSize(screen.getByRole('heading', { name }))).toBeLessThan(fontSize(title));
    }
  });

  it('flags unfilled placeholders quietly, and in the alert colours once asked', () => {
    const { rerender } = render(<PromptCard prompt={prompt} />, { wrapper: Page });
    const mark = () => document.querySelector('mark[data-state="missing"]')!;
    const root = getComputedStyle(document.documentElement);
    const quiet = getComputedStyle(mark()).color;
    expect(quiet).toBe(colour(root.getPropertyValue('--pcr-mark-unfilled-fg')));
    rerender(<PromptCard prompt={prompt} flagMissing />);
    expect(getComputedStyle(mark()).color).toBe(colour(root.getPropertyValue('--pcr-mark-missing-fg')));
  });

  it('moves nothing inside a card when its flags turn to alert', async () => {
    const { rerender } = render(<PromptCard prompt={prompt} />, { wrapper: Page });
    const card = screen.getByRole('article');
    await settle();
    const quiet = boxesOf(card);
    rerender(<PromptCard prompt={prompt} flagMissing />);
    await settle();
    expect(boxesOf(card)).toEqual(quiet);
  });

  it('keeps the copy button where it is when the status message appears, even on a phone', async () => {
    vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    render(
      <div style={{ width: 320 }}>
        <PromptCard prompt={prompt} />
      </div>,
      { wrapper: Page },
    );
    const button = screen.getByRole('button', { name: /Copy user message/ });
    await settle();
    const before = JSON.stringify(button.getBoundingClientRect());
    await userEvent.click(button);
    await vi.waitFor(() => expect(screen.getByRole('status').textContent).toMatch(/^Copied with 2 unfilled placeholders/));
    await settle();
    expect(JSON.stringify(button.getBoundingClientRect())).toBe(before);
  });
});

/** A CSS colour as getComputedStyle spells it. */
function colour(value: string): string {
  const probe = document.body.appendChild(document.createElement('span'));
  probe.style.color = value.trim();
  const computed = getComputedStyle(probe).color;
  probe.remove();
  return computed;
}
