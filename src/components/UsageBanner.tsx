import { useId, useMemo } from 'react';
import type { UsageSnapshot } from '../api/usage-store.ts';
import { useUsage } from '../query/useUsage.ts';
import { DEFAULT_CRITICAL_AT, DEFAULT_WARNING_AT, type UsageAlertLevel, usagePeriod, type UsageThresholds, visibleUsageLevel } from './usage-level.ts';
import { type UsageDismissalStorage, useUsageDismissal } from './useUsageDismissal.ts';

/** Props of `UsageBanner`. */
export interface UsageBannerProps extends UsageThresholds {
  /** Whether the warning and critical banners have a Dismiss button. The exceeded banner never has one. @default true */
  dismissible?: boolean;
  /** Called after the user dismisses the banner, with the level that was showing. @default undefined */
  onDismiss?: (level: UsageAlertLevel) => void;
  /** Locale(s) for numbers and the reset date. @default the user's locale */
  locale?: string | readonly string[];
  /** Time zone of the reset date. @default the user's time zone */
  timeZone?: string;
  /** Upgrade link shown when the service sent none (a 429 body carries one). @default undefined */
  upgradeUrl?: string;
  /**
   * Remembers the dismissal in Web Storage under this key too, so it survives reloads and tabs. Without
   * it the dismissal lives in component state only.
   * @default undefined
   */
  storageKey?: string;
  /** Which Web Storage `storageKey` uses. @default 'local' */
  storage?: UsageDismissalStorage;
  /** Extra class names on the root. @default undefined */
  className?: string;
}

/** Text of a banner level: a short title and one sentence of detail. */
function wording(level: UsageAlertLevel, usage: UsageSnapshot, numbers: Intl.NumberFormat, resetText: string | null) {
  const count = (value: number) => numbers.format(value);
  const percent = new Intl.NumberFormat(numbers.resolvedOptions().locale, { style: 'percent' }).format(usage.limit > 0 ? usage.used / usage.limit : 1);
  const resets = resetText ? `The quota resets on ${resetText}.` : 'The quota resets at the start of the next period.';
  switch (level) {
    case 'warning':
      return { title: `You have used ${percent} of this month's requests`, detail: `${count(usage.used)} of ${count(usage.limit)} requests used. ${resets}` };
    case 'critical':
      return { title: 'Almost out of requests this month', detail: `Only ${count(Math.max(0, usage.remaining))} of ${count(usage.limit)} requests left. ${resets}` };
    case 'exceeded':
      return {
        title: "This month's requests are used up",
        detail: `Requests are paused${resetText ? ` until ${resetText}` : ' until the next period'} (${count(usage.used)} of ${count(usage.limit)} used).`,
      };
  }
}

/**
 * The monthly quota banner. Reads `useUsage()`; renders nothing below `warningAt` or before any usage
 * is known. Shows only the highest level crossed: a warning and a critical warning (`role="status"`,
 * dismissible until a higher level or the next period) and the exceeded hard stop (`role="alert"`,
 * with the reset date and the upgrade link). The root has `data-state="warning|critical|exceeded"`.
 *
 * @example
 * <UsageBanner warningAt={0.75} upgradeUrl="/billing" storageKey="pcr-usage-dismissed" />
 */
export function UsageBanner({
  warningAt,
  criticalAt,
  dismissible = true,
  onDismiss,
  locale,
  timeZone,
  upgradeUrl,
  storageKey,
  storage = 'local',
  className,
}: UsageBannerProps) {
  const usage = useUsage();
  const [dismissal, dismiss] = useUsageDismissal(storageKey, storage);
  const titleId = useId();
  const level = visibleUsageLevel(usage, { warningAt, criticalAt }, dismissal);
  const locales = locale as string | string[] | undefined;
  const numbers = useMemo(() => new Intl.NumberFormat(locales), [locales]);
  const reset = usage?.reset ?? null;
  const resetText = useMemo(
    () => (reset ? new Intl.DateTimeFormat(locales, { dateStyle: 'long', timeStyle: 'short', timeZone }).format(reset) : null),
    [locales, timeZone, reset],
  );
  if (level === 'none' || !usage) return null;

  const { title, detail } = wording(level, usage, numbers, resetText);
  const link = usage.upgradeUrl ?? upgradeUrl;
  const limit = Math.max(usage.limit, 0);
  return (
    <div
      className={['pcr-usage-banner', className].filter(Boolean).join(' ')}
      role={level === 'exceeded' ? 'alert' : 'status'}
      aria-labelledby={titleId}
      data-state={level}
    >
      <p className="pcr-usage-banner__title" id={titleId}>
        {title}
      </p>
      <p className="pcr-usage-banner__detail">{detail}</p>
      <meter
        className="pcr-usage-banner__meter"
        aria-label="Requests used this month"
        min={0}
        max={limit || 1}
        value={Math.min(usage.used, limit)}
        low={(warningAt ?? DEFAULT_WARNING_AT) * limit}
        high={(criticalAt ?? DEFAULT_CRITICAL_AT) * limit}
        optimum={0}
      >
        {`${numbers.format(usage.used)} / ${numbers.format(usage.limit)}`}
      </meter>
      {link && level !== 'warning' ? (
        <a className="pcr-usage-banner__upgrade" href={link}>
          Upgrade your plan
        </a>
      ) : null}
      {dismissible && level !== 'exceeded' ? (
        <button
          type="button"
          className="pcr-usage-banner__dismiss"
          onClick={() => {
            dismiss({ level, reset: usagePeriod(usage) });
            onDismiss?.(level);
          }}
        >
          Dismiss
        </button>
      ) : null}
    </div>
  );
}
