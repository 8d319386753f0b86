'use client';

import { useId, useRef } from 'react';
import type { CatalogOverride } from '../../catalog/catalog.ts';
import { classNames } from '../shared/class-names.ts';
import { englishComponentWords } from '../../catalog/english-components.ts';
import { useCatalog } from '../shared/useCatalog.ts';
import { type UsageAlertLevel, usageLevel, usagePeriod, type UsageThresholds, visibleUsageLevel } from './usage-level.ts';
import { UsageCallout } from './UsageCallout.tsx';
import { usePeriodEnded } from './usePeriodEnded.ts';
import { useUsageCheck } from './useUsageCheck.ts';
import { type UsageDismissalStorage, useUsageDismissal } from './useUsageDismissal.ts';

/** Props of `UsageBanner`. */
export interface UsageBannerProps extends UsageThresholds {
  /** Whether the warning and critical banners have a Dismiss button. The exceeded banner never has one. @default true */
  dismissible?: boolean;
  /**
   * Called after the user dismisses the banner, with the level that was showing. Focus is already on the
   * banner's (now empty) status region; move it elsewhere here if your app prefers.
   * @default undefined
   */
  onDismiss?: (level: UsageAlertLevel) => void;
  /** Locale(s) for numbers and the reset date. @default the catalog's `locale` ('en') */
  locale?: string | readonly string[];
  /** Time zone of the reset date. @default the user's time zone */
  timeZone?: string;
  /**
   * Upgrade link shown when the service sent none (a 429 body carries one). Links are shown only when
   * relative or `http:`/`https:`; any other scheme (`javascript:`, `data:`) drops the link.
   * @default undefined
   */
  upgradeUrl?: string;
  /**
   * Remembers the dismissal in Web Storage under this key too, so it survives reloads and tabs. Without
   * it the dismissal lives in component state only.
   * @default undefined
   */
  storageKey?: string;
  /** Which Web Storage `storageKey` uses. @default 'local' */
  storage?: UsageDismissalStorage;
  /**
   * Whether the exceeded banner has a "Check again" button, for after an upgrade: it calls
   * `client.usage.reset()` (which lifts the quota guard) and sends one request, `GET /prompts` through
   * your QueryClient (its data refreshes the prompt list and every prompt's latest entry), and the banner
   * shows what that response reports. A 429 is not metered, so a check that finds the quota still spent
   * costs nothing. When a successful answer brings back no usage (a proxy that drops the rate-limit
   * headers, CORS without `Access-Control-Expose-Headers`), the alert goes and the status region says
   * requests go through again, without a count. When the check fails without usage (the service could not
   * be reached), the alert stays as it was and says so.
   * @default true
   */
  checkAgain?: boolean;
  /** The clock (ms since the epoch) that tells when the quota's reset time has passed. @default Date.now */
  now?: () => number;
  /** The banner's words, over the provider's catalog. @default the provider's catalog, else `englishCatalog` */
  catalog?: CatalogOverride;
  /** Extra class names on the banner. @default undefined */
  className?: string;
}

/**
 * The monthly quota banner. Reads `useUsage()`; shows only the highest level crossed: a warning and a
 * critical warning (dismissible until a higher level or the next period) and the exceeded hard stop
 * (`role="alert"`, with the reset date and the upgrade link, never dismissible). The banner has
 * `data-state="warning|critical|exceeded"`.
 *
 * - The warnings fill a `role="status"` region that stays mounted (empty, `data-state="none"`, when
 *   nothing shows), since screen readers often miss a status region inserted already filled. The
 *   exceeded alert is inserted as `role="alert"`, which screen readers announce on insertion.
 * - After Dismiss, focus moves to that status region (`tabIndex={-1}`), so it stays where the banner
 *   was instead of falling to `<body>`; `onDismiss` may move it elsewhere.
 * - Once the snapshot's reset time has passed (by `now`), the snapshot describes a finished period: the
 *   banner hides until the next response reports the new period.
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
  checkAgain = true,
  now = Date.now,
  catalog,
  className,
}: UsageBannerProps) {
  const words = useCatalog(catalog, englishComponentWords);
  const { usage: latest, checking, unreached, unreported, check } = useUsageCheck('UsageBanner');
  const [dismissal, dismiss] = useUsageDismissal(storageKey, storage);
  const region = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const usage = usePeriodEnded(usagePeriod(latest), now) ? null : latest;
  const thresholds = { warningAt, criticalAt };
  const level = visibleUsageLevel(usage, thresholds, dismissal);

  const content =
    level === 'none' || !usage ? null : (
      <UsageCallout
        level={level}
        usage={usage}
        words={words}
        titleId={titleId}
        numberLocale={locale ?? words.locale}
        timeZone={timeZone}
        thresholds={thresholds}
        upgradeUrl={upgradeUrl}
        unreached={unreached && level === 'exceeded'}
        checkAgain={
          checkAgain && level === 'exceeded'
            ? {
                checking,
                onCheck: () => {
                  if (checking) return;
                  void check((next) => {
                    // When the alert (and this button) goes, focus stays where the banner was, not on <body>.
                    if (usageLevel(next, thresholds) !== 'exceeded') region.current?.focus();
                  });
                },
              }
            : undefined
        }
        onDismiss={
          dismissible && level !== 'exceeded'
            ? () => {
                // Before the button goes: focus stays where the banner was, not on <body>.
                region.current?.focus();
                dismiss({ level, reset: usagePeriod(usage) });
                onDismiss?.(level);
              }
            : undefined
        }
      />
    );
  const classes = classNames('pcr-usage-banner', className);
  const polite = level === 'warning' || level === 'critical';
  return (
    <>
      <div
        ref={region}
        className={polite ? classes : 'pcr-usage-banner-region'}
        role="status"
        tabIndex={-1}
        aria-labelledby={polite ? titleId : undefined}
        data-state={polite ? level : 'none'}
      >
        {polite ? content : unreported ? (
          // After "Check again" found the quota no longer spent, with no usage to show (no rate-limit headers).
          <p className="pcr-usage-banner__note">{words.usage.unreported}</p>
        ) : null}
      </div>
      {level === 'exceeded' ? (
        <div className={classes} role="alert" aria-labelledby={titleId} data-state="exceeded">
          {content}
        </div>
      ) : null}
    </>
  );
}
