// The pictures of docs/look/make-them-yours/: a prompt card, a version diff and the composer preview on a
// 360 px phone, light and dark, from a built Storybook, before and after the components were made an app's
// own (the card's details, its quieter copy button and single red note; the diff's line numbers, hunk
// headers and marks; the phone's capped variables panel). Run it on two builds to compare them:
//
//   npm run build-storybook && node scripts/look-make-them-yours.mjs --dir storybook-static --out docs/look/make-them-yours/after
//   node scripts/look-make-them-yours.mjs --dir /tmp/main-storybook --out docs/look/make-them-yours/before
//
// `--rtl` adds `dir:rtl` to every story's globals (the built Storybook is a production build).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { launchChromium, serveDirectory, waitForStorybookPage } from './storybook-pages.mjs';

const { values } = parseArgs({
  options: { dir: { type: 'string', default: 'storybook-static' }, out: { type: 'string', default: 'look' }, rtl: { type: 'boolean', default: false } },
});

/** What to capture: a story, the viewport, and the element (or `screen`, the viewport after `act`). */
const SCENES = [
  { name: 'card', story: 'components-promptcard--copied-with-unfilled', viewport: { width: 720, height: 900 }, element: '.pcr-prompt-card' },
  { name: 'diff', story: 'components-promptdiff--variables-added-and-removed', viewport: { width: 1024, height: 900 }, element: '.pcr-diff' },
  {
    name: 'preview-360',
    story: 'components-composerpreview--default',
    viewport: { width: 360, height: 780 },
    element: 'screen',
    // Scrolled a little, so that the variables panel stays at the top while the cards pass under it.
    async act(page) {
      await page.evaluate(() => {
        const message = document.querySelector('[data-message="user"]');
        window.scrollTo(0, message.getBoundingClientRect().top + window.scrollY - window.innerHeight * 0.55);
      });
    },
  },
];

mkdirSync(values.out, { recursive: true });
const server = await serveDirectory(values.dir);
const browser = await launchChromium();
try {
  for (const scene of SCENES) {
    for (const theme of ['light', 'dark']) {
      const context = await browser.newContext({ viewport: scene.viewport, colorScheme: theme });
      try {
        const page = await context.newPage();
        const globals = `theme:${theme}${values.rtl ? ';dir:rtl' : ''}`;
        await page.goto(`${server.url}/iframe.html?id=${scene.story}&viewMode=story&globals=${globals}`);
        await waitForStorybookPage(page, 'story');
        await scene.act?.(page);
        await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
        const path = join(values.out, `${scene.name}-${theme}${values.rtl ? '-rtl' : ''}.png`);
        if (scene.element === 'screen') await page.screenshot({ path });
        else await page.locator(scene.element).first().screenshot({ path });
      } finally {
        await context.close();
      }
    }
  }
} finally {
  await browser.close();
  await server.close();
}
console.log(`${SCENES.length * 2} pictures in ${values.out}/`);
