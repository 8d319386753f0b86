import { classNames } from './class-names.ts';

/**
 * The icons the components draw, as 16 × 16 line drawings: `alert` (an error), `gauge` (a quota filling
 * up), `warning` (almost out), `stop` (a hard stop), `close` (dismiss), `chevron` (a disclosure, closed)
 * and `arrow` (go on to a link, or from an old value to the new one). `chevron` and `arrow` point to the
 * end of the line, so they turn round right to left (see `Icon`).
 */
export type IconName = 'alert' | 'gauge' | 'warning' | 'stop' | 'close' | 'chevron' | 'arrow';

/** Each icon as one path: circles as two arcs, dots as lines of no length that the round caps paint. */
const PATHS: Record<IconName, string> = {
  alert: 'M8 1.75a6.25 6.25 0 1 1 0 12.5a6.25 6.25 0 1 1 0-12.5ZM8 4.75v3.5M8 11h.01',
  gauge: 'M1.75 11.25a6.25 6.25 0 1 1 12.5 0M8 11.25l2.75-3.5M1.75 13.75h12.5',
  warning: 'M8 1.75l6.5 11.5h-13ZM8 6v3M8 11.25h.01',
  stop: 'M5.5 1.75h5l3.75 3.75v5l-3.75 3.75h-5L1.75 10.5v-5ZM8 4.75v3.5M8 11h.01',
  close: 'M4 4l8 8M12 4l-8 8',
  chevron: 'M6 3.5L10.5 8 6 12.5',
  arrow: 'M2.75 8h10.5M9 3.75L13.25 8 9 12.25',
};

/**
 * The icons that point to the end of a left-to-right line, drawn again pointing the other way, 16 units
 * to the right of the first (x becomes 32 − x).
 */
const MIRRORED: Partial<Record<IconName, string>> = {
  chevron: 'M26 3.5L21.5 8 26 12.5',
  arrow: 'M29.25 8h-10.5M23 3.75L18.75 8 23 12.25',
};

/** Props of `Icon`. */
export interface IconProps {
  /** Which icon. */
  name: IconName;
  /**
   * Extra class names, after `pcr-icon`.
   * @default undefined
   */
  className?: string;
}

const svgAttributes = {
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: '1.5',
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  focusable: 'false',
} as const;

/**
 * An icon in the current text colour, beside words that say what it shows: hidden from assistive
 * technology, never the only carrier of a meaning. SVG attributes only, no `style`: it renders under a strict
 * Content Security Policy, and in a Server Component.
 *
 * An icon that points somewhere (`arrow`, `chevron`) is a strip twice its width in a box of its own size
 * that clips it: the icon pointing to the end of a left-to-right line on the strip's left half, pointing
 * the other way on its right half. The strip starts where a line starts, so the box shows the left half left
 * to right and the right half right to left: mirrored by layout alone, with no `:dir()` selector (which a
 * production build's CSS minifier rewrites into a list of languages) and no script.
 */
export function Icon({ name, className }: IconProps) {
  const mirrored = MIRRORED[name];
  if (mirrored === undefined) {
    return (
      <svg className={classNames('pcr-icon', className)} data-icon={name} viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" {...svgAttributes}>
        <path d={PATHS[name]} />
      </svg>
    );
  }
  return (
    <span className={classNames('pcr-icon', className)} data-icon={name} data-mirrors="" aria-hidden="true">
      <svg viewBox="0 0 32 16" width="32" height="16" {...svgAttributes}>
        <path className="pcr-icon__ltr" d={PATHS[name]} />
        <path className="pcr-icon__rtl" d={mirrored} />
      </svg>
    </span>
  );
}
