// Server output from Node (the renderOnServer command: plain Node, jsdom as the server DOM) loaded and
// hydrated in Chromium, on this project's React (19, and 18.3 in the react18 project).
import { cleanup } from '@testing-library/react';
import { sanitizeHtml } from 'prompt-composer-react';
import { hydrateRoot } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { commands } from 'vitest/browser';
import { settle } from '../components/presentational-fixtures.tsx';
import { SsrTree } from '../components/ssr-tree.tsx';
import { executed, exercise, expectBenignKept, expectInert, setUpXssHarness } from './xss-harness.ts';
import { benignHtml, xssVectors } from './xss-vectors.ts';

const dangerous = '<p>safe</p><img src=x onerror="window.__ssr=1"><script>window.__ssr=1</script>';
const everyVector = [benignHtml, ...xssVectors.map(([, vector]) => vector)];

setUpXssHarness();
afterEach(() => {
  cleanup();
  document.body.replaceChildren();
});

/** Puts server HTML in the page as a server response would (innerHTML runs no scripts: see the full load below). */
function mountServerHtml(html: string): HTMLElement {
  const host = document.createElement('div');
  host.innerHTML = html;
  document.body.append(host);
  return host;
}

const staticSegments = (host: Element) => [...host.querySelectorAll('.pcr-static')];

/** Hydrates `staticHtml` over `host` and returns what React reported. */
async function hydrate(host: HTMLElement, staticHtml: string[]) {
  const errors = vi.spyOn(console, 'error');
  const warnings = vi.spyOn(console, 'warn');
  const recoverable = vi.fn();
  const root = hydrateRoot(host, <SsrTree staticHtml={staticHtml} />, { onRecoverableError: recoverable });
  await vi.waitFor(() => expect(host.querySelector('.pcr-static[data-state="pending"]')).toBeNull());
  await settle();
  const reported = [...errors.mock.calls, ...warnings.mock.calls, ...recoverable.mock.calls].map((call) => call.map(String).join(' '));
  errors.mockRestore();
  warnings.mockRestore();
  return { root, reported };
}

describe('StaticSegment in server output', () => {
  describe('given a server DOM (installServerSanitizer)', () => {
    it('the server HTML holds the sanitized markup, and hydration keeps it without a warning', async () => {
      const html = await commands.renderOnServer([benignHtml, dangerous], true);
      const host = mountServerHtml(html);
      expect(staticSegments(host).map((element) => element.getAttribute('data-state'))).toEqual(['ready', 'ready']);
      expect(staticSegments(host)[1]?.innerHTML).toBe('<p>safe</p><img src="x">');
      expectBenignKept(staticSegments(host)[0]!);
      const { root, reported } = await hydrate(host, [benignHtml, dangerous]);
      expect(reported).toEqual([]);
      // After hydration the browser's own sanitization of the same HTML is in place.
      expect(staticSegments(host).map((element) => element.innerHTML)).toEqual([String(sanitizeHtml(benignHtml)), String(sanitizeHtml(dangerous))]);
      expect(host.querySelector('[data-message="user"]')?.textContent).toBe('Summarise the quarter for ${audience}.');
      expect((window as { __ssr?: unknown }).__ssr).toBeUndefined();
      root.unmount();
    });
  });

  describe('given no server DOM', () => {
    it('the server HTML holds empty containers, and hydration fills them without a warning', async () => {
      const html = await commands.renderOnServer([benignHtml, dangerous], false);
      const host = mountServerHtml(html);
      expect(staticSegments(host).map((element) => [element.getAttribute('data-state'), element.innerHTML])).toEqual([
        ['pending', ''],
        ['pending', ''],
      ]);
      const { root, reported } = await hydrate(host, [benignHtml, dangerous]);
      expect(reported).toEqual([]);
      expect(staticSegments(host).map((element) => element.innerHTML)).toEqual([String(sanitizeHtml(benignHtml)), String(sanitizeHtml(dangerous))]);
      root.unmount();
    });
  });

  describe(`given every XSS vector (${xssVectors.length}) rendered on the server`, () => {
    let html = '';
    beforeAll(async () => {
      html = await commands.renderOnServer(everyVector, true);
    });

    it('loaded as a whole page (scripts would run), nothing runs', async () => {
      const frame = document.createElement('iframe');
      const loaded = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
      // The frame's `__xss` reports to this page's harness; the control image proves that it does.
      const control = '<img src="x" onerror="__xss(\'control\')" id="control">';
      frame.srcdoc = `<!doctype html><html><head><script>window.__xss = (label) => parent.__xss(label);</script></head><body>${control}${html}</body></html>`;
      document.body.append(frame);
      await loaded;
      const body = frame.contentDocument!.body;
      await Promise.all([...body.querySelectorAll('img')].map((image) => image.decode().catch(() => undefined)));
      await settle();
      expect(staticSegments(body)).toHaveLength(everyVector.length);
      expect(body.querySelectorAll('script')).toHaveLength(0);
      expect(executed).toEqual(['control']);
      expectBenignKept(staticSegments(body)[0]!);
    });

    it('hovered, focused and clicked, nothing runs, navigates or clobbers, and every segment is inert', async () => {
      const href = location.href;
      const host = mountServerHtml(html);
      expect(staticSegments(host).every((element) => element.getAttribute('data-state') === 'ready')).toBe(true);
      await exercise(host);
      expect(executed).toEqual([]);
      expect(location.href).toBe(href);
      staticSegments(host).forEach(expectInert);
      expectBenignKept(staticSegments(host)[0]!);
    });

    it('hydrates without a warning, and stays inert', async () => {
      const host = mountServerHtml(html);
      const { root, reported } = await hydrate(host, everyVector);
      expect(reported).toEqual([]);
      await exercise(host);
      expect(executed).toEqual([]);
      staticSegments(host).forEach(expectInert);
      root.unmount();
    });
  });
});
