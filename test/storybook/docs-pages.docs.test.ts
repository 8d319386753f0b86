/**
 * Storybook's docs pages as a reader sees them: the built Storybook in Chromium, every docs page (the
 * generated component pages and the MDX guides). A page fails when it does not stay at its top while its
 * stories play (a play function's focus scrolled it), when Markdown reaches it as text (a GFM table
 * rendered as pipes), when its stories' boxes are so much taller than what they show that the page is more
 * than twice as tall as its content, or when it scrolls sideways on a 360 px phone.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { waitForStorybookPage } from '../../scripts/storybook-pages.mjs';
import { openBuiltStorybook } from './storybook-site.ts';

const storybook = openBuiltStorybook();
let docsIds: string[];

beforeAll(async () => {
  docsIds = (await storybook.entries())
    .filter((entry) => entry.type === 'docs')
    .map((entry) => entry.id);
});

/** Where the page is scrolled to once its stories have played, and the furthest it went before that. */
interface Scrolled {
  top: number;
  furthest: number;
}

/**
 * Opens a docs page in a fresh context (no service worker or storage from the page before) and waits for
 * its stories: every one rendered, and those that play, played. From the first script on, the page notes
 * the furthest it scrolled.
 */
async function withDocsPage<T>(id: string, look: (page: Page) => Promise<T>): Promise<T> {
  const context = await storybook.browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    await page.addInitScript(() => {
      const scrolled = window as unknown as { furthestScroll: number };
      scrolled.furthestScroll = 0;
      addEventListener('scroll', () => (scrolled.furthestScroll = Math.max(scrolled.furthestScroll, scrollY)), { passive: true });
    });
    await page.goto(`${storybook.url}/iframe.html?id=${id}&viewMode=docs`);
    await waitForStorybookPage(page, 'docs');
    return await look(page);
  } finally {
    await context.close();
  }
}

/** The page's scroll position now, and the furthest it went since it opened. */
function scrolled(page: Page): Promise<Scrolled> {
  return page.evaluate(() => ({ top: scrollY, furthest: (window as unknown as { furthestScroll: number }).furthestScroll }));
}

/** Lines of the page's prose (code blocks aside) that look like Markdown table syntax: `| a | b |` or `|---|`. */
function markdownTableText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const root = document.querySelector('#storybook-docs') ?? document.body;
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    const found: string[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.parentElement?.closest('pre, code, textarea, .docblock-source')) continue;
      for (const line of (node.textContent ?? '').split('\n')) {
        if (/^\s*\|.*\|\s*$/.test(line) || /\|\s*:?-{3,}:?\s*\|/.test(line)) found.push(line.trim().slice(0, 80));
      }
    }
    return found;
  });
}

/** How tall the page is, and how tall it would be if every story's box were as tall as what it shows. */
function heights(page: Page): Promise<{ page: number; content: number; stories: Array<{ id: string; box: number; content: number }> }> {
  return page.evaluate(() => {
    /** The vertical extent of what a story shows: its text and its replaced elements (inputs, images, meters). */
    function contentHeight(root: Element): number {
      let top = Infinity;
      let bottom = -Infinity;
      const add = (rect: DOMRect) => {
        if (rect.width === 0 && rect.height === 0) return;
        top = Math.min(top, rect.top);
        bottom = Math.max(bottom, rect.bottom);
      };
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent?.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        add(range.getBoundingClientRect());
      }
      for (const element of root.querySelectorAll('img, svg, input, select, textarea, button, meter, canvas, video, hr')) add(element.getBoundingClientRect());
      return bottom > top ? bottom - top : 0;
    }
    const stories = [...document.querySelectorAll('[id^="story--"][id$="-inner"]')].map((root) => ({
      id: root.id,
      box: root.getBoundingClientRect().height,
      content: contentHeight(root),
    }));
    const pageHeight = document.documentElement.scrollHeight;
    // A story box may take a little more than its content (padding, a card's border): 48 px of slack each.
    const excess = stories.reduce((sum, story) => sum + Math.max(0, story.box - story.content - 48), 0);
    return { page: pageHeight, content: pageHeight - excess, stories };
  });
}

