/**
 * Right to left in the built Storybook, a production build whose CSS Lightning CSS minified (Vite 8's
 * default): the stories with something that has a side, opened with `dir:rtl` in their URL, are mirrored
 * (the checks of test/storybook/mirroring.ts, which the browser project runs on the unminified stylesheet),
 * and left to right their turning icons point right. The built CSS holds no `:dir()`, which the minifier
 * would have rewritten into a list of languages.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build as bundle } from 'esbuild';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { waitForStorybookPage } from '../../scripts/storybook-pages.mjs';
import { openBuiltStorybook } from './storybook-site.ts';

const storybook = openBuiltStorybook();
let checks: string;

beforeAll(async () => {
  const result = await bundle({ entryPoints: [fileURLToPath(new URL('../production/page-checks.ts', import.meta.url))], bundle: true, format: 'iife', globalName: 'pcrChecks', write: false });
  checks = result.outputFiles[0]?.text ?? '';
});

/** Stories with an arrow, a chevron, a card's bar, a banner's edge, a diff's arrows and lines. */
const STORIES = [
  'components-usagebanner--exceeded',
  'components-promptcard--flagged-missing',
  'components-composerpreview--quota-exceeded',
  'components-promptdiff--variables-added-and-removed',
  'components-composerdiff--changed-segments',
];

/** Runs `check` of the page checks on a story opened with `globals`, at `width`. */
async function checkStory(id: string, globals: string, check: 'mirroringProblems' | 'unmirroredProblems', width = 1280): Promise<string[]> {
  const context = await storybook.browser.newContext({ viewport: { width, height: 900 } });
  try {
    const page = await context.newPage();
    await page.goto(`${storybook.url}/iframe.html?id=${id}&viewMode=story&globals=${globals}`);
    await waitForStorybookPage(page, 'story');
    await page.addScriptTag({ content: checks });
    return await page.evaluate((name) => (window as unknown as { pcrChecks: Record<string, (root: Element) => string[]> }).pcrChecks[name]?.(document.body) ?? ['no check'], check);
  } finally {
    await context.close();
  }
}

describe('the built Storybook (Lightning CSS)', () => {
  it('ships no :dir() selector', () => {
    const assets = join(inject('storybookDirectory'), 'assets');
    const css = readdirSync(assets).filter((file) => file.endsWith('.css')).map((file) => readFileSync(join(assets, file), 'utf8')).join('\n');
    expect(css).toContain('.pcr-prompt-card');
    expect(css).not.toContain(':dir(');
  });

  it.each(STORIES)('%s: mirrored right to left, pointing right left to right', async (id) => {
    expect(await checkStory(id, 'dir:rtl', 'mirroringProblems')).toEqual([]);
    expect(await checkStory(id, 'dir:ltr', 'unmirroredProblems')).toEqual([]);
  }, 60_000);

  it('the preview on a phone: its fold button’s chevron, open, points down either way', async () => {
    // One column on a phone: the form is above the output, not beside it (what the check asks at 1280 px).
    const problems = await checkStory('components-composerpreview--default', 'dir:rtl', 'mirroringProblems', 360);
    expect(problems.filter((problem) => !problem.startsWith('the preview:'))).toEqual([]);
    expect(problems).toHaveLength(1);
  }, 60_000);
});
