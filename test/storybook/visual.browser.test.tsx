/**
 * Visual regression: every story, played to the state it is named for, in the light and the dark theme at
 * 1024 px, and in the light theme at 360 px where its layout changes on a phone (a preview's columns, a line
 * diff's sides, a card's copy row, the usage banner's actions, the settings of a diff: the dark theme's
 * colours are the desktop captures' concern, the phone's layout is one theme's), compared with its committed baseline
 * (`baselines/<File>/<Story>-<theme>-<width>.png`) by Vitest's `toMatchScreenshot`. Each capture is the
 * story's root element (the component, or the story's wrapper where it shows several), not the page.
 * `npm run test:visual:update` rewrites the baselines after a deliberate change of the look, then makes the
 * new ones smaller without changing a pixel (scripts/optimize-baselines.mjs; docs/contributing/visual-tests.md).
 *
 * What makes a capture the same on every run:
 * - the page is as tall as the story (up to `MAX_HEIGHT`), so that no card or segment is off screen, where
 *   `content-visibility: auto` leaves it unpainted;
 * - `Date` is fixed (the usage banner's reset date, the mock backend's usage period); the browser's time
 *   zone and language are pinned for every browser test (UTC, en-US: test/browser-options.ts);
 * - `STILL` stops animations and transitions (the loading skeletons' pulse), hides the text caret and focus
 *   rings (painted only while the frame has the browser's focus); the mouse is parked in the top-left
 *   corner before a capture, so no control shows its hover style (the pointer is wherever the last click of
 *   any test file left it: a version picker's darker border failed PromptPreview's captures in `npm test`);
 * - the capture waits until the story has settled, and the stories' mock backend draws its latencies from
 *   a seeded sequence (stories/support/mock-api.ts): parallel answers come in the same order every time.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { commands, page, server } from 'vitest/browser';
import { atWidth, nextPaint, settled, stories, wrapper } from './stories.ts';

/** Where the baselines live (the browser project's `resolveScreenshotPath` puts them there), from the repository's root. */
const BASELINES = 'test/storybook/baselines';

/** The committed baselines, by path from this file (`./baselines/PromptCard/Default-dark-360.png`); none is loaded. */
const committed = Object.keys(import.meta.glob('./baselines/**/*.png'));

const THEMES = ['light', 'dark'] as const;
/**
 * A desktop (every wide layout holds from 48rem, 768 px: the preview's two columns, a split diff's sides) and
 * a small phone.
 */
const WIDTHS = [1024, 360] as const;

/**
 * What lays out differently on a 360 px phone (a media or container query): a story with none of these is
 * the desktop's layout, only narrower, and has no phone baseline.
 */
const PHONE_LAYOUTS = [
  '.pcr-preview__body',
  '.pcr-preview__skeleton',
  '.pcr-lines',
  '.pcr-diff__change',
  '.pcr-prompt-card__actions',
  '.pcr-usage-banner',
  '.pcr-playground',
  '.app-preview',
].join(', ');

/**
 * The tallest capture, in CSS pixels: a longer story is captured down to here. Every story fits but
 * ComposerPreview/LongComposer (over 7,000 px tall, over 11,000 at 360; it sets a lower limit of its own), a stress test whose segments repeat;
 * the next tallest is ComposerDiff/StructureAndMarkup at 360 px (4,609 px).
 */
const MAX_HEIGHT = 5000;

/** A fixed "now" for `Date`: mid-month, mid-morning UTC, so no date or minute shown is near a boundary. */
const NOW = new Date('2026-11-18T10:00:00Z');

/**
 * Anti-aliasing only: a pixel counts as changed when its colour moves by more than 0.05 of pixelmatch's
 * scale (its default, 0.1, let one grey step of a token through: #59636e to #6e7781), anti-aliased pixels
 * are not counted (`includeAA` false), and up to 16 changed pixels pass. Runs here differ by 3 or 4
 * anti-aliased corner pixels at most; a real change is a thousand or more (that grey step: 1,093 to 1,972
 * per prompt card capture; a card border 1 px wider: 16,275 to 35,338).
 */
const COMPARATOR = { comparatorName: 'pixelmatch', comparatorOptions: { threshold: 0.05, allowedMismatchedPixels: 16 } } as const;

/**
 * A test-only stylesheet: what moves by itself stands still, no text caret blinks, and no focus ring shows.
 * A ring that a play function leaves paints only while the test's frame has the browser's focus, which
 * other test files running in the same browser take and give back (in \`npm test\`, PromptPreview's version
 * picker had its ring in one run and not in the next).
 */
const STILL = `
*, *::before, *::after {
  animation: none !important;
  transition: none !important;
  caret-color: transparent !important;
  scroll-behavior: auto !important;
}
:focus, :focus-visible {
  outline: none !important;
}`;

