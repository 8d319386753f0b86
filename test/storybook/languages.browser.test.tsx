/**
 * Every story in another language and the other direction, as the toolbar's `locale` and `dir` globals
 * render it (`&globals=locale:pseudo;dir:rtl` in a story's URL):
 * - under the pseudo-locale, no word of the English catalog shows (a string that bypassed the catalog), and
 *   nothing sticks out of the page at 1280 and at 360 px (the pseudo-locale's words are 40 % longer);
 * - in German (long words), nothing sticks out at 1280 and at 360 px;
 * - right to left: nothing sticks out at 360 px, axe finds no violation in the light and the dark theme,
 *   and what has a side is mirrored (the preview's form on the right, the banner's button on the left...).
 * Stories render without their play function, which asserts English words: what they show once loaded.
 */
import { composeStory, setProjectAnnotations } from '@storybook/react-vite';
import type { Meta, StoryObj } from '@storybook/react-vite';
import axe from 'axe-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { expectNoHorizontalOverflow } from '../../.storybook/overflow.ts';
import preview from '../../.storybook/preview.tsx';
import { englishIn, libraryText } from './catalog-strings.ts';
import { mirroringProblems } from './mirroring.ts';

setProjectAnnotations([preview]);

type StoryModule = { default: Meta } & Record<string, StoryObj>;
const modules = import.meta.glob<StoryModule>('../../stories/*.stories.tsx', { eager: true });

/** Every story of every file, by id (`ComposerPreview/Default`), as a function that renders it under `globals`. */
const stories = Object.values(modules).flatMap((module) => {
  const { default: meta, ...exports } = module;
  const title = String(meta.title).split('/').pop();
  return Object.entries(exports)
    .filter(([name]) => name !== '__namedExportsOrder')
    .map(([name, story]) => ({
      id: `${title}/${name}`,
      render: async (globals: Record<string, string>) => {
        // Without its play function: it asserts English words, and what matters here is the story as shown.
        const composed = composeStory({ ...story, play: undefined, globals }, meta, undefined, name);
        await composed.run();
      },
    }));
});

/** The story's wrapper (the preview's decorator sets its theme, `lang` and `dir`). */
const wrapper = () => document.querySelector<HTMLElement>('.pcr-story') as HTMLElement;

/**
 * Waits until the story has settled: nothing busy, and no change for 400 ms (mock responses take 50 to 80
 * ms, and a story may fetch again once the first answer is in); a story that stays busy (Loading) after 6 s
 * is what it shows.
 */
async function settled(): Promise<void> {
  const started = Date.now();
  let changed = Date.now();
  const observer = new MutationObserver(() => (changed = Date.now()));
  observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  try {
    while (Date.now() - started < 6000 && (Date.now() - changed < 400 || document.querySelector('[aria-busy="true"]'))) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    observer.disconnect();
  }
}

/** Lays the page out at `width` (the preview's media queries follow the viewport). */
async function atWidth(width: number): Promise<void> {
  await page.viewport(width, 800);
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
}

async function axeViolations(): Promise<string[]> {
  const results = await axe.run(wrapper(), { resultTypes: ['violations'] });
  return results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

beforeAll(() => {
  expect(stories.length).toBeGreaterThan(60);
});

afterEach(() => {
  document.body.replaceChildren();
});

describe.each(stories)('$id', ({ render }) => {
  it('under the pseudo-locale: every word from the catalog, nothing sticking out at 1280 and 360 px', async () => {
    await atWidth(1280);
    await render({ locale: 'pseudo' });
    await settled();
    const text = libraryText(document.body);
    expect(englishIn(text)).toEqual([]);
    // The check reads the library's words where a story shows any (StaticSegment shows only HTML).
    if (text.length > 0) expect(text.some((words) => words.includes('['))).toBe(true);
    expectNoHorizontalOverflow(document);
    await atWidth(360);
    expectNoHorizontalOverflow(document);
  });

  it('in German: nothing sticking out at 1280 and 360 px', async () => {
    await atWidth(1280);
    await render({ locale: 'de' });
    await settled();
    expect(wrapper().lang).toBe('de');
    expectNoHorizontalOverflow(document);
    await atWidth(360);
    expectNoHorizontalOverflow(document);
  });

  it('right to left: mirrored, nothing sticking out at 360 px, no axe violation in either theme', async () => {
    await atWidth(1280);
    await render({ dir: 'rtl' });
    await settled();
    expect(wrapper().dir).toBe('rtl');
    expect(mirroringProblems(wrapper())).toEqual([]);
    await atWidth(360);
    expectNoHorizontalOverflow(document);
    expect(await axeViolations()).toEqual([]);
    // The theme is a data attribute on the wrapper: flipping it restyles the same render.
    wrapper().dataset.theme = 'dark';
    expect(await axeViolations()).toEqual([]);
  });
});
