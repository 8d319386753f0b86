import { cleanup, render } from '@testing-library/react';
import { createHtmlSanitizer, sanitizeHtml, StaticSegment } from 'prompt-composer-react';
import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
// Internal: the one sanitizer every StaticSegment without a `sanitizer` prop shares.
import { getDefaultSanitizer } from '../../../src/sanitize/sanitizer.ts';
import { axeViolations, Page, settle } from '../presentational-fixtures.tsx';

afterEach(cleanup);

const unique = (label: string) => `${label}-${Math.random().toString(36).slice(2)}`;
const dangerous = '<p>safe</p><img src=x onerror="window.__ssr=1"><script>window.__ssr=1</script>';

describe('StaticSegment', () => {
  describe('given benign HTML', () => {
    it('renders it sanitized in one element of its own', async () => {
      const text = unique('text');
      render(<StaticSegment html={`<h2>Title</h2><p><em>${text}</em></p>`} className="extra" />, { wrapper: Page });
      const element = document.querySelector('.pcr-static')!;
      expect(element.className).toBe('pcr-static extra');
      expect(element.getAttribute('data-segment')).toBe('static');
      expect(element.getAttribute('data-state')).toBe('ready');
      expect(element.innerHTML).toBe(`<h2>Title</h2><p><em>${text}</em></p>`);
      expect(await axeViolations(document.body)).toEqual([]);
    });
  });

  describe('when rendered twice with the same html', () => {
    it('sanitizes once, and a re-render keeps the same DOM node', () => {
      const html = `<p>${unique('memo')}</p>`;
      const sanitizer = getDefaultSanitizer();
      const before = sanitizer.sanitizeCount;
      const { rerender } = render(<StrictMode><StaticSegment html={html} policy={{ allowDataUrls: false }} /></StrictMode>);
      const node = document.querySelector('.pcr-static')!.firstChild;
      rerender(<StrictMode><StaticSegment html={html} policy={{ allowDataUrls: false }} /></StrictMode>);
      render(<StaticSegment html={html} policy={{ allowDataUrls: false }} />);
      expect(sanitizer.sanitizeCount - before).toBe(1);
      expect(document.querySelector('.pcr-static')!.firstChild).toBe(node);
    });

    it('sanitizes again for new html or another policy', () => {
      const sanitizer = getDefaultSanitizer();
      const before = sanitizer.sanitizeCount;
      const html = `<p>${unique('policy')}</p>`;
      const { rerender } = render(<StaticSegment html={html} />);
      rerender(<StaticSegment html={html} policy={{ allowTags: ['form'] }} />);
      rerender(<StaticSegment html={`${html}<p>more</p>`} />);
      expect(sanitizer.sanitizeCount - before).toBe(3);
    });
  });

  describe('given a sanitizer from createHtmlSanitizer', () => {
    it("sanitizes with it (over an iframe's window here), and memoizes as with the default", () => {
      const frame = document.body.appendChild(document.createElement('iframe'));
      const sanitizer = createHtmlSanitizer({ window: frame.contentWindow as never, cacheSize: 10 });
      const html = `<p>${unique('own')}</p><img src=x onerror="window.__own=1">`;
      const { rerender } = render(<StaticSegment html={html} sanitizer={sanitizer} />);
      expect(document.querySelector('.pcr-static')!.innerHTML).toBe(`${html.slice(0, html.indexOf('<img'))}<img src="x">`);
      expect(sanitizer.sanitizeCount).toBe(1);
      rerender(<StaticSegment html={html} sanitizer={sanitizer} />);
      expect(sanitizer.sanitizeCount).toBe(1);
      frame.remove();
    });

    it('re-renders with a new sanitizer', () => {
      const html = `<p>${unique('swap')}</p>`;
      const first = createHtmlSanitizer();
      const second = createHtmlSanitizer();
      const { rerender } = render(<StaticSegment html={html} sanitizer={first} />);
      rerender(<StaticSegment html={html} sanitizer={second} />);
      expect([first.sanitizeCount, second.sanitizeCount]).toEqual([1, 1]);
    });
  });

  describe('when rendered on the server', () => {
    it('emits the empty container, never the input', () => {
      const markup = renderToString(<StaticSegment html={dangerous} />);
      expect(markup).toBe('<div class="pcr-static" data-segment="static" dir="auto" data-state="pending"></div>');
    });

    it('hydrates without a mismatch and fills in after hydration', async () => {
      const host = document.createElement('div');
      host.innerHTML = renderToString(<StaticSegment html={dangerous} />);
      document.body.append(host);
      const errors = vi.spyOn(console, 'error');
      const recoverable = vi.fn();
      const root = hydrateRoot(host, <StaticSegment html={dangerous} />, { onRecoverableError: recoverable });
      await vi.waitFor(() => expect(host.querySelector('.pcr-static')?.getAttribute('data-state')).toBe('ready'));
      expect(host.querySelector('.pcr-static')?.innerHTML).toBe('<p>safe</p><img src="x">');
      await settle();
      expect(recoverable).not.toHaveBeenCalled();
      expect(errors).not.toHaveBeenCalled();
      expect((window as { __ssr?: unknown }).__ssr).toBeUndefined();
      root.unmount();
      host.remove();
      errors.mockRestore();
    });
  });

  describe('given no DOM (a sanitizer over a window without a document)', () => {
    it('is unsupported and returns an empty string, never the input', () => {
      const sanitizer = createHtmlSanitizer({ window: {} as never });
      expect(sanitizer.isSupported).toBe(false);
      expect(sanitizer.sanitize(dangerous)).toBe('');
    });
  });

  describe('given class attributes (untrusted HTML borrowing the host app\'s utility classes)', () => {
    const overlay = '<a class="fixed inset-0 z-50 opacity-0" href="https://example.test/">x</a><p class="lead">text</p>';

    it('drops them by default', () => {
      render(<StaticSegment html={overlay} />);
      expect(document.querySelector('.pcr-static')!.innerHTML).toBe('<a href="https://example.test/">x</a><p>text</p>');
    });

    it("keeps them when the policy allows 'class'", () => {
      expect(String(sanitizeHtml(overlay, { allowAttributes: ['class'] }))).toBe(overlay);
    });
  });

  describe('given the exported sanitizeHtml', () => {
    it('shares the cache with StaticSegment and returns sanitized markup', () => {
      expect(String(sanitizeHtml('<a href="javascript:alert(1)" target="_blank">x</a>'))).toBe(
        '<a target="_blank" rel="noopener noreferrer">x</a>',
      );
    });
  });
});
