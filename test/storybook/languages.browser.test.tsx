/**
 * Every story in another language and the other direction, as the toolbar's `locale` and `dir` globals
 * render it (`&globals=locale:pseudo;dir:rtl` in a story's URL):
 * - under the pseudo-locale, every story plays (its play function finds elements by role and by the catalog's
 *   words, never by English), no word of the English catalog shows (a string that bypassed the catalog), and
 *   nothing sticks out of the page at 1280 and at 360 px (the pseudo-locale's words are 40 % longer);
 * - in German (long words), nothing sticks out at 1280 and at 360 px;
 * - right to left: nothing sticks out at 360 px, axe finds no violation in the light and the dark theme,
 *   and what has a side is mirrored (the preview's form on the right, the banner's button on the left...).
 * In German and right to left, stories render without their play function: what they show once loaded.
 */
import axe from 'axe-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectNoHorizontalOverflow } from '../../.storybook/overflow.ts';
import { englishIn, libraryText } from './catalog-strings.ts';
import { mirroringProblems } from './mirroring.ts';
import { atWidth, settled, stories, wrapper } from './stories.ts';

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

describe.each(stories)('$id', ({ staysBusy, render }) => {
  it('under the pseudo-locale: plays, every word from the catalog, nothing sticking out at 1280 and 360 px', async () => {
    await atWidth(1280);
    await render({ globals: { locale: 'pseudo' }, play: true });
    await settled({ staysBusy });
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
    await render({ globals: { locale: 'de' } });
    await settled({ staysBusy });
    expect(wrapper().lang).toBe('de');
    expectNoHorizontalOverflow(document);
    await atWidth(360);
    expectNoHorizontalOverflow(document);
  });

  it('right to left: mirrored, nothing sticking out at 360 px, no axe violation in either theme', async () => {
    await atWidth(1280);
    await render({ globals: { dir: 'rtl' } });
    await settled({ staysBusy });
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
