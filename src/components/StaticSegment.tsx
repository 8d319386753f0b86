import { memo, useSyncExternalStore } from 'react';
import { classNames } from './class-names.ts';
import { getDefaultSanitizer, type HtmlSanitizer } from './sanitize.ts';
import { policyKey, type SanitizePolicy } from './sanitize-policy.ts';

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
   * policy name. Create it once, outside render: a new one re-renders and sanitizes again.
   * @default the shared sanitizer over `window`, the one `sanitizeHtml` uses
   */
  sanitizer?: HtmlSanitizer;
  /**
   * Extra class names, after `pcr-static`.
   * @default undefined
   */
  className?: string;
}

const subscribe = () => () => {};
// On the server and during hydration the container stays empty, so server and client HTML match.
const cannotSanitizeYet = () => false;

/**
 * Untrusted HTML, sanitized with DOMPurify (strict by default), in one `<div class="pcr-static">` of its
 * own. The only `dangerouslySetInnerHTML` of the library. Server rendering and hydration render the
 * empty container with `data-state="pending"`; the sanitized HTML fills it right after hydration (or on
 * the first client render). Unsanitized HTML is never emitted.
 *
 * Memoized: re-rendering with the same `html` and an equal `policy` neither re-renders nor
 * re-sanitizes, and repeated content is sanitized once (a shared cache).
 *
 * @example
 * <StaticSegment html={segment.content} />
 */
export const StaticSegment = memo(
  function StaticSegment({ html, policy, sanitizer, className }: StaticSegmentProps) {
    const active = sanitizer ?? getDefaultSanitizer();
    const ready = useSyncExternalStore(subscribe, () => active.isSupported, cannotSanitizeYet);
    // No useMemo: memo() below re-renders only for new content or an unequal policy, and repeats are cache hits.
    const sanitized = ready ? active.sanitize(html, policy) : undefined;
    return (
      <div
        className={classNames('pcr-static', className)}
        data-segment="static"
        data-state={sanitized === undefined ? 'pending' : 'ready'}
        dangerouslySetInnerHTML={sanitized === undefined ? undefined : { __html: sanitized }}
      />
    );
  },
  (previous, next) =>
    previous.html === next.html &&
    previous.className === next.className &&
    previous.sanitizer === next.sanitizer &&
    policyKey(previous.policy) === policyKey(next.policy),
);
