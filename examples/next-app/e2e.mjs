// End-to-end check of the package in a Next.js App Router app as users get it: installed from the
// `npm pack` tarball, built with `next build`, served by `next start` against the loopback mock server,
// and driven in Debian's Chromium with playwright-core. Run from the repo root with
// `npm run test:example:next` (which packs, installs and builds first).
import { spawn } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { http } from 'msw';
import { chromium } from 'playwright-core';
import { FIXTURE_KEYS } from 'prompt-composer-react/mocks';
import { startMockServer } from 'prompt-composer-react/mocks/server';

const here = fileURLToPath(new URL('.', import.meta.url));
const API_KEY = FIXTURE_KEYS.free;
const checks = [];
function check(name, ok, detail = '') {
  checks.push({ name, ok });
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}${detail ? ` (${detail})` : ''}`);
}

/** A free port on 127.0.0.1 (`next start` takes a port number, not 0). */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** `next start` (or `next dev`) on a free port, resolved once it answers. */
async function startNext(command, env) {
  const port = await freePort();
  const child = spawn(process.execPath, [fileURLToPath(new URL('./node_modules/next/dist/bin/next', import.meta.url)), command, '-p', String(port), '-H', '127.0.0.1'], {
    cwd: here,
    env: { ...process.env, ...env, NEXT_TELEMETRY_DISABLED: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  // `next dev` serves its hot-reload socket to localhost only.
  const url = `http://${command === 'dev' ? 'localhost' : '127.0.0.1'}:${port}`;
  for (let tries = 0; ; tries++) {
    if (child.exitCode !== null) throw new Error(`next ${command} exited with ${child.exitCode}:\n${output}`);
    try {
      await fetch(url);
      break;
    } catch {
      if (tries > 1200) throw new Error(`next ${command} did not answer in time:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return { url, output: () => output, stop: () => new Promise((resolve) => (child.exitCode !== null ? resolve() : (child.once('exit', resolve), child.kill('SIGTERM')))) };
}

/** GET `path` from `base` with `headers`: status, headers and the body's bytes as they came (not decoded). */
function getBytes(base, path, headers = {}) {
  return new Promise((resolve, reject) => {
    const { hostname, port } = new URL(base);
    httpRequest({ hostname, port, path, headers: { host: new URL(base).host, ...headers } }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode, headers: response.headers, bytes: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });
}

/**
 * The handler's answers under Next.js's own compression: one `Content-Encoding` (the handler's), a body that
 * decodes once to the same JSON, an ETag per encoding, and a 304 for each tag.
 */
async function checkEncodings(base, mode) {
  const path = '/api/prompt-api/prompts?include_versions=true';
  const plain = await getBytes(base, path);
  const answers = { gzip: await getBytes(base, path, { 'accept-encoding': 'gzip' }), br: await getBytes(base, path, { 'accept-encoding': 'br, gzip' }) };
  // Next.js (16) drops a route handler's Content-Encoding and sends its bytes as they are: the handler sends
  // none compressed under Next, and every answer must be the JSON itself, whatever the request accepts.
  const readable = Object.values(answers).every((answer) => answer.headers['content-encoding'] === undefined && answer.bytes.equals(plain.bytes));
  check(
    `${mode}: with gzip or br accepted, the list arrives as JSON a browser can read (nothing compressed that Next would send unlabelled)`,
    plain.status === 200 && plain.headers['content-encoding'] === undefined && JSON.parse(plain.bytes.toString()).length > 0 && readable,
    Object.entries(answers).map(([encoding, answer]) => `${encoding}: ${answer.headers['content-encoding']} ${answer.bytes.length} B`).join(', ') + `; identity ${plain.bytes.length} B`,
  );
  const tag = plain.headers.etag;
  const revalidated = await Promise.all([getBytes(base, path, { 'if-none-match': tag }), getBytes(base, path, { 'accept-encoding': 'br, gzip', 'if-none-match': tag })]);
  check(`${mode}: one ETag, revalidated with 304 whatever the request accepts`, revalidated.every((answer) => answer.status === 304), `${tag} -> ${revalidated.map((answer) => answer.status).join(' ')}`);
}

/** The path of every request that reached the mock service (a handler that answers nothing, so the API's handlers answer). */
const upstreamPaths = [];
const mock = await startMockServer({ port: 0, handlers: [http.all('*', ({ request }) => void upstreamPaths.push(new URL(request.url).pathname))] });
const serverEnv = { PROMPT_API_URL: mock.url, PROMPT_API_KEY: API_KEY };
const next = await startNext('start', serverEnv);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
/** Every response body the checks saw, to look for the key in all of them. */
const bodies = [];
const unsafe = [/<script[^>]*>[^<]*__pwned/i, /\sonerror=/i, /\sonclick=/i, /\shref="\s*javascript:/i, /<iframe/i, /<form/i, /<style/i, /\sstyle=/i];

try {
  // Server HTML, as a crawler or a reader without JavaScript gets it.
  const get = async (path) => {
    const response = await fetch(next.url + path);
    const text = await response.text();
    bodies.push({ where: `GET ${path}`, text: text + JSON.stringify([...response.headers]) });
    return { status: response.status, text, headers: response.headers };
  };
  const pages = {};
  for (const path of ['/', '/prompt', '/composer', '/preview', '/composer?id=html-showcase', '/dashboard']) pages[path] = await get(path);
  check('every page answers 200', Object.values(pages).every((page) => page.status === 200), Object.entries(pages).map(([path, page]) => `${path} ${page.status}`).join(', '));

  check(
    'Server Component: the client and interpolate ran on the server',
    pages['/prompt'].text.includes('Write a welcome email to Ada at Acme, who just started the Pro plan. Suggest one first step: invite the team.'),
  );

  const composer = pages['/composer'].text;
  check('ComposerView in a Server Component: static markup in the server HTML', composer.includes('<div class="pcr-static" data-segment="static" dir="auto" data-state="ready"><h2>Welcome aboard</h2>'));
  check('ComposerView in a Server Component: prompt text with the values in the server HTML', /Write a welcome email to <mark[^>]*>Ada<\/mark> at <mark[^>]*>Acme<\/mark>/.test(composer));
  check('no static segment left pending in the server HTML', !/data-state="pending"/.test(composer) && !/class="pcr-static"[^>]*data-state="pending"/.test(pages['/preview'].text));

  const preview = pages['/preview'].text;
  check('prefetched ComposerPreview: static markup and prompt text in the server HTML', preview.includes('<h2>Welcome aboard</h2>') && /Write a welcome email to <mark[^>]*>Ada<\/mark>/.test(preview));

  // PromptDiff in a Server Component (app/diff/page.tsx): the diff is in the server HTML.
  const diff = await get('/diff');
  check(
    'PromptDiff in a Server Component: the diff, with ins/del and the variables in words, in the server HTML',
    diff.status === 200 &&
      diff.text.includes('From version 1.0.0 to 2.0.0') &&
      diff.text.includes('<ins class="pcr-diff__added"><span class="pcr-diff__label">added: </span>claude-sonnet-4-5</ins>') &&
      diff.text.includes('<code>${tier}</code>'),
    String(diff.status),
  );

  const showcase = pages['/composer?id=html-showcase'].text;
  const showcaseBody = showcase.slice(showcase.indexOf('<main'), showcase.indexOf('</main>'));
  check('hostile static HTML is sanitized in the server HTML', showcaseBody.includes('<table><caption>Plans</caption>') && unsafe.every((pattern) => !pattern.test(showcaseBody)), unsafe.filter((pattern) => pattern.test(showcaseBody)).join(' '));

  // The route's handler adds the key on the server; the browser's client sends none.
  const proxied = await get('/api/prompt-api/prompts/welcome-email?version=1.0.0');
  const proxiedPrompt = JSON.parse(proxied.text);
  check(
    'the route handler answers through the server\'s client, with the rate-limit headers',
    proxied.status === 200 && proxiedPrompt.promptId === 'welcome-email' && proxied.headers.get('x-ratelimit-limit') === '5000' && upstreamPaths.includes('/prompts/welcome-email'),
    `${proxied.status} ${proxied.headers.get('x-ratelimit-limit')}`,
  );
  const missing = await get('/api/prompt-api/composers/no-such-composer');
  check('the route handler answers API errors with their status and code', missing.status === 404 && JSON.parse(missing.text).code === 'NOT_FOUND');

  // The handler's cache: a second read of the same prompt is not a request; the browser may revalidate it.
  const beforeRepeat = upstreamPaths.length;
  const repeated = await get('/api/prompt-api/prompts/welcome-email?version=1.0.0');
  check('a repeated read is answered from the cache, not the service', repeated.status === 200 && upstreamPaths.length === beforeRepeat, `the service saw ${upstreamPaths.slice(beforeRepeat).join(' ') || 'nothing'}`);
  check('a pinned version may be kept a year', proxied.headers.get('cache-control') === 'private, max-age=31536000, immutable', proxied.headers.get('cache-control'));
  const revalidated = await fetch(`${next.url}/api/prompt-api/prompts/welcome-email?version=1.0.0`, { headers: { 'if-none-match': proxied.headers.get('etag') ?? '' } });
  check('If-None-Match with its ETag gets 304', revalidated.status === 304, `${revalidated.status} ${proxied.headers.get('etag')}`);

  // Another site's pages cannot spend the quota: 403 without reaching the service.
  const beforeForeign = upstreamPaths.length;
  const crossSite = await fetch(`${next.url}/api/prompt-api/prompts/support-reply`, { headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' } });
  const crossSiteBody = await crossSite.text();
  bodies.push({ where: 'GET cross-site', text: crossSiteBody });
  check(
    'a cross-site request is 403 FORBIDDEN and never reaches the service',
    crossSite.status === 403 && JSON.parse(crossSiteBody).code === 'FORBIDDEN' && upstreamPaths.length === beforeForeign,
    `${crossSite.status} ${crossSiteBody}; the service saw ${upstreamPaths.slice(beforeForeign).join(' ') || 'nothing'}`,
  );
  const preflight = await fetch(`${next.url}/api/prompt-api/prompts`, { method: 'OPTIONS' });
  check('OPTIONS answers 204, allowing GET and OPTIONS', preflight.status === 204 && preflight.headers.get('allow') === 'GET, OPTIONS', `${preflight.status} ${preflight.headers.get('allow')}`);

  // Only the API's four routes get the key. Sent as raw bytes: fetch (WHATWG URL) would resolve `%2e%2e` itself.
  const getRaw = (path) =>
    new Promise((resolve, reject) => {
      const { hostname, port } = new URL(next.url);
      httpRequest({ hostname, port, path }, (response) => {
        let text = '';
        response.setEncoding('utf8').on('data', (chunk) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode, text }));
      })
        .on('error', reject)
        .end();
    });
  // Next.js resolves `%2e%2e` itself (its own 404 page); the handler refuses other paths in the API's error shape.
  const refusals = [
    ['/api/prompt-api/%2e%2e/composers', 'next'],
    ['/api/prompt-api/prompts/a/b', 'route'],
    ['/api/prompt-api/other', 'route'],
    ['/api/prompt-api/prompts/..%2f..%2fadmin', 'route'],
    ['/api/prompt-api/prompts/a%5Cb', 'route'],
  ];
  for (const [path, by] of refusals) {
    const before = upstreamPaths.length;
    const refused = await getRaw(path);
    const code = refused.text.startsWith('{') ? JSON.parse(refused.text).code : 'no JSON';
    check(
      `${path} answers 404 (${by === 'route' ? 'NOT_FOUND from the handler' : 'from Next.js'}) and never reaches the service`,
      refused.status === 404 && upstreamPaths.length === before && (by === 'next' || code === 'NOT_FOUND'),
      `${refused.status} ${code}; the service saw ${upstreamPaths.slice(before).join(' ') || 'nothing'}`,
    );
  }

  // Next.js drops a route handler's Content-Encoding (and compresses no route handler's body itself): the
  // handler sends the list uncompressed there, and the browser can read it.
  await checkEncodings(next.url, 'next start');

  // In Chromium: hydration, interaction, and every response the browser gets.
  const visit = async (base, path) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const messages = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') messages.push(message.text());
    });
    page.on('pageerror', (error) => messages.push(String(error)));
    page.on('request', (request) => bodies.push({ where: `request ${request.url()}`, text: request.url() + JSON.stringify(request.headers()) }));
    page.on('response', async (response) => {
      if (response.status() >= 400) messages.push(`${response.status()} ${response.url()}`);
      const headers = JSON.stringify(await response.allHeaders());
      const text = await response.text().catch(() => '');
      bodies.push({ where: `${response.request().method()} ${response.url()}`, text: text + headers });
    });
    await page.goto(base + path, { waitUntil: 'networkidle' });
    return { context, page, messages };
  };
  /** Runs a browser step; a step that throws (a timeout) is one failed check, and the run goes on. */
  const step = async (name, run) => {
    try {
      await run();
    } catch (error) {
      check(name, false, String(error).split('\n')[0]);
    }
  };
  const hydrationMessages = (messages) => messages.filter((text) => /hydrat|did not match|mismatch|recoverable|server rendered HTML|418|423|425/i.test(text));

  /** The preview and the Server Component page in Chromium, against `base` (`next start` or `next dev`). */
  const browse = async (base, mode) => {
    await step(`${mode}: the preview`, async () => {
      const tab = await visit(base, '/preview');
      const mark = tab.page.locator('.pcr-prompt-card mark', { hasText: 'Grace Hopper' });
      await tab.page.getByLabel('customer.name').fill('Grace Hopper');
      await mark.first().waitFor({ timeout: 15_000 });
      check(`${mode}: typing in the preview updates the cards`, (await mark.count()) > 0);
      check(`${mode}: the preview shows the static HTML after hydration`, (await tab.page.locator('.pcr-static[data-state="ready"] h2', { hasText: 'Welcome aboard' }).count()) === 1);
      const refetched = bodies.filter((body) => body.where.startsWith(`GET ${base}/api/prompt-api/composers/`));
      check(`${mode}: the browser uses the prefetched composer (same scope): no request for it`, refetched.length === 0, refetched.map((body) => body.where).join(', '));
      check(`${mode}: the preview hydrates without a warning or error`, tab.messages.length === 0, tab.messages.join('; '));
      await tab.context.close();
    });
    await step(`${mode}: a client page with a list and five detail rows`, async () => {
      const before = bodies.length;
      const tab = await visit(base, '/dashboard');
      await tab.page.getByText(/^\d+ prompts$/).waitFor();
      await tab.page.locator('li[data-state="ready"]').nth(4).waitFor();
      const sent = bodies.slice(before).filter((body) => body.where.startsWith(`GET ${base}/api/prompt-api/`)).map((body) => body.where.slice(`GET ${base}/api/prompt-api`.length));
      // Under `next dev`, StrictMode mounts the page twice: still one list, no request per row.
      check(`${mode}: the list and its five rows cost one request`, sent.length === 1 && sent[0] === '/prompts', sent.join(', '));
      check(`${mode}: the dashboard renders without a warning or error`, tab.messages.length === 0, tab.messages.join('; '));
      await tab.context.close();
    });
    await step(`${mode}: the Server Component page`, async () => {
      const tab = await visit(base, '/composer');
      await tab.page.getByRole('heading', { name: 'Onboarding flow' }).waitFor();
      await tab.page.getByRole('button', { name: /Copy user message/ }).first().waitFor();
      check(`${mode}: the Server Component page hydrates without a warning or error`, tab.messages.length === 0, hydrationMessages(tab.messages).join('; ') || tab.messages.join('; '));
      await tab.context.close();
    });
  };

  await browse(next.url, 'next start');
  await step('the showcase page', async () => {
    const tab = await visit(next.url, '/composer?id=html-showcase');
    await tab.page.getByText('Click me: nothing should happen.').click();
    const executed = await tab.page.evaluate(() => ['__pwned'].filter((flag) => flag in window));
    check('nothing from the showcase HTML executed', executed.length === 0, executed.join(', '));
    await tab.context.close();
  });

  // React prints hydration mismatch warnings in development builds only: the same pages under `next dev`.
  const dev = await startNext('dev', serverEnv);
  try {
    await checkEncodings(dev.url, 'next dev');
    await browse(dev.url, 'next dev');
  } finally {
    await dev.stop();
  }

  const leaks = bodies.filter((body) => body.text.includes(API_KEY));
  check(`no API key in any response or browser request (${bodies.length} seen)`, leaks.length === 0, leaks.map((body) => body.where).join(', '));
} finally {
  await browser.close();
  await next.stop();
  await mock.close();
}

const failed = checks.filter((entry) => !entry.ok).length;
if (failed > 0) console.log(`next start output:\n${next.output()}`);
console.log(`${checks.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
