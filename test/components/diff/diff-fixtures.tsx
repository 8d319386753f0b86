/** Shared set-up of the diff components' browser tests: fixture versions, themes and widths, axe and overflow. */
import type { Composer, Prompt } from 'prompt-composer-react';
import { createMockDb } from 'prompt-composer-react/mocks';
import type { ReactNode } from 'react';
import { expect } from 'vitest';
import { page } from 'vitest/browser';
import { axeViolations } from '../presentational-fixtures.tsx';

const db = createMockDb();

/** A version of a fixture prompt. */
export function promptAt(id: string, version: string): Prompt {
  const found = db.getPrompt(id, version);
  if (found.status !== 'found') throw new Error(`fixture ${id}@${version} is missing`);
  return found.value;
}

/** A version of a fixture composer. */
export function composerAt(id: string, version: string): Composer {
  const found = db.getComposer(id, version);
  if (found.status !== 'found') throw new Error(`fixture ${id}@${version} is missing`);
  return found.value;
}

/** The looks every diff is checked in: both themes, on a desktop and on a 360 px phone. */
export const LOOKS = [
  { theme: 'light', width: 1280 },
  { theme: 'dark', width: 1280 },
  { theme: 'light', width: 360 },
  { theme: 'dark', width: 360 },
] as const;

/** The default viewport of the browser project, restored after a test that changed it. */
export async function resetViewport(): Promise<void> {
  await page.viewport(414, 896);
}

/** A page in `theme`, as an app would wrap it: a `<main>` with the theme's background. */
export function Themed({ theme, children }: { theme: 'light' | 'dark'; children: ReactNode }) {
  return (
    <main data-theme={theme} style={{ background: 'var(--pcr-bg)', color: 'var(--pcr-fg)', padding: 16 }}>
      {children}
    </main>
  );
}

/** No axe violation in the page, and nothing wider than the viewport (no sideways scrolling). */
export async function expectAccessibleAndFitting(): Promise<void> {
  expect(await axeViolations(document.body)).toEqual([]);
  expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(document.documentElement.clientWidth);
}

/** The text of `element` a reader sees: the hidden "added:" and "removed:" labels left out. */
export function shownText(element: Element): string {
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  let text = '';
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.parentElement?.closest('.pcr-diff__label, .pcr-line__sign, .pcr-line__number')) text += node.textContent;
  }
  return text;
}

/** One version's text rebuilt from a line diff (`[data-message]`): its side of every row, one line each. */
export function sideText(lines: Element, side: 'before' | 'after'): string {
  return [...lines.querySelectorAll(`.pcr-lines__row > .pcr-line[data-side="${side}"]:not([data-empty])`)].map(shownText).join('\n');
}

/** Where the text of `element` is on the page: a box per line of each text node, the hidden labels left out. */
function textBoxes(element: Element): DOMRect[] {
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  const boxes: DOMRect[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.textContent?.trim() || node.parentElement?.closest('.pcr-diff__label')) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    boxes.push(...[...range.getClientRects()].filter((box) => box.width > 0));
  }
  return boxes;
}

/**
 * Where removed text and added text share a line of the page and stand closer than `minimum` px (a word
 * space at 14 px is about 4): "~~Sent~~Only". Each as `removed | added: gap px`.
 */
export function touchingChanges(root: Element, minimum = 4): string[] {
  const removed = [...root.querySelectorAll('del')].map((element) => ({ element, boxes: textBoxes(element) }));
  const added = [...root.querySelectorAll('ins')].map((element) => ({ element, boxes: textBoxes(element) }));
  const found: string[] = [];
  for (const deletion of removed) {
    for (const insertion of added) {
      for (const a of deletion.boxes) {
        for (const b of insertion.boxes) {
          const sameLine = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > Math.min(a.height, b.height) / 2;
          const gap = Math.max(b.left - a.right, a.left - b.right);
          if (sameLine && gap < minimum) found.push(`${shownText(deletion.element)} | ${shownText(insertion.element)}: ${gap.toFixed(1)} px`);
        }
      }
    }
  }
  return [...new Set(found)];
}