/**
 * How far the page scrolls sideways on a 360 px phone (0 when it fits), and the widest element that sticks
 * out: the page already open, narrowed (a docs page's layout is CSS, which follows the viewport).
 */
async function sidewaysOverflowOnPhone(page: Page): Promise<{ overflow: number; widest: string }> {
  await page.setViewportSize({ width: 360, height: 800 });
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  return page.evaluate(() => {
    const viewport = document.documentElement.clientWidth;
    let widest = '';
    let right = viewport;
    for (const element of document.querySelectorAll('#storybook-docs *')) {
      const box = element.getBoundingClientRect();
      if (box.right > right + 1) {
        right = box.right;
        widest = `<${element.tagName.toLowerCase()} class="${element.className}"> ${Math.round(box.right)} px`;
      }
    }
    return { overflow: document.documentElement.scrollWidth - viewport, widest };
  });
}

type Measured = Awaited<ReturnType<typeof heights>> & {
  scrolled: Scrolled;
  tableText: string[];
  phone: Awaited<ReturnType<typeof sidewaysOverflowOnPhone>>;
};

describe('Storybook docs pages', () => {
  /** Every docs page, opened once: what each check reads. */
  const pages = new Map<string, Measured>();
  beforeAll(async () => {
    for (const id of docsIds) {
      // Desktop first (the scroll position before anything reads the page, heights, tables), then the same
      // page narrowed to a phone.
      pages.set(
        id,
        await withDocsPage(id, async (page) => {
          const position = await scrolled(page);
          return { scrolled: position, ...(await heights(page)), tableText: await markdownTableText(page), phone: await sidewaysOverflowOnPhone(page) };
        }),
      );
    }
  });

  it('are found in the built Storybook, Markdown guides included', () => {
    expect(docsIds.length).toBeGreaterThan(5);
    expect(docsIds).toContain('guides-caching-and-quota--docs');
  });

  it('open at their top and stay there while their stories play (a play function focusing scrolls nothing)', () => {
    const moved = [...pages].filter(([, page]) => page.scrolled.top !== 0 || page.scrolled.furthest !== 0);
    expect(moved.map(([id, page]) => `${id}: at ${page.scrolled.top} px, ${page.scrolled.furthest} px at the furthest`)).toEqual([]);
    // The pages whose stories move the focus as they play are among them.
    expect([...pages.keys()]).toEqual(expect.arrayContaining(['components-composerpreview--docs', 'components-promptcard--docs', 'components-usagebanner--docs']));
  });

  it('render Markdown tables as tables, never as pipe text', () => {
    const failures = [...pages].filter(([, page]) => page.tableText.length > 0).map(([id, page]) => `${id}: ${page.tableText.slice(0, 3).join(' / ')}`);
    expect(failures).toEqual([]);
  });

  it('are at most twice as tall as what their stories show', () => {
    const failures: string[] = [];
    for (const [id, measured] of pages) {
      if (measured.page <= 2 * measured.content) continue;
      const tallest = [...measured.stories].sort((a, b) => b.box - b.content - (a.box - a.content))[0];
      failures.push(
        `${id}: ${measured.page} px for ${Math.round(measured.content)} px of content` +
          (tallest ? ` (${tallest.id}: a ${Math.round(tallest.box)} px box around ${Math.round(tallest.content)} px)` : ''),
      );
    }
    expect(failures).toEqual([]);
  });

  it('fit a 360 px phone without scrolling sideways (wide tables scroll in their own box)', () => {
    const failures = [...pages].filter(([, page]) => page.phone.overflow > 0).map(([id, page]) => `${id}: ${page.phone.overflow} px too wide (${page.phone.widest})`);
    expect(failures).toEqual([]);
  });
});
