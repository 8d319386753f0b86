/**
 * The components on a page with a strict Content Security Policy, as docs/operating/security.md gives it: no
 * 'unsafe-inline', no 'unsafe-eval', `require-trusted-types-for 'script'` with the policy names
 * `prompt-composer-react` and `dompurify`, sent as a real response header by the server of the page (a
 * CSP `<meta>` cannot carry `report-uri`, and jsdom has no CSP at all). On React 19.3 and on React 18.3
 * (compat/react18), each in its production and development build: the server renders the presentational
 * components, the browser hydrates them and mounts the connected ones over the mock API, a user types, and
 * opens a composer diff's "As rendered" view of hostile HTML.
 */
import { createServer, type Server } from 'node:http';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../../scripts/storybook-pages.mjs';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const here = fileURLToPath(new URL('.', import.meta.url));

/** The policy docs/operating/security.md tells apps to send, plus `report-uri` so the test sees what Chromium reports. */
const POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' https:",
  "require-trusted-types-for 'script'",
  'trusted-types prompt-composer-react dompurify',
  'report-uri /csp-reports',
].join('; ');

const REACT_MODULES = { '19.3': join(root, 'node_modules'), '18.3': join(root, 'compat/react18/node_modules') } as const;
type ReactLine = keyof typeof REACT_MODULES;
type Build = 'production' | 'development';

/** Bundles an entry of this folder with esbuild, the package and React resolved as `react` says. */
async function bundle(entry: string, react: ReactLine, mode: Build, platform: 'browser' | 'node'): Promise<string> {
  const modules = REACT_MODULES[react];
  const result = await build({
    entryPoints: [join(here, entry)],
    bundle: true,
    write: false,
    format: 'esm',
    platform,
    jsx: 'automatic',
    logLevel: 'error',
    define: { 'process.env.NODE_ENV': JSON.stringify(mode) },
    alias: {
      'prompt-composer-react/mocks': join(root, 'src/mocks/index.ts'),
      'prompt-composer-react': join(root, 'src/index.ts'),
      react: join(modules, 'react'),
      'react-dom': join(modules, 'react-dom'),
    },
  });
  return result.outputFiles[0]?.text ?? '';
}

/** What a page load saw: the page's own record, the reports the server received, and the DOM it ended with. */
/** The newer version's static segment in the composer diff's "As rendered" view. */
const RENDERED_AFTER = '#server-rendered .pcr-rendered__version[data-side="after"] [data-segment="static"][data-state="ready"]';

interface PageOutcome {
  cspReport: { reactVersion: string; violations: Array<{ directive: string; blocked: string; sample: string }>; errors: string[]; enforced: boolean };
  serverReactVersion: string;
  reportsReceived: Array<Record<string, unknown>>;
  staticStates: string[];
  staticHtml: string;
  /** The newer version's HTML in the diff's opened "As rendered" view. */
  renderedAfterHtml: string;
  typedMark: string | null;
  bannerState: string | null;
  pwned: unknown;
}

let browser: Browser;
const temporary = mkdtempSync(join(tmpdir(), 'pcr-csp-'));

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  rmSync(temporary, { recursive: true, force: true });
});

/** Serves the page for one React line and build, loads it in a fresh context, types, and reads the outcome. */
async function loadPage(react: ReactLine, mode: Build): Promise<PageOutcome> {
  const client = await bundle('csp-client.tsx', react, mode, 'browser');
  const serverFile = join(temporary, `server-${react}-${mode}.mjs`);
  writeFileSync(serverFile, await bundle('csp-server.tsx', react, mode, 'node'));
  const { renderServerMarkup } = (await import(pathToFileURL(serverFile).href)) as { renderServerMarkup: () => { html: string; reactVersion: string } };
  const markup = renderServerMarkup();
  const styles = readFileSync(join(root, 'src/styles.css'));
  const reportsReceived: Array<Record<string, unknown>> = [];

  const server: Server = createServer((request, response) => {
    if (request.url === '/csp-reports') {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        reportsReceived.push((JSON.parse(body) as { 'csp-report': Record<string, unknown> })['csp-report']);
        response.writeHead(204).end();
      });
      return;
    }
    if (request.url === '/client.js') return void response.writeHead(200, { 'Content-Type': 'text/javascript' }).end(client);
    if (request.url === '/styles.css') return void response.writeHead(200, { 'Content-Type': 'text/css' }).end(styles);
    if (request.url !== '/') return void response.writeHead(404).end();
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': POLICY });
    response.end(
      '<!doctype html><html lang="en"><head><title>strict CSP</title><link rel="stylesheet" href="/styles.css"></head>' +
        `<body><div id="server-rendered">${markup.html}</div><div id="connected"></div><script type="module" src="/client.js"></script></body></html>`,
    );
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(`http://127.0.0.1:${port}/`);
    // The connected preview has loaded its composer: its variables form is there.
    const input = page.locator('#connected input').first();
    await input.waitFor({ timeout: 15_000 });
    await input.pressSequentially('Lamp');
    await page.locator('#connected mark[data-state="filled"]').first().waitFor({ timeout: 5_000 });
    await page.locator('#connected .pcr-usage-banner[data-state="warning"]').waitFor({ timeout: 5_000 });
    // The diff's "As rendered", opened: the newer version's hostile HTML rendered through the sanitizer.
    await page.locator('#server-rendered .pcr-rendered__summary').first().click();
    await page.locator(RENDERED_AFTER).waitFor({ timeout: 5_000 });
    // Reports travel to report-uri on their own: wait until they stop arriving.
    let count = -1;
    while (count !== reportsReceived.length) {
      count = reportsReceived.length;
      await page.waitForTimeout(300);
    }
    return {
      serverReactVersion: markup.reactVersion,
      reportsReceived,
      ...(await page.evaluate((renderedAfter) => ({
        cspReport: (window as unknown as { cspReport: PageOutcome['cspReport'] }).cspReport,
        staticStates: [...document.querySelectorAll('[data-segment="static"]')].map((element) => element.getAttribute('data-state') ?? ''),
        staticHtml: document.querySelector('#server-rendered [data-segment="static"]')?.innerHTML ?? '',
        renderedAfterHtml: document.querySelector(renderedAfter)?.innerHTML ?? '',
        typedMark: document.querySelector('#connected mark[data-state="filled"]')?.textContent ?? null,
        bannerState: document.querySelector('#connected .pcr-usage-banner')?.getAttribute('data-state') ?? null,
        pwned: (window as unknown as { __pwned?: unknown }).__pwned,
      }), RENDERED_AFTER)),
    };
  } finally {
    await context.close();
    await new Promise((done) => server.close(done));
  }
}

