// Helpers for driving a Storybook in Chromium with playwright-core: the screenshot script and the
// docs-page checks (test/storybook/) use them.
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath } from './chromium.mjs';

export { CHROMIUM_ARGS };

/** Chromium's path: the one `scripts/chromium.mjs` finds (`pretest` gets one where none is). */
export const CHROMIUM_PATH = chromiumPath();

/** Starts Chromium (headless). */
export function launchChromium() {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

const TYPES = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};

/** Serves a directory (a built Storybook) on a free loopback port. */
export async function serveDirectory(directory) {
  const root = resolve(directory);
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
    const file = join(root, path === '/' ? 'index.html' : path);
    if (!file.startsWith(root) || !existsSync(file) || !statSync(file).isFile()) return void response.writeHead(404).end();
    response.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(response);
  });
  await new Promise((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address();
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((done) => server.close(done)) };
}

/**
 * Waits until the page's stories have finished (rendered, played, or failed) and the layout has settled:
 * every story render of Storybook's preview in a final phase, and a docs page's content in place.
 */
export async function waitForStorybookPage(page, viewMode, timeout = 30_000) {
  await page.waitForFunction(
    (mode) => {
      const preview = window.__STORYBOOK_PREVIEW__;
      if (!preview) return false;
      const renders = preview.storyRenders ?? [];
      const done = renders.every((render) => ['finished', 'aborted', 'errored'].includes(render.phase));
      if (mode === 'docs') return done && document.querySelector('#storybook-docs .sbdocs-content, #storybook-docs .sbdocs') !== null;
      return done && renders.length > 0;
    },
    viewMode,
    { timeout, polling: 100 },
  );
  await page.evaluate(() => document.fonts.ready);
  // Two animation frames: what the last render scheduled is laid out and painted.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

/**
 * Makes the viewport as tall as the page, so that a screenshot of it is the full page as a reader would
 * see it scrolled through: prompt cards and preview segments off screen skip painting
 * (`content-visibility: auto`), so Playwright's `fullPage` capture beyond the viewport shows them blank.
 * Returns the height it set.
 */
export async function sizeViewportToPage(page) {
  const { width } = page.viewportSize() ?? { width: 1280 };
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width, height });
  // Two animation frames: the cards now on screen are laid out and painted.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  return height;
}
