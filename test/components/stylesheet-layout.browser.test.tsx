/**
 * What the shipped stylesheet promises a reader's eye: static HTML's headings stay below the composer's
 * title and its lists keep their own bullets, unfilled placeholders are flagged quietly until it matters,
 * nothing jumps when a flag or a status message appears, and a narrow card's copy status goes below its
 * button.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { ComposerView, PromptCard, StaticSegment } from 'prompt-composer-react';
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

  it("gives a composer's static lists the bullets StaticSegment gives them alone: solid, then hollow when nested", async () => {
    const html = '<ul><li>One<ul><li>Nested</li></ul></li></ul><ol><li>First<ul><li>Under a number</li></ul></li></ol>';
    render(
      <>
        <StaticSegment html={html} className="alone" />
        <ComposerView composer={composerOf([{ type: 'static', content: html }])} />
      </>,
      { wrapper: Page },
    );
    await settle();
    const bullets = (root: Element) => [...root.querySelectorAll('ul, ol')].map((list) => getComputedStyle(list).listStyleType);
    const alone = bullets(document.querySelector('.alone')!);
    expect(alone).toEqual(['disc', 'circle', 'decimal', 'circle']);
    expect(bullets(document.querySelector('.pcr-composer__segments .pcr-static')!)).toEqual(alone);
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
    await vi.waitFor(() => expect(screen.getByRole('status').textContent).toMatch(/Copied with 2 unfilled placeholders/));
    await settle();
    expect(JSON.stringify(button.getBoundingClientRect())).toBe(before);
  });
});

describe("a card's copy status", () => {
  /** A card `width` px wide whose message still holds placeholders, copied. */
  async function copiedAt(width: number) {
    vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    render(
      <div style={{ width }}>
        <PromptCard prompt={prompt} />
      </div>,
      { wrapper: Page },
    );
    const button = screen.getByRole('button', { name: /Copy user message/ });
    await userEvent.click(button);
    const status = screen.getByRole('status');
    await vi.waitFor(() => expect(status.textContent).toMatch(/Copied with 2 unfilled placeholders/));
    await settle();
    const copy = status.closest('.pcr-copy')!.getBoundingClientRect();
    return { button: button.getBoundingClientRect(), status: status.getBoundingClientRect(), copy, card: document.querySelector('.pcr-prompt-card')!.getBoundingClientRect() };
  }

  it('goes below the button on a phone-wide card, across the card, not into a column beside it', async () => {
    const { button, status, copy, card } = await copiedAt(328);
    expect(status.top).toBeGreaterThanOrEqual(button.bottom);
    // Its row is the card's inner width (its padding aside), where beside the button it had about 110 px; its
    // words ("Copied": the card's note names the placeholders) end where the button ends.
    expect(copy.width).toBeGreaterThan(card.width - 2 * 12 - 2 - 1);
    expect(Math.abs(status.right - button.right)).toBeLessThan(1);
  });

  it('stays beside the button on a wide card', async () => {
    const { button, status } = await copiedAt(800);
    expect(status.right).toBeLessThanOrEqual(button.left);
    expect(status.top).toBeLessThan(button.bottom);
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
