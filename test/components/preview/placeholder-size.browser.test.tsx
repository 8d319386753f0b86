/**
 * What a page looks like before its off-screen parts are rendered. Prompt cards, and the segments of a
 * preview, skip layout and paint off screen (`content-visibility: auto`); until one has been on screen, it
 * stands in with the stylesheet's `contain-intrinsic-size` estimate. That is what a full-page screenshot
 * shows, and what the scrollbar is sized by, so each estimate must be close to what the fixtures' cards
 * and segments really measure, on a wide screen and on a phone.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { ComposerPreview, ComposerView, type Composer } from 'prompt-composer-react';
import { createMockDb, FIXTURE_COMPOSERS } from 'prompt-composer-react/mocks';
import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import '../../../src/styles.css';
import { mockApi, NOW, renderConnected, setupMockWorker } from '../connected-harness.tsx';
import { Page, settle } from '../presentational-fixtures.tsx';

setupMockWorker();

afterEach(async () => {
  cleanup();
  await page.viewport(414, 896);
});

const onboarding = FIXTURE_COMPOSERS.filter((composer) => composer.composerId === 'onboarding-flow').at(-1) as Composer;

/** Eight times the segments of the fixture `onboarding-flow`: far longer than any viewport. */
const long: Composer = { ...onboarding, composerId: 'long-flow', composerName: 'Long flow', segments: Array.from({ length: 8 }, () => onboarding.segments).flat() };

/** The median of some heights. */
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/**
 * Placeholder and real heights of the elements `selector` matches: the placeholders of those the browser
 * skipped (never on screen yet), then every one measured with the containment turned off.
 */
async function heights(selector: string): Promise<{ placeholder: number; real: number; skipped: number }> {
  await settle();
  const elements = [...document.querySelectorAll<HTMLElement>(selector)];
  const skipped = elements.filter((element) => !element.checkVisibility({ contentVisibilityAuto: true }) || !element.firstElementChild?.checkVisibility({ contentVisibilityAuto: true }));
  const placeholders = skipped.map((element) => element.getBoundingClientRect().height);
  const style = document.head.appendChild(document.createElement('style'));
  // Cards sit inside a preview's segments: both off, so a segment measures its card's real height.
  style.textContent = `${selector}, .pcr-prompt-card { content-visibility: visible !important; }`;
  try {
    await settle();
    return { placeholder: median(placeholders), real: median(elements.map((element) => element.getBoundingClientRect().height)), skipped: skipped.length };
  } finally {
    style.remove();
  }
}

/** How far an estimate is from what it stands for, as a fraction of the real height. */
const error = ({ placeholder, real }: { placeholder: number; real: number }) => Math.abs(placeholder - real) / real;

describe.each([
  ['a wide screen', 1280, 800],
  ['a laptop', 1024, 700],
  ['a tablet', 768, 1000],
  ['a small tablet', 600, 900],
  ['a phone', 360, 780],
])('off-screen placeholders on %s', (_name, width, height) => {
  it('of prompt cards are within a quarter of the cards they stand for', async () => {
    await page.viewport(width, height);
    render(<ComposerView composer={long} />, { wrapper: Page });
    const measured = await heights('.pcr-prompt-card');
    expect(measured.skipped).toBeGreaterThan(5);
    expect(error(measured), JSON.stringify(measured)).toBeLessThan(0.25);
  });

  it.each(['prompt', 'static'])("of a preview's %s segments are within a third of the segments they stand for", async (kind) => {
    await page.viewport(width, height);
    const { client } = mockApi(createMockDb({ now: NOW, composers: [...FIXTURE_COMPOSERS, { ...long, status: 'published' }] }));
    renderConnected(<ComposerPreview composerId="long-flow" />, client());
    await screen.findByRole('heading', { name: 'Long flow' });
    const measured = await heights(`.pcr-preview__output .pcr-composer__segment[data-segment-type="${kind}"]`);
    expect(measured.skipped).toBeGreaterThan(3);
    expect(error(measured), JSON.stringify(measured)).toBeLessThan(1 / 3);
  });
});