/**
 * What Chromium reports while DOMPurify parses hostile HTML into an inert document: its inline event
 * handlers and `<style>` elements. Nothing of it reaches the page, and nothing runs.
 */
const PARSE_TIME = new Set(['script-src-attr', 'style-src-elem', 'style-src-attr']);

/** The page's own probe of the enforcement (a plain string into `innerHTML`), refused and reported as it should be. */
const isProbe = (sample: unknown) => String(sample).includes('a plain string');

describe.each([
  ['19.3', 'production'],
  ['19.3', 'development'],
  ['18.3', 'production'],
  ['18.3', 'development'],
] as const)('a page with a strict CSP and Trusted Types enforced, on React %s (%s build)', (react, mode) => {
  let outcome: PageOutcome;
  beforeAll(async () => {
    outcome = await loadPage(react, mode);
  }, 60_000);

  it('runs the React it names, on the server and in the browser, and enforces Trusted Types', () => {
    expect(outcome.serverReactVersion.startsWith(`${react}.`)).toBe(true);
    expect(outcome.cspReport.reactVersion.startsWith(`${react}.`)).toBe(true);
    expect(outcome.cspReport.enforced).toBe(true);
  });

  it('hydrates and renders every static segment, sanitized (a diff\'s opened "As rendered" too), and keeps working as the user types', () => {
    expect(outcome.staticStates.length).toBeGreaterThan(3);
    expect(outcome.staticStates.every((state) => state === 'ready')).toBe(true);
    expect(outcome.staticHtml).toContain('Click me: nothing should happen.');
    expect(outcome.staticHtml).not.toMatch(/onerror|onclick|<script|style=/);
    expect(outcome.renderedAfterHtml).toContain('Click me: nothing should happen.');
    expect(outcome.renderedAfterHtml).not.toMatch(/onerror|onclick|<script|style=/);
    expect(outcome.typedMark).toBe('Lamp');
    expect(outcome.bannerState).toBe('warning');
    expect(outcome.cspReport.errors).toEqual([]);
    expect(outcome.pwned).toBeUndefined();
  });

  it('violates no Trusted Types rule and no other directive: no default policy needed', () => {
    const probe = outcome.cspReport.violations.filter((violation) => isProbe(violation.sample));
    expect(probe.map((violation) => violation.directive)).toEqual(['require-trusted-types-for']);
    const unexpected = outcome.cspReport.violations.filter((violation) => !isProbe(violation.sample) && !PARSE_TIME.has(violation.directive));
    expect(unexpected).toEqual([]);
  });

  it("reports, at parse time, the inline handlers of the HTML it sanitizes, to the policy's endpoint: nothing runs", () => {
    const inlineHandlers = outcome.cspReport.violations.filter((violation) => violation.directive === 'script-src-attr');
    expect(inlineHandlers.length).toBeGreaterThan(0);
    // Chromium sends one report per distinct violation, not one per event.
    const received = outcome.reportsReceived.filter((report) => !isProbe(report['script-sample']));
    expect(received.map((report) => report['effective-directive'])).toContain('script-src-attr');
    expect(received.filter((report) => !PARSE_TIME.has(String(report['effective-directive'])))).toEqual([]);
  });
});
