// Screenshots of every story and docs page, at desktop, phone and dark, to look at what a person sees.
//
//   npm run screenshots                                  the built Storybook (storybook-static/, built if missing)
//   npm run screenshots -- --url http://localhost:6006   a running one (`npm start`)
//   npm run screenshots -- --dir /tmp/main-storybook       another built one (say, main's, for a before and after)
//   npm run screenshots -- --out shots playground usagebanner   only ids containing one of the words
//   npm run screenshots -- --looks phone,phone-dark usagebanner    only some looks (default: desktop, phone, dark)
//
// PNGs go to screenshots/{desktop,phone,dark,phone-dark}/<id>.png, each of the full page: the viewport is made as tall
// as the page first, because cards off screen skip painting (`content-visibility: auto`) and a capture beyond
// the viewport would show them blank. Each page load gets a fresh browser context, so service workers and
// storage never leak from one page into the next.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { launchChromium, serveDirectory, sizeViewportToPage, waitForStorybookPage } from './storybook-pages.mjs';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { url: { type: 'string' }, out: { type: 'string', default: 'screenshots' }, dir: { type: 'string', default: 'storybook-static' }, looks: { type: 'string', default: 'desktop,phone,dark' } },
});

/** The looks a page can be captured in: viewport, and the Theme toolbar value. */
const ALL_LOOKS = [
  { name: 'desktop', viewport: { width: 1280, height: 800 }, theme: 'light' },
  { name: 'phone', viewport: { width: 360, height: 780 }, theme: 'light' },
  { name: 'dark', viewport: { width: 1280, height: 800 }, theme: 'dark' },
  { name: 'phone-dark', viewport: { width: 360, height: 780 }, theme: 'dark' },
];
const LOOKS = values.looks.split(',').map((name) => ALL_LOOKS.find((look) => look.name === name.trim()) ?? fail(`No look named ${name}: ${ALL_LOOKS.map((look) => look.name).join(', ')}`));

function fail(message) {
  console.error(message);
  process.exit(1);
}

let base = values.url?.replace(/\/$/, '');
let server;
if (!base) {
  if (values.dir === 'storybook-static' && !existsSync('storybook-static/index.json')) {
    console.log('storybook-static/ is missing: building it (npm run build-storybook)');
    execFileSync('npm', ['run', 'build-storybook'], { stdio: 'inherit' });
  }
  server = await serveDirectory(values.dir);
  base = server.url;
}

const index = await (await fetch(`${base}/index.json`)).json();
const entries = Object.values(index.entries).filter((entry) => positionals.length === 0 || positionals.some((word) => entry.id.includes(word.toLowerCase())));
for (const look of LOOKS) mkdirSync(join(values.out, look.name), { recursive: true });

const browser = await launchChromium();
let written = 0;
try {
  // Two pages at a time: enough to keep two cores busy without starving the pages' own timers.
  const queue = entries.flatMap((entry) => LOOKS.map((look) => ({ entry, look })));
  const worker = async () => {
    for (let job = queue.shift(); job; job = queue.shift()) {
      const { entry, look } = job;
      const context = await browser.newContext({ viewport: look.viewport, colorScheme: look.theme === 'dark' ? 'dark' : 'light' });
      try {
        const page = await context.newPage();
        const viewMode = entry.type === 'docs' ? 'docs' : 'story';
        await page.goto(`${base}/iframe.html?id=${entry.id}&viewMode=${viewMode}&globals=theme:${look.theme}`);
        await waitForStorybookPage(page, viewMode);
        await sizeViewportToPage(page);
        const file = join(values.out, look.name, `${entry.id}.png`);
        await page.screenshot({ path: file });
        written += 1;
      } catch (error) {
        console.error(`${entry.id} (${look.name}): ${error.message}`);
        process.exitCode = 1;
      } finally {
        await context.close();
      }
    }
  };
  await Promise.all([worker(), worker()]);
} finally {
  await browser.close();
  server?.close();
}
console.log(`${written} screenshots of ${entries.length} stories and docs pages in ${values.out}/{${LOOKS.map((look) => look.name).join(',')}}`);
