// End-to-end check of the package as users get it: this app installs prompt-composer-react from the
// `npm pack` tarball, is built with Vite, talks to the loopback mock server, and is driven in Debian's
// Chromium with playwright-core. Also renders a page on the server (plain Node, no DOM) and hydrates it.
// Run from the repo root with `npm run test:example` (which packs, installs and builds first).
import { execFile } from 'node:child_process';
import { createReadStream, existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startMockServer } from 'prompt-composer-react/mocks/server';

const here = fileURLToPath(new URL('.', import.meta.url));
const checks = [];
function check(name, ok, detail = '') {
  checks.push({ name, ok });
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}${detail ? ` (${detail})` : ''}`);
}

const types = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml' };
function serve(root, pages = {}) {
  const server = createServer((request, response) => {
    const path = new URL(request.url, 'http://localhost').pathname;
    if (pages[path]) {
      response.writeHead(200, { 'Content-Type': 'text/html' }).end(pages[path]);
      return;
    }
    const file = join(root, path === '/' ? 'index.html' : path);
    if (!file.startsWith(root) || !existsSync(file)) {
      response.writeHead(404).end('not found');
      return;
    }
    response.writeHead(200, { 'Content-Type': types[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(response);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${server.address().port}` })));
}

// The bin from the tarball, in plain Node: the committed src/prompt-api.gen.d.ts matches the fixtures.
// Asynchronous: the mock server answers from this very process.
const typegenMock = await startMockServer({ port: 0 });
const typegen = (key, ...args) =>
  new Promise((resolve) => {
    const bin = join(here, 'node_modules/.bin/prompt-composer-react');
    const argv = ['typegen', '--base-url', typegenMock.url, '--out', 'src/prompt-api.gen.d.ts', ...args];
    const env = { PATH: process.env.PATH, PROMPT_API_KEY: key };
    execFile(bin, argv, { cwd: here, env }, (error, stdout, stderr) => resolve({ status: error ? error.code : 0, stdout, stderr }));
  });
const checked = await typegen('pk_test_free', '--check');
check('typegen --check: the committed types match the API', checked.status === 0, checked.status === 0 ? '' : `${checked.status} ${checked.stdout}${checked.stderr}`);
const refused = await typegen('pk_test_exhausted', '--check');
check('typegen exits 2 on a used-up quota', refused.status === 2 && refused.stderr.includes('USAGE_LIMIT_EXCEEDED'), `${refused.status}`);
await typegenMock.close();

const mock = await startMockServer({ port: 0 });
const { render } = await import(join(here, 'dist-server', 'ssr-entry.js'));
const ssr = await render(mock.url, 'pk_test_free');
check('server render in plain Node', typeof window === 'undefined' && ssr.html.includes('HTML showcase'));
// The preview's own variables form is ours; any other form would come from the showcase HTML.
const foreign = ssr.html.replace(/<form class="pcr-[^"]*"/g, '');
const unsafe = [/<script/i, /\sonerror=/i, /\sonclick=/i, /javascript:/i, /<iframe/i, /<form/i];
check('server HTML holds no unsanitized markup', unsafe.every((pattern) => !pattern.test(foreign)), unsafe.filter((pattern) => pattern.test(foreign)).join(' '));
const ssrPage = readFileSync(join(here, 'dist', 'ssr.html'), 'utf8')
  .replace('<!--app-html-->', ssr.html)
  .replace('/*app-state*/null', JSON.stringify(ssr.state).replace(/</g, '\\u003c'));
