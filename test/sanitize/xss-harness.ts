import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { settle } from '../components/presentational-fixtures.tsx';

declare global {
  interface Window {
    __xss?: (label?: string) => void;
    __xssClobber?: unknown;
  }
}

/** Labels passed to `window.__xss` by any vector that ran. */
export const executed: unknown[] = [];

/** Installs the `__xss` spy and guards that stop safe links and forms from navigating the test page. */
export function installHarness(): () => void {
  window.__xss = (label) => void executed.push(label ?? 'called');
  // Let javascript: links through (they would call __xss), stop real navigation so the page survives.
  const navigates = (url: string) => /^(?:https?|mailto|tel):$/.test(new URL(url, location.href).protocol);
  const onClick = (event: Event) => {
    const link = (event.target as Element | null)?.closest?.('a[href], area[href]') as HTMLAnchorElement | null;
    if (link && navigates(link.href)) event.preventDefault();
  };
  const onSubmit = (event: Event) => {
    if (navigates((event.target as HTMLFormElement).action)) event.preventDefault();
  };
  document.addEventListener('click', onClick, true);
  document.addEventListener('submit', onSubmit, true);
  return () => {
    document.removeEventListener('click', onClick, true);
    document.removeEventListener('submit', onSubmit, true);
    delete window.__xss;
  };
}

/** Installs the harness for a test file's tests, and forgets what ran after each test. */
export function setUpXssHarness(): void {
  let uninstall: () => void = () => {};
  beforeAll(() => {
    uninstall = installHarness();
  });
  afterAll(() => uninstall());
  afterEach(() => {
    executed.length = 0;
  });
}

/** Hovers, focuses and clicks every element under `root`, and waits for images to load or fail. */
export async function exercise(root: Element): Promise<void> {
  for (const element of root.querySelectorAll<HTMLElement>('*')) {
    for (const type of ['pointerover', 'mouseover', 'mouseenter', 'mousemove', 'focusin']) {
      element.dispatchEvent(new MouseEvent(type, { bubbles: true }));
    }
    element.focus?.();
    element.click?.();
  }
  await Promise.all([...root.querySelectorAll('img')].map((image) => image.decode().catch(() => undefined)));
  await settle();
}

const FORBIDDEN = 'script, style, iframe, frame, frameset, object, embed, form, input, button, select, textarea, ' +
  'base, meta, link, svg, math, template, noscript, xmp, title';
const URL_ATTRIBUTES = new Set(['href', 'src', 'srcset', 'xlink:href', 'action', 'formaction', 'cite', 'poster', 'data', 'background']);
const compact = (value: string) => value.replace(/[\s\u0000-\u001f]/g, '').toLowerCase(); // eslint-disable-line no-control-regex

/** Asserts that what survived under `root` can neither run code, navigate, nor clobber. */
export function expectInert(root: Element): void {
  expect(root.querySelectorAll(FORBIDDEN).length, FORBIDDEN).toBe(0);
  for (const element of root.querySelectorAll('*')) {
    for (const { name, value } of element.attributes) {
      expect(name, element.outerHTML).not.toMatch(/^on|^(style|srcdoc|formaction|action|autofocus)$/i);
      if (URL_ATTRIBUTES.has(name)) expect(compact(value), element.outerHTML).not.toMatch(/(^|,)(javascript|vbscript|data):/);
      if (name === 'id' || name === 'name') expect(value).toMatch(/^user-content-/);
    }
    if (element.getAttribute('target') === '_blank') expect(element.getAttribute('rel')).toMatch(/noopener.*noreferrer|noreferrer.*noopener/);
  }
  expect(document.querySelectorAll('base, meta[http-equiv]')).toHaveLength(0);
  expect(document.getElementById).toBe(Document.prototype.getElementById);
  expect(document.createElement).toBe(Document.prototype.createElement);
  expect(document.querySelector).toBe(Document.prototype.querySelector);
  expect(typeof document.cookie).toBe('string');
  expect(window.location).toBeInstanceOf(Location);
  expect(document.location).toBe(window.location);
  expect(document.defaultView).toBe(window);
  expect(document.body).toBeInstanceOf(HTMLBodyElement);
  expect(document.forms).toBeInstanceOf(HTMLCollection);
  expect(window.__xssClobber).toBeUndefined();
}

/** Asserts that `benignHtml` (xss-vectors.ts) survived under `element`: headings, links, lists, images, tables. */
export function expectBenignKept(element: Element): void {
  expect(element.querySelector('h2')?.id).toBe('user-content-intro');
  expect(element.querySelector('a[href="#user-content-intro"]')?.textContent).toBe('Back up');
  expect(element.querySelectorAll('em, strong, code, ul > li, ol > li, blockquote, pre, details > summary')).toHaveLength(9);
  const docs = element.querySelector<HTMLAnchorElement>('a[target="_blank"]')!;
  expect(docs.href).toBe('https://example.com/docs');
  expect(docs.rel).toBe('noopener noreferrer');
  expect(element.querySelector('a[href^="mailto:"]')).toBeTruthy();
  const image = element.querySelector('img')!;
  expect([image.getAttribute('src'), image.alt]).toEqual(['https://example.com/logo.png', 'Logo']);
  expect(element.querySelector('table caption')?.textContent).toBe('Plan');
  expect(element.querySelector('th[scope="col"]')?.textContent).toBe('Step');
}
