/**
 * The stylesheet as production builds ship it. A consumer app (test/production/consumer-app: Vite's own React
 * template stylesheet, whose #root centres text) is built with `vite build` three times, its CSS minified by
 * Lightning CSS (Vite 8's default), by esbuild, and by PostCSS (cssnano), and opened in Chromium against the
 * mock server: left to right, nothing of the components inherits the template's alignment, letter spacing,
 * font or colour, and every turning icon points right; right to left, what has a side is mirrored (the
 * banner's and the error's arrows, the Details chevron, the flagged card's bar, the diff's arrow and lines).
 * The built Storybook's own production CSS is checked in test/storybook/production-rtl.docs.test.ts.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import cssnano from 'cssnano';
import { build as bundle } from 'esbuild';
import type { Browser } from 'playwright-core';
import { startMockServer } from 'prompt-composer-react/mocks/server';
import { build, type InlineConfig } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, serveDirectory } from '../../scripts/storybook-pages.mjs';

const fromHere = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** The three minifiers a production build may run over the stylesheet. */
const MINIFIERS: Record<string, InlineConfig> = {
  'Lightning CSS (Vite 8’s default)': { build: { cssMinify: 'lightningcss' } },
  esbuild: { build: { cssMinify: 'esbuild' } },
  'PostCSS (cssnano)': { build: { cssMinify: false }, css: { postcss: { plugins: [cssnano({ preset: 'default' })] } } },
};

let browser: Browser;
let mock: Awaited<ReturnType<typeof startMockServer>>;
let checks: string;
const built = mkdtempSync(join(tmpdir(), 'pcr-production-'));

beforeAll(async () => {
  [browser, mock] = await Promise.all([launchChromium(), startMockServer({ port: 0 })]);
  // The checks, bundled for the page.
  const result = await bundle({ entryPoints: [fromHere('./page-checks.ts')], bundle: true, format: 'iife', globalName: 'pcrChecks', write: false });
  checks = result.outputFiles[0]?.text ?? '';
});

afterAll(async () => {
  await Promise.all([browser?.close(), mock?.close()]);
  rmSync(built, { recursive: true, force: true });
});

/** Builds the consumer app with `config` over the defaults, into a directory of its own. */
async function buildApp(name: string, config: InlineConfig): Promise<string> {
  const outDir = join(built, name.replace(/\W+/g, '-'));
  await build({
    configFile: false,
    logLevel: 'silent',
    root: fromHere('./consumer-app'),
    plugins: [react()],
    resolve: {
      alias: {
        'prompt-composer-react/styles.css': fromHere('../../src/styles.css'),
        'prompt-composer-react/mocks/server': fromHere('../../src/mocks/server.ts'),
        'prompt-composer-react': fromHere('../../src/index.ts'),
      },
    },
    ...config,
    build: { outDir, emptyOutDir: true, ...config.build },
  });
  return outDir;
}

/** Opens the built app (`dir` ltr or rtl), waits for its data, and runs `check` of the page checks there. */
async function inPage(outDir: string, dir: 'ltr' | 'rtl', check: 'inheritedProblems' | 'unmirroredProblems' | 'mirroringProblems'): Promise<string[]> {
  const site = await serveDirectory(outDir);
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    await page.goto(`${site.url}/?api=${encodeURIComponent(mock.url)}&dir=${dir}`);
    // The banner once the exhausted key's request came back, the free preview's cards, the quota error's callout.
    await page.locator('.pcr-usage-banner[data-state="exceeded"]').waitFor();
    await page.locator('#preview .pcr-prompt-card').first().waitFor();
    await page.locator('#quota .pcr-api-error').waitFor();
    // The Details chevron, open and closed, and the phone's fold button are on the page too.
    await page.locator('#quota .pcr-api-error__details > summary').click();
    await page.addScriptTag({ content: checks });
    const found = await page.evaluate((name) => (window as unknown as { pcrChecks: Record<string, (root: Element) => string[]> }).pcrChecks[name]?.(document.body) ?? ['no check'], check);
    return [...errors, ...found];
  } finally {
    await context.close();
    await site.close();
  }
}

describe.each(Object.entries(MINIFIERS))('a consumer app built with Vite, its CSS minified by %s', (name, config) => {
  let outDir: string;

  beforeAll(async () => {
    outDir = await buildApp(name, config);
  }, 120_000);

  it('ships the stylesheet minified, without :dir()', () => {
    const css = readdirSync(join(outDir, 'assets')).filter((file) => file.endsWith('.css')).map((file) => readFileSync(join(outDir, 'assets', file), 'utf8')).join('\n');
    expect(css).toContain('.pcr-prompt-card');
    expect(css).not.toMatch(/\n\s+\.pcr-/);
    expect(css).not.toContain(':dir(');
  });

  it('left to right: nothing inherits the template’s centred text, spacing, font or colour; icons point right', async () => {
    expect(await inPage(outDir, 'ltr', 'inheritedProblems')).toEqual([]);
    expect(await inPage(outDir, 'ltr', 'unmirroredProblems')).toEqual([]);
  }, 60_000);

  it('right to left: what has a side is mirrored', async () => {
    expect(await inPage(outDir, 'rtl', 'mirroringProblems')).toEqual([]);
  }, 60_000);
});
