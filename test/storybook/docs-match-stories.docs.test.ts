/**
 * Every story shown on a docs page looks there as it looks on its own page. A docs page renders all of a
 * component's stories in one frame, so anything they share (network handlers, a mock database, a usage
 * store, a QueryClient) shows one story's state in another. For each story on each docs page (the
 * generated component pages and the MDX guides that embed stories), this compares the story's accessibility
 * tree (roles, names, text and values, as Playwright's `ariaSnapshot` writes it) with the same story opened
 * alone, both read once they have stopped changing. It also fails on console errors of a story page: the
 * stories about 4xx and 5xx answers expect them, and say nothing about them in the console.
 */
import type { ConsoleMessage, Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { waitForStorybookPage } from '../../scripts/storybook-pages.mjs';
import { type IndexEntry, openBuiltStorybook } from './storybook-site.ts';

/** One story as a page shows it: its accessibility tree, once settled, and whether it ever settled. */
interface Shown {
  snapshot: string;
  settled: boolean;
}

const storybook = openBuiltStorybook();
let entries: IndexEntry[];

beforeAll(async () => {
  entries = await storybook.entries();
});

/** How long a page's stories must stay unchanged to count as settled, and how long to wait for that. */
const QUIET_MS = 800;
const SETTLE_TIMEOUT_MS = 15_000;

/**
 * Reads the accessibility trees of `roots` until none has changed for `QUIET_MS`: mock responses arrive
 * after 50 to 80 ms, and a story may fetch again once the first answer is in.
 */
async function settledSnapshots(page: Page, roots: Locator[]): Promise<Shown[]> {
  const started = Date.now();
  let last = await Promise.all(roots.map((root) => root.ariaSnapshot()));
  let quietSince = Date.now();
  while (Date.now() - quietSince < QUIET_MS) {
    if (Date.now() - started > SETTLE_TIMEOUT_MS) return last.map((snapshot) => ({ snapshot, settled: false }));
    await page.waitForTimeout(200);
    const next = await Promise.all(roots.map((root) => root.ariaSnapshot()));
    if (next.some((snapshot, index) => snapshot !== last[index])) quietSince = Date.now();
    last = next;
  }
  return last.map((snapshot) => ({ snapshot, settled: true }));
}

/** Opens a page of the built Storybook in a fresh context (no service worker or storage from another page). */
async function withPage<T>(path: string, viewMode: 'docs' | 'story', look: (page: Page, errors: string[]) => Promise<T>): Promise<T> {
  const context = await storybook.browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (message: ConsoleMessage) => {
      // Storybook's iframe.html names no icon, so Chromium asks the static server for /favicon.ico.
      if (message.type() === 'error' && !message.location().url.endsWith('/favicon.ico')) errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${storybook.url}/iframe.html?${path}&viewMode=${viewMode}`);
    await waitForStorybookPage(page, viewMode);
    return await look(page, errors);
  } finally {
    await context.close();
  }
}

/** A story root on a docs page: `story--<id>-inner`, or `story--<id>--primary-inner` for the story at the top. */
const DOCS_ROOT = /^story--(.+?)(--primary)?-inner$/;

/** Every story a docs page shows, by the id of its root, with what it shows. */
function docsPageStories(docsId: string): Promise<Array<{ rootId: string; storyId: string; shown: Shown }>> {
  return withPage(`id=${docsId}`, 'docs', async (page) => {
    const rootIds = await page.evaluate(() => [...document.querySelectorAll('[id^="story--"][id$="-inner"]')].map((root) => root.id));
    const shown = await settledSnapshots(page, rootIds.map((id) => page.locator(`[id="${id}"]`)));
    return rootIds.map((rootId, index) => ({ rootId, storyId: DOCS_ROOT.exec(rootId)?.[1] ?? rootId, shown: shown[index] as Shown }));
  });
}

/** What a story shows on its own page, and the console errors of that page. */
function storyPage(storyId: string): Promise<{ shown: Shown; errors: string[] }> {
  return withPage(`id=${storyId}`, 'story', async (page, errors) => {
    const [shown] = await settledSnapshots(page, [page.locator('#storybook-root')]);
    return { shown: shown as Shown, errors };
  });
}

/** The first lines where two snapshots differ, for the failure message. */
function firstDifference(docs: string, alone: string): string {
  const docsLines = docs.split('\n');
  const aloneLines = alone.split('\n');
  const index = docsLines.findIndex((line, at) => line !== aloneLines[at]);
  const at = index === -1 ? Math.min(docsLines.length, aloneLines.length) : index;
  return `line ${at + 1}: docs ${JSON.stringify(docsLines[at] ?? '(end)')} / alone ${JSON.stringify(aloneLines[at] ?? '(end)')}`;
}

/** Runs `work` over `items`, two at a time: enough for two cores without starving the pages' own timers. */
async function twoAtATime<T>(items: T[], work: (item: T) => Promise<void>): Promise<void> {
  const queue = [...items];
  const worker = async () => {
    for (let item = queue.shift(); item !== undefined; item = queue.shift()) await work(item);
  };
  await Promise.all([worker(), worker()]);
}

describe('Stories on docs pages', () => {
  /** Every story root of every docs page, with the docs page it is on. */
  const onDocs: Array<{ docsId: string; rootId: string; storyId: string; shown: Shown }> = [];
  /** Every story shown on some docs page, alone on its own page. */
  const alone = new Map<string, { shown: Shown; errors: string[] }>();

  // Each crawl grows with the stories (about 1.5 s a page, two at a time): one hook each, each with its
  // own allowance, so that a slower CI machine is not mistaken for a page that never settles (that is
  // SETTLE_TIMEOUT_MS, and a failed test of its own).
  const CRAWL_TIMEOUT_MS = 900_000;

  beforeAll(async () => {
    await twoAtATime(entries.filter((entry) => entry.type === 'docs'), async (docs) => {
      for (const story of await docsPageStories(docs.id)) onDocs.push({ docsId: docs.id, ...story });
    });
  }, CRAWL_TIMEOUT_MS);

  beforeAll(async () => {
    await twoAtATime([...new Set(onDocs.map((story) => story.storyId))], async (storyId) => {
      alone.set(storyId, await storyPage(storyId));
    });
  }, CRAWL_TIMEOUT_MS);

  it('cover every story that has a docs page, each alone too', () => {
    const stories = entries.filter((entry) => entry.type === 'story');
    const documented = stories.filter((story) => story.tags?.includes('autodocs'));
    const shown = new Set(onDocs.map((story) => story.storyId));
    expect(documented.filter((story) => !shown.has(story.id)).map((story) => story.id)).toEqual([]);
    expect(shown.size).toBeGreaterThanOrEqual(documented.length);
    expect([...shown].filter((id) => !alone.has(id))).toEqual([]);
  });

  it('settle, on their docs pages and alone', () => {
    const unsettled = [
      ...onDocs.filter((story) => !story.shown.settled).map((story) => `${story.rootId} on ${story.docsId}`),
      ...[...alone].filter(([, page]) => !page.shown.settled).map(([storyId]) => `${storyId} alone`),
    ];
    expect(unsettled).toEqual([]);
  });

  it('show on their docs page what they show alone', () => {
    const different = onDocs
      .filter((story) => story.shown.snapshot !== alone.get(story.storyId)?.shown.snapshot)
      .map((story) => `${story.rootId} on ${story.docsId}: ${firstDifference(story.shown.snapshot, alone.get(story.storyId)?.shown.snapshot ?? '')}`);
    expect(different).toEqual([]);
  });

  it('show something: no story is empty on its own page', () => {
    expect([...alone].filter(([, page]) => page.shown.snapshot.trim() === '').map(([storyId]) => storyId)).toEqual([]);
  });

  it('log no console error on their own page, the stories of 4xx and 5xx answers included', () => {
    const noisy = [...alone].filter(([, page]) => page.errors.length > 0).map(([storyId, page]) => `${storyId}: ${page.errors.slice(0, 2).join(' / ')}`);
    expect(noisy).toEqual([]);
  });
});
