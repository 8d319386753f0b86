/**
 * The toolbar's language and direction travel in a story's URL (`&globals=locale:pseudo;dir:rtl`), and a
 * docs page follows them: every story on it in that language and direction. Checked in the built
 * Storybook, as a reader opens a shared link.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { waitForStorybookPage } from '../../scripts/storybook-pages.mjs';
import { openBuiltStorybook } from './storybook-site.ts';

const storybook = openBuiltStorybook();

/** The `lang` and `dir` of every story wrapper on the page, and its text, once the page has settled. */
async function wrappers(path: string, viewMode: 'docs' | 'story'): Promise<Array<{ lang: string; dir: string; text: string }>> {
  const context = await storybook.browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page: Page = await context.newPage();
    await page.goto(`${storybook.url}/iframe.html?${path}&viewMode=${viewMode}`);
    await waitForStorybookPage(page, viewMode);
    // Mock responses take 50 to 80 ms after the render.
    await page.waitForTimeout(500);
    return await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('.pcr-story')].map((wrapper) => ({ lang: wrapper.lang, dir: wrapper.dir, text: wrapper.innerText })),
    );
  } finally {
    await context.close();
  }
}

// A page load in the built Storybook takes a few seconds on a busy machine, a docs page more.
describe('The language and direction globals in a URL', { timeout: 60_000 }, () => {
  it('render a story in the pseudo-locale, right to left', async () => {
    const [story] = await wrappers('id=components-promptcard--partly-filled&globals=locale:pseudo;dir:rtl', 'story');
    expect(story).toMatchObject({ lang: 'en-XA', dir: 'rtl' });
    expect(story?.text).toContain('[Ŝýšţéɱ ɱéššåĝé ···]');
    expect(story?.text).not.toContain('System message');
  });

  it('render every story of a docs page in German, right to left', async () => {
    const stories = await wrappers('id=components-usagebanner--docs&globals=locale:de;dir:rtl', 'docs');
    expect(stories.length).toBeGreaterThan(5);
    expect(stories.every((story) => story.lang === 'de' && story.dir === 'rtl')).toBe(true);
    expect(stories.some((story) => story.text.includes('Anfragen'))).toBe(true);
    expect(stories.some((story) => story.text.includes('requests'))).toBe(false);
  });

  it('leave English, left to right, where the URL names no globals', async () => {
    const [story] = await wrappers('id=components-promptcard--partly-filled', 'story');
    expect(story).toMatchObject({ lang: 'en', dir: 'ltr' });
    expect(story?.text).toContain('System message');
  });
});
