'use client';

import { memo, useSyncExternalStore } from 'react';
import { classNames } from '../shared/class-names.ts';
import { getDefaultSanitizer, type HtmlSanitizer, serverSanitizer } from '../../sanitize/sanitizer.ts';
import { policyKey, type SanitizePolicy } from '../../sanitize/policy.ts';

/** Props of `StaticSegment`. */
export interface StaticSegmentProps {
  /** Untrusted HTML, for example a composer's static segment `content`. It is sanitized before use. */
  html: string;
  /**
   * Loosens the strict default sanitizer policy; see `SanitizePolicy`. Compared by content, so an
   * inline object does not re-render.
   * @default undefined (strict)
   */
  policy?: SanitizePolicy;
  /**
   * A sanitizer from `createHtmlSanitizer`, for another window (an iframe's), cache size or Trusted Types
   * policy name. Create it once, outside render: a new one re-renders and sanitizes again. In classic server
   * rendering (`renderToString`) it is used only when it runs there (made over a server DOM); hydration
   * ignores it, as above. A Server Component cannot pass it (an object with methods): use
   * `installServerSanitizer()` there.
   * @default the shared sanitizer, the one `sanitizeHtml` uses (over `window` in the browser; on the server,
   * the one `installServerSanitizer` installed)
   */
  sanitizer?: HtmlSanitizer;
  /**
   * Extra class names, after `pcr-static`.
   * @default undefined
   */
  className?: string;
}

const subscribe = () => () => {};
/** A sanitizer that can run here, or `null`. */
const usable = (sanitizer: HtmlSanitizer | undefined): HtmlSanitizer | null => (sanitizer?.isSupported ? sanitizer : null);

/**
 * Untrusted HTML, sanitized with DOMPurify (strict by default), in one `<div class="pcr-static">` of its
 * own. The only `dangerouslySetInnerHTML` of the library. Unsanitized HTML is never emitted.
 *
 * Server rendering emits the sanitized HTML where the app installed a server DOM with
 * `installServerSanitizer()` from `prompt-composer-react/server/sanitizer` (same policy, through jsdom), and
 * otherwise the empty container with `data-state="pending"`. Hydration keeps whatever the server sent
 * on screen without a mismatch warning, and right after it the browser's own sanitization of the same
 * HTML replaces it (the server's DOM and the browser's may serialize the same markup differently).
 *
 * Memoized: re-rendering with the same `html` and an equal `policy` neither re-renders nor
 * re-sanitizes, and repeated content is sanitized once (a shared cache).
 *
 * @example
 * <StaticSegment html={segment.content} />
 */
export const StaticSegment = memo(
  function StaticSegment({ html, policy, sanitizer, className }: StaticSegmentProps) {
    const active = useSyncExternalStore(
      subscribe,
      // In the browser, after hydration or in a client render: the given sanitizer, else the window's.
      () => usable(sanitizer ?? getDefaultSanitizer()),
      // Server rendering: the given sanitizer where it runs without a window (made over a server DOM), else
      // the server DOM's that `prompt-composer-react/server` installed (it installs only a working one), else
      // none and the container stays empty. Hydration in the browser: none either, so the server's markup stays.
      () => (typeof window === 'undefined' ? usable(sanitizer) : null) ?? serverSanitizer() ?? null,
    );
    // No useMemo: memo() below re-renders only for new content or an unequal policy, and repeats are cache hits.
    const sanitized = active?.sanitize(html, policy);
    return (
      <div
        className={classNames('pcr-static', className)}
        data-segment="static"
        // The service's HTML reads in its own direction (its first strong letter), whatever the page's.
        dir="auto"
        data-state={sanitized === undefined ? 'pending' : 'ready'}
        // Hydration renders this empty whatever the server sent, so the server's markup stays until the
        // browser's replaces it; the warning is off for this element's own attributes and HTML only.
        dangerouslySetInnerHTML={{ __html: sanitized ?? '' }}
        suppressHydrationWarning
      />
    );
  },
  (previous, next) =>
    previous.html === next.html &&
    previous.className === next.className &&
    previous.sanitizer === next.sanitizer &&
    policyKey(previous.policy) === policyKey(next.policy),
);
