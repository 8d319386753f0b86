/** Schemes a link built from data or props may use. */
const SAFE_PROTOCOLS = new Set(['http:', 'https:']);

/** A base no real link resolves against: only relative URLs end up on it. */
const RELATIVE_BASE = 'https://relative.invalid';

/**
 * `value` when it is safe as an `href` built from data or props: a relative URL (`/billing`,
 * `billing`, `?plan=pro`, `#top`) or an absolute `http:`/`https:` one. Anything else (`javascript:`,
 * `data:`, `vbscript:`, other schemes, unparsable text, empty) gives `undefined`, and the caller drops the
 * link. React 18 does not block `javascript:` hrefs, so every such link must go through here.
 *
 * Parsing uses the URL parser itself (which strips the tabs, newlines and controls a browser strips), and
 * needs no `window`.
 *
 * @example
 * safeHref('/billing') // '/billing'
 * safeHref('javascript:alert(1)') // undefined
 */
export function safeHref(value: string | null | undefined): string | undefined {
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  try {
    return SAFE_PROTOCOLS.has(new URL(value, RELATIVE_BASE).protocol) ? value : undefined;
  } catch {
    return undefined;
  }
}
