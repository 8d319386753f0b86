/**
 * The built Storybook (the project's global setup, test/storybook/built-storybook.ts) served over loopback,
 * with a Chromium to open its pages: opened before a docs test file's tests and closed after them, the same
 * for every file of the `storybook-docs` project.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { launchChromium, serveDirectory } from '../../scripts/storybook-pages.mjs';

/** An entry of the built Storybook's `index.json`: a story or a docs page. */
export interface IndexEntry {
  id: string;
  title: string;
  type: 'docs' | 'story';
  tags?: string[];
}

/** The served Storybook: its address, the browser and the index, from the file's own `beforeAll` on. */
export interface StorybookSite {
  /** The loopback address the built Storybook is served at (`http://127.0.0.1:…`). */
  readonly url: string;
  /** A headless Chromium, shared by the file's tests (each opens its own context). */
  readonly browser: Browser;
  /** Every entry of the Storybook's index, stories and docs pages. */
  entries(): Promise<IndexEntry[]>;
}

/**
 * Serves the built Storybook and launches Chromium for the calling test file (its `beforeAll`, registered
 * here, runs before the file's own), and closes both after the file.
 */
export function openBuiltStorybook(): StorybookSite {
  let server: Awaited<ReturnType<typeof serveDirectory>> | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    server = await serveDirectory(inject('storybookDirectory'));
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  function opened<T>(value: T | undefined, what: string): T {
    if (value === undefined) throw new Error(`the built Storybook's ${what} was used before its beforeAll opened it`);
    return value;
  }
  return {
    get url() {
      return opened(server, 'server').url;
    },
    get browser() {
      return opened(browser, 'browser');
    },
    async entries() {
      const index = (await (await fetch(`${opened(server, 'server').url}/index.json`)).json()) as { entries: Record<string, IndexEntry> };
      return Object.values(index.entries);
    },
  };
}