const app = await serve(join(here, 'dist'), { '/ssr-page': ssrPage });

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  // The app, as a user sees it.
  const context = await browser.newContext();
  const page = await context.newPage();
  const pageErrors = [];
  page.on('pageerror', (error) => pageErrors.push(String(error)));
  await page.goto(`${app.url}/?api=${encodeURIComponent(mock.url)}`);
  await page.getByText('Welcome email').first().waitFor();
  check('loads the prompt list', (await page.locator('#prompts-heading + ul li').count()) >= 5);
  await page.getByRole('button', { name: 'Open Onboarding flow' }).click();
  const input = page.getByRole('textbox').first();
  await input.waitFor();
  const label = await input.evaluate((element) => element.labels?.[0]?.textContent ?? '');
  await input.fill('Ada Lovelace');
  await page.getByText('Ada Lovelace', { exact: false }).last().waitFor();
  check('types a variable and sees the preview change', (await page.locator('mark', { hasText: 'Ada Lovelace' }).count()) > 0, `variable ${label.trim()}`);
  const chat = page.locator('section[aria-labelledby="messages-heading"] pre');
  await chat.waitFor();
  const sent = JSON.parse(await chat.textContent());
  check(
    'typed chatMessages fills both messages',
    sent[0].content.endsWith('Sign every email as Sam from the Lumen team.') && sent[1].content.includes('Katherine Johnson at NASA Langley'),
  );
  await page.getByLabel('API key').selectOption('Exhausted plan');
  const banner = page.locator('[data-state="exceeded"]');
  await banner.waitFor();
  check('switches to the exhausted key and sees the banner', (await banner.getAttribute('role')) === 'alert');
  check('no uncaught errors in the app', pageErrors.length === 0, pageErrors.join('; '));
  await context.close();

  // Inside Vite's template stylesheet (a centred #root), built for production (Lightning CSS minified the CSS):
  // the components keep their own alignment left to right, and mirror right to left.
  for (const dir of ['ltr', 'rtl']) {
    const styled = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
    const tab = await styled.newPage();
    await tab.goto(`${app.url}/?api=${encodeURIComponent(mock.url)}&dir=${dir}`);
    await tab.getByRole('button', { name: 'Open Onboarding flow' }).click();
    const card = tab.locator('.pcr-prompt-card').first();
    await card.waitFor();
    if (dir === 'ltr') {
      const aligned = await tab.evaluate(() =>
        ['[data-message="user"]', '.pcr-variables-form__label', '.pcr-prompt-card__meta dt', '.pcr-static'].map((selector) => [selector, getComputedStyle(document.querySelector(selector)).textAlign]),
      );
      check('inside a centred #root, the components align their text to the start', aligned.every(([, align]) => align === 'start'), aligned.map((pair) => pair.join(': ')).join(', '));
      continue;
    }
    // A message with unfilled placeholders copied: the card's bar on its right edge.
    await card.getByRole('button', { name: /^Copy user message/ }).click();
    await tab.locator('.pcr-prompt-card[data-missing="alert"]').first().waitFor();
    const bar = await tab.evaluate(() => {
      const flagged = getComputedStyle(document.querySelector('.pcr-prompt-card[data-missing="alert"]'));
      return [flagged.borderRightWidth, flagged.borderLeftWidth];
    });
    check('right to left: a flagged card has its bar on its right edge', Number.parseFloat(bar[0]) > Number.parseFloat(bar[1]), bar.join(' / '));
    await tab.getByLabel('API key').selectOption('Exhausted plan');
    const arrow = tab.locator('.pcr-usage-banner .pcr-icon[data-icon="arrow"]');
    await arrow.waitFor();
    const pointsLeft = await arrow.evaluate((icon) => {
      const [outer, strip] = [icon.getBoundingClientRect(), icon.querySelector('svg').getBoundingClientRect()];
      return Math.abs(strip.right - outer.right) < 1 && strip.left < outer.left - 1;
    });
    check('right to left: the banner\'s upgrade arrow points left', pointsLeft);
    await styled.close();
  }

  // The server-rendered page, hydrated.
  const ssrContext = await browser.newContext();
  const ssrTab = await ssrContext.newPage();
  const messages = [];
  ssrTab.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') messages.push(message.text());
  });
  ssrTab.on('pageerror', (error) => messages.push(String(error)));
  await ssrTab.goto(`${app.url}/ssr-page`);
  await ssrTab.getByRole('heading', { name: /Onboarding flow/ }).first().waitFor();
  await ssrTab.getByRole('textbox').first().fill('Grace');
  await ssrTab.locator('mark', { hasText: 'Grace' }).first().waitFor();
  check('hydrates and stays interactive', true);
  const hydration = messages.filter((text) => /hydrat|did not match|mismatch|recoverable/i.test(text));
  check('hydrates without a mismatch warning', hydration.length === 0, hydration.join('; '));
  // The showcase payloads (src/mocks/fixtures/composers.ts) set `window.__pwned`; `__xss` is the test suite's.
  await ssrTab.getByText('Click me: nothing should happen.').waitFor();
  await ssrTab.getByText('Click me: nothing should happen.').click();
  const executed = await ssrTab.evaluate(() => ['__pwned', '__xss'].filter((flag) => flag in window));
  check('nothing from the showcase HTML executed', executed.length === 0, executed.join(', '));
  await ssrContext.close();
} finally {
  await browser.close();
  app.server.close();
  await mock.close();
}

const failed = checks.filter((entry) => !entry.ok).length;
console.log(`${checks.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
