// Node, no DOM: server rendering with and without the server DOM of prompt-composer-react/server.
import { type Composer, ComposerView, createHtmlSanitizer, sanitizeHtml, StaticSegment } from 'prompt-composer-react';
import { installServerSanitizer, uninstallServerSanitizer } from 'prompt-composer-react/server/sanitizer';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { xssVectors } from './xss-vectors.ts';

afterEach(() => uninstallServerSanitizer());

const dangerous = '<p>safe</p><img src=x onerror="globalThis.__ssr=1"><script>globalThis.__ssr=1</script>';
const composer: Composer = {
  composerId: 'onboarding',
  composerName: 'Onboarding',
  version: '1.0.0',
  config: { schema: [], inputData: null, inputDataRootName: null },
  segments: [
    { type: 'static', content: dangerous },
    { type: 'prompt', promptId: 'p', promptName: 'Greeting', version: '1.0.0', systemMessage: 'Be kind.', userMessage: 'Greet ${name}.', config: { model: 'm', temperature: 0 } },
  ],
};

describe('server rendering', () => {
  it('runs without a DOM', () => {
    expect(typeof window).toBe('undefined');
  });

  describe('without a server DOM', () => {
    it('emits the empty pending container and never the input', () => {
      expect(renderToString(<StaticSegment html={dangerous} />)).toBe('<div class="pcr-static" data-segment="static" dir="auto" data-state="pending"></div>');
      expect(String(sanitizeHtml(dangerous))).toBe('');
    });
  });

  describe('with installServerSanitizer()', () => {
    it('StaticSegment emits the sanitized markup, with the strict policy', () => {
      installServerSanitizer();
      expect(renderToString(<StaticSegment html={dangerous} />)).toBe(
        '<div class="pcr-static" data-segment="static" dir="auto" data-state="ready"><p>safe</p><img src="x"></div>',
      );
      expect(renderToString(<StaticSegment html={'<h2 id="a">A</h2><a href="#a" target="_blank">a</a>'} />)).toContain(
        '<h2 id="user-content-a">A</h2><a href="#user-content-a" target="_blank" rel="noopener noreferrer">a</a>',
      );
    });

    it('ComposerView renders the static HTML and the prompt text', () => {
      installServerSanitizer();
      const html = renderToString(<ComposerView composer={composer} values={{ name: 'Ada' }} />);
      expect(html).toContain('<p>safe</p><img src="x">');
      expect(html).toMatch(/Greet <mark[^>]*>Ada<\/mark>\./);
      expect(html).not.toMatch(/onerror|<script/);
    });

    it('sanitizeHtml uses the server DOM too, and honours a policy', () => {
      installServerSanitizer();
      expect(String(sanitizeHtml(dangerous))).toBe('<p>safe</p><img src="x">');
      expect(String(sanitizeHtml('<img src="data:image/png;base64,iVBORw0KGgo=">', { allowDataUrls: true }))).toBe('<img src="data:image/png;base64,iVBORw0KGgo=">');
    });

    it('is seen from another copy of the library, as in a bundle with several module graphs', async () => {
      installServerSanitizer();
      vi.resetModules();
      const copy = await import('prompt-composer-react');
      expect(copy.StaticSegment).not.toBe(StaticSegment);
      expect(renderToString(<copy.StaticSegment html={dangerous} />)).toContain('<p>safe</p><img src="x"></div>');
    });

    it('keeps one sanitizer per process: a second call returns it, a new window replaces it', () => {
      const first = installServerSanitizer();
      expect(installServerSanitizer()).toBe(first);
      const second = installServerSanitizer({ cacheSize: 10 });
      expect(second).not.toBe(first);
      expect(installServerSanitizer()).toBe(second);
    });

    it('refuses a window DOMPurify cannot run on, and keeps the previous sanitizer', () => {
      const first = installServerSanitizer();
      expect(() => installServerSanitizer({ window: {} as never })).toThrow('installServerSanitizer: DOMPurify cannot run on this window');
      expect(installServerSanitizer()).toBe(first);
    });

    it('uninstallServerSanitizer goes back to empty containers', () => {
      installServerSanitizer();
      uninstallServerSanitizer();
      expect(renderToString(<StaticSegment html={dangerous} />)).toContain('data-state="pending"></div>');
    });

    it(`leaves no script, handler or script URL in the output of any of the ${xssVectors.length} XSS vectors`, async () => {
      installServerSanitizer();
      const { JSDOM } = await import('jsdom');
      const { document } = new JSDOM('<!doctype html><body>', { url: 'https://app.example/' }).window;
      for (const [, vector] of xssVectors) {
        const html = renderToString(<StaticSegment html={vector} />);
        expect(html, vector).toMatch(/^<div class="pcr-static" data-segment="static" dir="auto" data-state="ready">/);
        // Parsed again as a browser would, with every URL resolved as a browser resolves it.
        document.body.innerHTML = html;
        expect(document.querySelectorAll('script, iframe, object, embed, form, svg, math, style, base, meta, link'), vector).toHaveLength(0);
        for (const element of document.body.querySelectorAll('*')) {
          for (const { name, value } of element.attributes) {
            expect(name, vector).not.toMatch(/^on|^style$/i);
            if (['href', 'src', 'action', 'formaction', 'cite', 'poster', 'data', 'xlink:href'].includes(name)) {
              expect(new URL(value, document.baseURI).protocol, vector).toMatch(/^(https?|mailto|tel):$/);
            }
          }
        }
      }
    });

    it('matches a sanitizer over the same kind of window, created directly', async () => {
      const server = installServerSanitizer();
      const { JSDOM } = await import('jsdom');
      const direct = createHtmlSanitizer({ window: new JSDOM('').window as never });
      for (const [, vector] of xssVectors) expect(String(server.sanitize(vector))).toBe(String(direct.sanitize(vector)));
    });
  });
});
