/**
 * A long preview in full, on paper and in a screenshot. Its segments off screen skip painting
 * (`content-visibility: auto`), so a capture beyond the viewport shows them blank: printing turns that off
 * (the stylesheet's `@media print`), and the screenshot script makes the viewport as tall as the page
 * before it captures (`sizeViewportToPage`), so every segment is painted in both.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { sizeViewportToPage, waitForStorybookPage } from '../../scripts/storybook-pages.mjs';
import { openBuiltStorybook } from './storybook-site.ts';

const storybook = openBuiltStorybook();

/** How many of the preview's segments show their content, and how many there are. */
function paintedSegments(page: Page): Promise<{ painted: number; total: number }> {
  return page.evaluate(() => {
    const segments = [...document.querySelectorAll('.pcr-preview__output .pcr-composer__segment')];
    const painted = segments.filter((segment) => segment.firstElementChild?.checkVisibility({ contentVisibilityAuto: true }));
    return { painted: painted.length, total: segments.length };
  });
}

/** The long preview's own page, at a laptop's viewport, settled. */
async function withLongPreview(look: (page: Page) => Promise<void>): Promise<void> {
  const context = await storybook.browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    await page.goto(`${storybook.url}/iframe.html?id=components-composerpreview--long-composer&viewMode=story`);
    await waitForStorybookPage(page, 'story');
    await look(page);
  } finally {
    await context.close();
  }
}

// Each opens a page of the built Storybook in Chromium: about 4.5 s on 2 quiet cores, past the 5 s default
// when the machine is busy (it timed out there in a clean-clone CI run).
const PAGE_TIMEOUT_MS = 30_000;

describe('A long preview', () => {
  it('skips painting the segments off screen: what a capture beyond the viewport would show blank', { timeout: PAGE_TIMEOUT_MS }, async () => {
    await withLongPreview(async (page) => {
      const { painted, total } = await paintedSegments(page);
      expect(total).toBe(40);
      expect(painted).toBeLessThan(total / 2);
    });
  });

  it('paints every segment when printed', { timeout: PAGE_TIMEOUT_MS }, async () => {
    await withLongPreview(async (page) => {
      await page.emulateMedia({ media: 'print' });
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      expect(await paintedSegments(page)).toEqual({ painted: 40, total: 40 });
    });
  });

  it("paints every segment once the screenshot script has sized the viewport to the page", { timeout: PAGE_TIMEOUT_MS }, async () => {
    await withLongPreview(async (page) => {
      expect(await sizeViewportToPage(page)).toBeGreaterThan(5_000);
      expect(await paintedSegments(page)).toEqual({ painted: 40, total: 40 });
    });
  });
});
