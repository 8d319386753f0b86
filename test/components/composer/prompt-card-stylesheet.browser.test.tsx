/**
 * Prompt cards with the shipped stylesheet, which lets cards off screen skip style and layout
 * (`content-visibility: auto`): a card on screen lays out exactly as without it, cards off screen stay
 * named and reachable, and containment clips nothing a card shows.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { ComposerView, PromptCard } from 'prompt-composer-react';
import { afterEach, describe, expect, it } from 'vitest';
import '../../../src/styles.css';
import { axeViolations, composerOf, Page, promptSegment, settle } from '../presentational-fixtures.tsx';

afterEach(cleanup);

/** Forty prompt cards: far taller than the viewport. */
const longComposer = composerOf(
  Array.from({ length: 40 }, (_, index) => ({ ...promptSegment, promptId: `prompt-${index}`, promptName: `Prompt ${index}` })),
);

/** Turns the stylesheet's containment off (and the wrapping that comes with it) until the returned function runs. */
function withoutContainment(): () => void {
  const style = document.head.appendChild(document.createElement('style'));
  style.textContent = '.pcr-prompt-card { content-visibility: visible !important; overflow-wrap: normal !important; }';
  return () => style.remove();
}

/** Where the text of `element` ends on the right: its boxes may stay inside the card while the text overflows them. */
function textRight(element: Element): number {
  const range = document.createRange();
  range.selectNodeContents(element);
  return range.getBoundingClientRect().right;
}

const boxesOf = (element: Element) => [element, ...element.querySelectorAll('*')].map((node) => JSON.stringify(node.getBoundingClientRect()));

describe('PromptCard with the stylesheet', () => {
  it('lays out a card on screen exactly as without containment', async () => {
    render(<ComposerView composer={longComposer} />, { wrapper: Page });
    await settle();
    const card = screen.getByRole('article', { name: 'Prompt 0' });
    const contained = boxesOf(card);
    const restore = withoutContainment();
    try {
      expect(boxesOf(card)).toEqual(contained);
    } finally {
      restore();
    }
  });

  it('keeps cards off screen in the accessibility tree, named, with their copy buttons', async () => {
    render(<ComposerView composer={longComposer} />, { wrapper: Page });
    await settle();
    const last = screen.getByRole('article', { name: 'Prompt 39' });
    const heading = screen.getByRole('heading', { level: 3, name: 'Prompt 39' });
    // Off screen, and its content skipped by the browser: what this test is about.
    expect(last.getBoundingClientRect().top).toBeGreaterThan(window.innerHeight);
    expect(heading.checkVisibility({ contentVisibilityAuto: true })).toBe(false);
    // The copy button's name joins its label and context without a stray space, off screen too.
    expect(screen.getByRole('button', { name: 'Copy user message, Prompt 39' })).toBeTruthy();
    expect(await axeViolations(document.body)).toEqual([]);
  });

  it('wraps a long unbroken name and model inside the card, where containment would clip them', async () => {
    const long = 'x'.repeat(300);
    const segment = { ...promptSegment, promptName: long, config: { ...promptSegment.config, model: long } };
    render(
      <div style={{ width: 320 }}>
        <PromptCard prompt={segment} />
      </div>,
      { wrapper: Page },
    );
    await settle();
    const card = document.querySelector('.pcr-prompt-card')!;
    const right = card.getBoundingClientRect().right;
    for (const element of card.querySelectorAll('h3, dd')) expect(textRight(element)).toBeLessThanOrEqual(right);
  });
});
