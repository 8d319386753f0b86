// Pictures for a review of the look: the callouts, the usage banner, a prompt card and the composer preview
// on a 360 px phone, light and dark, from a built Storybook. Run it on two builds to compare them (the
// pictures are for the review, not the repository's docs):
//
//   npm run build-storybook && node scripts/look-screenshots.mjs --dir storybook-static --out look/after
//   node scripts/look-screenshots.mjs --dir /tmp/main-storybook --out look/before
//
// Each picture is of the component alone (its element), except the preview, which is the phone's screen
// while someone types: a name typed into the variables, the page scrolled to the card that shows it.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { launchChromium, serveDirectory, waitForStorybookPage } from './storybook-pages.mjs';

const { values } = parseArgs({ options: { dir: { type: 'string', default: 'storybook-static' }, out: { type: 'string', default: 'look' } } });

/** A 360 px phone, as the issue's checks and the stories' `phone` viewport. */
const PHONE = { width: 360, height: 780 };

/**
 * What to capture: a story, and the element to capture (or `screen`, the viewport after `act`). Names are
 * the files' (`<name>-<theme>.png`).
 */
const SCENES = [
  { name: 'callout-not-found', story: 'components-composerpreview--not-found', element: '.pcr-preview' },
  { name: 'callout-quota', story: 'components-composerpreview--quota-exceeded', element: '.pcr-preview' },
  { name: 'callout-server-error', story: 'components-composerpreview--server-error', element: '.pcr-preview' },
  { name: 'banner-warning', story: 'components-usagebanner--warning', element: '.pcr-usage-banner' },
  { name: 'banner-critical', story: 'components-usagebanner--critical', element: '.pcr-usage-banner' },
  { name: 'banner-exceeded', story: 'components-usagebanner--exceeded', element: '.pcr-usage-banner' },
  { name: 'card-copied-with-unfilled', story: 'components-promptcard--copied-with-unfilled', element: '.pcr-prompt-card' },
  {
    name: 'preview-typing',
    story: 'components-composerpreview--default',
    element: 'screen',
    // Types a name, then scrolls the card that shows it into the lower half of the screen.
    async act(page) {
      await page.getByRole('textbox', { name: 'customer.name' }).fill('Ada Lovelace');
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
      const context = await browser.newContext({ viewport: PHONE, colorScheme: theme });
      try {
        const page = await context.newPage();
        await page.goto(`${server.url}/iframe.html?id=${scene.story}&viewMode=story&globals=theme:${theme}`);
        await waitForStorybookPage(page, 'story');
        await scene.act?.(page);
        await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
        const path = join(values.out, `${scene.name}-${theme}.png`);
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
