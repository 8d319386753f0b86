import { cleanup, render } from '@testing-library/react';
import { sanitizeHtml, StaticSegment, TRUSTED_TYPES_POLICY_NAME } from 'prompt-composer-react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

type TrustedTypesFactory = { isHTML(value: unknown): boolean };
const trustedTypes = () => (window as unknown as { trustedTypes: TrustedTypesFactory }).trustedTypes;

/**
 * Vitest runs each browser test file in its own iframe, so this file can turn on Trusted Types
 * enforcement for its document alone: a CSP `<meta>` inserted into `<head>` applies from then on.
 * The policy list names only this library's policy, so the test also proves it needs no other.
 */
beforeAll(() => {
  const meta = document.createElement('meta');
  meta.httpEquiv = 'Content-Security-Policy';
  meta.content = `require-trusted-types-for 'script'; trusted-types ${TRUSTED_TYPES_POLICY_NAME}`;
  document.head.append(meta);
});
afterAll(cleanup);

describe('StaticSegment on a page that requires Trusted Types', () => {
  describe('given the CSP is enforced', () => {
    it('refuses a plain string in innerHTML (the enforcement is real)', () => {
      const element = document.createElement('div');
      expect(() => {
        element.innerHTML = '<b>plain</b>';
      }).toThrow(TypeError);
    });
  });

  describe('when sanitizing', () => {
    it('returns TrustedHTML from the library policy', () => {
      const html = sanitizeHtml('<p onclick="x()">trusted</p>');
      expect(trustedTypes().isHTML(html)).toBe(true);
      expect(String(html)).toBe('<p>trusted</p>');
    });

    it('renders sanitized HTML through React without a Trusted Types violation', () => {
      const { container } = render(<StaticSegment html={'<h2>Title</h2><img src=x onerror="x()"><a href="https://example.com" target="_blank">a</a>'} />);
      expect(container.querySelector('.pcr-static')?.innerHTML).toBe(
        '<h2>Title</h2><img src="x"><a href="https://example.com" target="_blank" rel="noopener noreferrer">a</a>',
      );
    });
  });
});
