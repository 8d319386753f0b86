/**
 * The README's picture, docs/images/composer-preview.png, is the README's example rendered: the
 * `ComposerPreview` of its code block (the composer and the `initialValues` are read from the README
 * itself), against the mock API, in Chromium, 900 by 720 px. `npm test` compares a fresh capture with the
 * committed picture; `npm run docs:hero` (this file with `--update`) rewrites it after a change of the look
 * or of the example (docs/contributing/docs.md, "The README's picture").
 *
 * "Current" is a comparison with the tolerance of the visual regression tests, not byte equality: PNG
 * encoders and anti-aliasing differ by a few pixels, a change of the look by hundreds or thousands. What
 * makes the capture the same on every run: a fixed `Date`, a mock backend that answers at once in the page,
 * no animation, caret or focus ring, the mouse parked, and the capture taken once nothing has changed for a
 * while and nothing is busy.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { getResponse } from 'msw';
import { ComposerPreview, createPromptApiClient, PromptApiProvider } from 'prompt-composer-react';
import { createMockDb, createPromptApiHandlers, DEFAULT_BASE_URL, FIXTURE_KEYS } from 'prompt-composer-react/mocks';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { commands, page, server } from 'vitest/browser';
import readme from '../../README.md?raw';
import '../../src/styles.css';

/** The picture, by its path from the repository's root without `.png` (the browser projects' `resolveScreenshotPath` takes it as is). */
const PICTURE = 'docs/images/composer-preview';

/** The picture's size, in CSS pixels at a device scale of 1: wide enough for the preview's two columns. */
const WIDTH = 900;
const HEIGHT = 720;

/** The comparison of the visual regression tests (test/storybook/visual.browser.test.tsx): anti-aliasing only. */
const COMPARATOR = { comparatorName: 'pixelmatch', comparatorOptions: { threshold: 0.05, allowedMismatchedPixels: 16 } } as const;

/** The page around the example: the theme's colours and font, a margin, and what moves by itself standing still. */
const PAGE_STYLE = `
.hero { inline-size: ${WIDTH}px; block-size: ${HEIGHT}px; overflow: clip; box-sizing: border-box; padding: 1rem;
  background: var(--pcr-bg); color: var(--pcr-fg); font-family: var(--pcr-font); }
*, *::before, *::after { animation: none !important; transition: none !important; caret-color: transparent !important; }
:focus, :focus-visible { outline: none !important; }`;

/** Whether this run rewrites the picture (`--update`, as `npm run docs:hero` runs it). */
const updating = server.config.snapshotOptions.updateSnapshot === 'all';

/** The committed picture, if any (none is loaded). */
const committed = Object.keys(import.meta.glob('../../docs/images/*.png'));

/** The example of the README: the composer its `ComposerPreview` shows and the values it starts with. */
function readmeExample(): { composerId: string; initialValues: Record<string, string> } {
  const element = /<ComposerPreview\s+composerId="([^"]+)"\s+initialValues=\{\{([^}]*)\}\}\s*\/>/.exec(readme);
  if (!element) throw new Error('The README has no <ComposerPreview composerId="..." initialValues={{ ... }} /> to picture');
  const initialValues = Object.fromEntries([...(element[2] ?? '').matchAll(/(?:'([^']+)'|(\w+)):\s*'([^']*)'/g)].map((match) => [match[1] ?? match[2] ?? '', match[3] ?? '']));
  return { composerId: element[1] ?? '', initialValues };
}

/** Resolves once nothing in the page has changed for 400 ms and nothing is busy (at most 6 s). */
async function settled(): Promise<void> {
  let changed = performance.now();
  const started = changed;
  const observer = new MutationObserver(() => (changed = performance.now()));
  observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  try {
    while (performance.now() - started < 6000 && (performance.now() - changed < 400 || document.querySelector('[aria-busy="true"]'))) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    observer.disconnect();
  }
  await document.fonts.ready;
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
}

let style: HTMLStyleElement;

beforeAll(async () => {
  style = document.createElement('style');
  style.textContent = PAGE_STYLE;
  document.head.append(style);
  await commands.resizeWindow(WIDTH, HEIGHT);
  await page.viewport(WIDTH, HEIGHT);
});

afterAll(async () => {
  cleanup();
  style.remove();
  vi.useRealTimers();
  await commands.resizeWindow(1280, 720);
});

it('reads the example from the README', () => {
  const { composerId, initialValues } = readmeExample();
  expect(composerId).toBe('onboarding-flow');
  expect(Object.keys(initialValues).length).toBeGreaterThan(0);
});

it('is the README example as it renders today', { timeout: 60_000 }, async () => {
  if (!updating) expect(committed, `no ${PICTURE}.png: write it with \`npm run docs:hero\``).toContain(`../../${PICTURE}.png`);
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-18T10:00:00Z'));

  const { composerId, initialValues } = readmeExample();
  const handlers = createPromptApiHandlers({ db: createMockDb({ now: '2026-11-18T10:00:00Z' }), latency: 0 });
  const mockFetch: typeof fetch = async (input, init) => {
    const response = await getResponse(handlers, new Request(input, init));
    if (!response) throw new TypeError('Failed to fetch');
    return response;
  };
  const client = createPromptApiClient({ baseUrl: DEFAULT_BASE_URL, apiKey: FIXTURE_KEYS.free, fetch: mockFetch });
  const { container } = render(
    <div className="hero">
      <QueryClientProvider client={new QueryClient()}>
        <PromptApiProvider client={client} retry={false}>
          <ComposerPreview composerId={composerId} initialValues={initialValues} />
        </PromptApiProvider>
      </QueryClientProvider>
    </div>,
  );

  await screen.findByRole('heading', { name: /Onboarding flow/ });
  await settled();
  await commands.parkPointer();
  // The example's values are in the picture: each filled input holds what the README gives it.
  for (const value of Object.values(initialValues)) expect(screen.getAllByDisplayValue(value).length).toBeGreaterThan(0);
  await expect.element(page.elementLocator(container.querySelector('.hero') as HTMLElement)).toMatchScreenshot(PICTURE, COMPARATOR);
});