/**
 * The baseline's name: `PromptCard/Default-dark-360` (the story's file, the story, the theme and the width), with
 * a title's spaces as dashes, as Vitest writes the file (`Build-your-own-preview/...`).
 */
const baselineName = (id: string, theme: string, width: number) => `${id.replace(/ /g, '-')}-${theme}-${width}`;

/** The baselines this run compared or wrote, and how many story and width pairs ran. */
const captured = new Set<string>();
let runs = 0;

/**
 * What a story is captured by: its one root element, else its wrapper (which then is no taller than its
 * content), and the wrapper too where the root is cut at `MAX_HEIGHT` (the wrapper clips it there).
 */
function captureRoot(maxHeight = MAX_HEIGHT): HTMLElement {
  const children = [...wrapper().children].filter((child) => child instanceof HTMLElement && child.checkVisibility());
  const [only] = children;
  if (children.length === 1 && only instanceof HTMLElement && only.getBoundingClientRect().height <= maxHeight - 32) return only;
  wrapper().style.minBlockSize = '0';
  return wrapper();
}

/** Whether this run writes baselines (`--update`); otherwise a missing one fails without being written. */
const updating = server.config.snapshotOptions.updateSnapshot === 'all';

/**
 * Makes the page as tall as the story, the browser's window too (a frame larger than the window is scaled
 * down to fit it, and captured scaled). A story taller than `MAX_HEIGHT` is cut there: its wrapper clips
 * what lies below, which would be off screen, so painted blank.
 */
async function fitPageToStory(width: number, maxHeight = MAX_HEIGHT): Promise<void> {
  let height = 0;
  // The story's height can move once the page is taller (its wrapper is at least 100vh): until it stays.
  for (let attempt = 0; attempt < 3 && height !== document.documentElement.scrollHeight; attempt++) {
    height = document.documentElement.scrollHeight;
    if (height > maxHeight) {
      Object.assign(wrapper().style, { maxBlockSize: `${maxHeight}px`, overflow: 'clip' });
      height = maxHeight;
    }
    await commands.resizeWindow(width, height);
    await atWidth(width, height);
  }
}

let style: HTMLStyleElement;

beforeAll(() => {
  style = document.createElement('style');
  style.textContent = STILL;
  document.head.append(style);
});

afterAll(async () => {
  style.remove();
  await commands.resizeWindow(1280, 720);
});

beforeEach(() => {
  // Only `Date`: timers stay real, for msw's latencies, user-event's pauses and TanStack Query. (Faking
  // `setTimeout` too, with the clock following real time, left a suspended query's story suspended.)
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});

afterEach(() => {
  vi.useRealTimers();
  document.body.replaceChildren();
});

it('has stories to compare', () => {
  expect(stories.length).toBeGreaterThan(60);
});

// Once every story ran at both widths: no baseline of a story, theme or width that is no longer captured.
afterAll(async () => {
  if (runs < stories.length * WIDTHS.length) return;
  const obsolete = committed.filter((path) => !captured.has(path));
  if (updating) {
    for (const path of obsolete) await commands.removeFile(`${BASELINES}/${path.slice('./baselines/'.length)}`);
  } else {
    expect(obsolete, 'baselines of no story, theme or width: remove them with `npm run test:visual:update`').toEqual([]);
  }
});

describe.each(stories)('$id', ({ id, staysBusy, maxHeight, phone, captured: capturedAtAll, render }) => {
  it.each(WIDTHS)('looks as it did at %i px', async (width) => {
    runs++;
    // A story that shows another story's render, with assertions of its own (the Playground's checks).
    if (!capturedAtAll) return;
    await atWidth(width);
    await render({ play: true });
    await settled({ staysBusy });
    // On a phone, only what lays out differently there.
    if (width < WIDTHS[0] && (!phone || !wrapper().querySelector(PHONE_LAYOUTS))) return;
    await fitPageToStory(width, maxHeight);
    await commands.parkPointer();
    const root = captureRoot(maxHeight);
    for (const theme of width < WIDTHS[0] ? (['light'] as const) : THEMES) {
      // The theme is a data attribute on the wrapper: flipping it restyles the same render.
      wrapper().dataset.theme = theme;
      await nextPaint();
      const name = baselineName(id, theme, width);
      captured.add(`./baselines/${name}.png`);
      if (!updating) expect(committed, `no baseline for ${name}: write it with \`npm run test:visual:update\``).toContain(`./baselines/${name}.png`);
      await expect.element(page.elementLocator(root)).toMatchScreenshot(name, COMPARATOR);
    }
    // A long story on a busy machine (two cores shared with other work) takes more than the default 15 s.
  }, 60_000);
});
