/**
 * A static segment with the shipped stylesheet: whatever its HTML holds paints inside its own box
 * (`contain: paint`), so a link positioned over the page (host utility classes a loosened policy let
 * through, or inline styles) cannot cover the app around it; and what is left of a link whose URL the
 * sanitizer removed reads as text.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { StaticSegment } from 'prompt-composer-react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import '../../../src/styles.css';

/** What a host app's utility classes (Tailwind's `fixed inset-0 z-50`, `absolute -top-96 ...`) would do. */
const HOST_CSS = `
  .host-fixed-overlay { position: fixed; inset: 0; z-index: 50; }
  .host-absolute-overlay { position: absolute; top: -400px; left: -400px; width: 3000px; height: 3000px; z-index: 50; }
`;

let hostStyle: HTMLStyleElement;
beforeEach(() => {
  hostStyle = document.head.appendChild(document.createElement('style'));
  hostStyle.textContent = HOST_CSS;
});
afterEach(() => {
  cleanup();
  hostStyle.remove();
});

/** The element a click at the centre of `element` lands on. */
function hitAtCentreOf(element: Element): Element | null {
  const box = element.getBoundingClientRect();
  return document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
}

describe('StaticSegment with the stylesheet', () => {
  describe.each(['host-fixed-overlay', 'host-absolute-overlay'])('given a link with class %s (allowed by the policy)', (overlay) => {
    it('cannot cover the app outside its box', () => {
      render(
        <main style={{ position: 'relative', padding: '200px 0' }}>
          <button type="button">Outside</button>
          <StaticSegment html={`<p>before</p><a class="${overlay}" href="https://example.test/">covering link</a>`} policy={{ allowAttributes: ['class'] }} />
        </main>,
      );
      const segment = document.querySelector('.pcr-static')!;
      const link = screen.getByRole('link', { name: 'covering link' });
      expect(link.className).toBe(overlay);
      // Outside the segment's box the app is still what a click reaches.
      const outside = screen.getByRole('button', { name: 'Outside' });
      expect(hitAtCentreOf(outside)).toBe(outside);
      const box = segment.getBoundingClientRect();
      const linkBox = link.getBoundingClientRect();
      // The link may lie anywhere, but only its part inside the segment can be hit.
      const inside = document.elementFromPoint(Math.max(box.left, linkBox.left) + 1, Math.max(box.top, linkBox.top) + 1);
      expect(inside === link || segment.contains(inside)).toBe(true);
    });
  });

  describe('given a link whose javascript: URL the sanitizer removed', () => {
    it('reads as the text around it, not as a link', () => {
      render(<StaticSegment html={'<p>Read <a href="javascript:alert(1)">this</a> or <a href="https://example.test/">that</a>.</p>'} />);
      const paragraph = document.querySelector('.pcr-static p')!;
      const stripped = document.querySelector('.pcr-static a:not([href])')!;
      const link = screen.getByRole('link', { name: 'that' });
      expect(stripped.textContent).toBe('this');
      expect(getComputedStyle(stripped).color).toBe(getComputedStyle(paragraph).color);
      expect(getComputedStyle(stripped).textDecorationLine).toBe('none');
      expect(getComputedStyle(stripped).cursor).toBe('auto');
      // A link that kept its URL still looks like one.
      expect(getComputedStyle(link).color).not.toBe(getComputedStyle(paragraph).color);
    });
  });
});
