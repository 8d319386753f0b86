import { cleanup, render } from '@testing-library/react';
import { type ComposerSegment, ComposerView, sanitizeHtml } from 'prompt-composer-react';
import { afterEach, describe, expect, it } from 'vitest';
import { composerOf, promptSegment } from '../components/presentational-fixtures.tsx';
import { executed, exercise, expectBenignKept, expectInert, setUpXssHarness } from './xss-harness.ts';
import { benignHtml, xssVectors } from './xss-vectors.ts';

setUpXssHarness();
afterEach(cleanup);

const staticSegment = (content: string): ComposerSegment => ({ type: 'static', content });

describe('the XSS harness', () => {
  describe('given raw, unsanitized HTML', () => {
    it('detects a handler that runs and a javascript: link that is followed', async () => {
      const host = document.createElement('div');
      host.innerHTML = '<img src=x onerror=__xss("control")><a href="javascript:__xss(\'link\')">x</a>';
      document.body.append(host);
      await exercise(host);
      host.remove();
      expect(executed).toEqual(expect.arrayContaining(['control', 'link']));
    });
  });
});

describe('ComposerView with hostile static segments', () => {
  it(`has at least 60 vectors (${xssVectors.length})`, () => {
    expect(xssVectors.length).toBeGreaterThanOrEqual(60);
  });

  describe.each(xssVectors.map(([category, vector], index) => [index + 1, category, vector] as const))('given vector %i (%s)', (_index, _category, vector) => {
    it('runs nothing, navigates nowhere and clobbers nothing, even when hovered, focused and clicked', async () => {
      const href = location.href;
      const { container } = render(<ComposerView composer={composerOf([staticSegment(vector), promptSegment])} />);
      const element = container.querySelector('.pcr-static')!;
      expect(element.getAttribute('data-state')).toBe('ready');
      await exercise(element);
      expect(executed).toEqual([]);
      expect(location.href).toBe(href);
      expectInert(element);
      // Serializing and parsing again changes nothing: no mutation left for the browser to finish.
      expect(String(sanitizeHtml(element.innerHTML))).toBe(element.innerHTML);
    });
  });

  describe('when every vector is in one composer', () => {
    it('keeps them all inert together', async () => {
      const href = location.href;
      const segments = xssVectors.flatMap(([, vector]) => [staticSegment(vector), promptSegment]);
      const { container } = render(<ComposerView composer={composerOf(segments)} />);
      expect(container.querySelectorAll('.pcr-static')).toHaveLength(xssVectors.length);
      await exercise(container.querySelector('ol')!);
      expect(executed).toEqual([]);
      expect(location.href).toBe(href);
      container.querySelectorAll('.pcr-static').forEach(expectInert);
    });
  });

  describe('given benign markup', () => {
    it('keeps headings, lists, links, images, tables and emphasis', () => {
      const { container } = render(<ComposerView composer={composerOf([staticSegment(benignHtml)])} />);
      const element = container.querySelector('.pcr-static')!;
      expectBenignKept(element);
      expectInert(element);
    });
  });

  describe('given a loosened policy', () => {
    it('allows data: images only when asked, and never data: links', () => {
      const html = '<img src="data:image/png;base64,iVBORw0KGgo=" alt="d"><a href="data:text/html,x">d</a>';
      const strict = String(sanitizeHtml(html));
      const loose = String(sanitizeHtml(html, { allowDataUrls: true }));
      expect(strict).toBe('<img alt="d"><a>d</a>');
      expect(loose).toBe('<img src="data:image/png;base64,iVBORw0KGgo=" alt="d"><a>d</a>');
    });

    it('never allows script, however allowTags spells it', () => {
      // Not first: a leading script would be parsed into <head> and dropped whatever the policy.
      const html = '<b>kept</b><script>__xss("case")</script><p><SCRIPT>__xss("upper")</SCRIPT></p>';
      expect(String(sanitizeHtml(html, { allowTags: ['Script', 'SCRIPT'] }))).toBe('<b>kept</b><p></p>');
      expect(String(sanitizeHtml(html, { allowTags: ['sCrIpT', 'form'] }))).toBe('<b>kept</b><p></p>');
    });

    it('allows data: only in src, never in srcset', () => {
      const html = '<img src="data:image/png;base64,iVBORw0KGgo=" srcset="data:image/png;base64,iVBORw0KGgo= 2x" alt="d">';
      expect(String(sanitizeHtml(html, { allowDataUrls: true }))).toBe('<img src="data:image/png;base64,iVBORw0KGgo=" alt="d">');
    });

    it('never allows script or on* attributes, even when listed', () => {
      const html = '<script>__xss()</script><b onclick="__xss()">b</b><form><input name="q"></form>';
      expect(String(sanitizeHtml(html, { allowTags: ['script', 'form', 'input'], allowAttributes: ['onclick'] }))).toBe(
        '<b>b</b><form><input name="user-content-q"></form>',
      );
    });

    it('keeps ids as written with namespaceIds: false', () => {
      expect(String(sanitizeHtml('<h2 id="a">A</h2><a href="#a">a</a>', { namespaceIds: false }))).toBe('<h2 id="a">A</h2><a href="#a">a</a>');
    });
  });
});
