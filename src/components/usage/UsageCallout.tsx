'use client';

import type { UsageSnapshot } from '../../api/usage-store.ts';
import type { CatalogWithoutDiffs } from '../../catalog/catalog.ts';
import { fillText, formatNumber, type Locales } from '../../catalog/format.ts';
import { formatResetDate } from '../shared/format-reset.ts';
import { Icon, type IconName } from '../shared/Icon.tsx';
import { safeHref } from '../../sanitize/safe-href.ts';
import { DEFAULT_CRITICAL_AT, DEFAULT_WARNING_AT, type UsageAlertLevel, type UsageThresholds } from './usage-level.ts';
import { usageWording } from './usage-wording.ts';

/** The icon of each level: a gauge filling up, a warning, a hard stop. */
const LEVEL_ICONS: Record<UsageAlertLevel, IconName> = { warning: 'gauge', critical: 'warning', exceeded: 'stop' };

/** What `UsageCallout` shows, all decided by `UsageBanner`. */
export interface UsageCalloutProps {
  level: UsageAlertLevel;
  usage: UsageSnapshot;
  words: CatalogWithoutDiffs;
  /** The id of the title, which names the banner's region. */
  titleId: string;
  numberLocale: Locales;
  timeZone: string | undefined;
  thresholds: UsageThresholds;
  /** The app's upgrade link, when the service sent none. */
  upgradeUrl: string | undefined;
  /** Whether "Check again" could not reach the service: a note under the text. */
  unreached: boolean;
  /** "Check again", on the exceeded banner: whether it runs, and what a click does. */
  checkAgain?: { checking: boolean; onCheck: () => void };
  /** What Dismiss does, on the warnings that may be dismissed. */
  onDismiss?: () => void;
}

/**
 * The inside of a banner level, as the callouts of Radix and Vercel's usage banners have it: an icon, the
 * words (title, detail, the meter), the one clear action (the upgrade link, styled as a button; on the hard
 * stop also "Check again") and Dismiss as an icon button named by the catalog. The stylesheet lays it out
 * (the actions beside the words where there is room, under them where there is not).
 */
export function UsageCallout({ level, usage, words, titleId, numberLocale, timeZone, thresholds, upgradeUrl, unreached, checkAgain, onDismiss }: UsageCalloutProps) {
  const resetText = formatResetDate(usage.reset, numberLocale, timeZone);
  const { title, detail } = usageWording(level, usage, words, numberLocale, resetText);
  // The service's link first (a 429 body's), the app's after; only relative or http(s) ones.
  const link = level === 'warning' ? undefined : (safeHref(usage.upgradeUrl) ?? safeHref(upgradeUrl));
  const limit = Math.max(usage.limit, 0);
  return (
    <>
      <Icon name={LEVEL_ICONS[level]} className="pcr-callout__icon" />
      <p className="pcr-usage-banner__title" id={titleId}>
        {title}
      </p>
      <div className="pcr-usage-banner__content">
        <div className="pcr-usage-banner__text">
          <p className="pcr-usage-banner__detail">{detail}</p>
          <meter
            className="pcr-usage-banner__meter"
            aria-label={words.usage.meterLabel}
            min={0}
            max={limit || 1}
            value={Math.min(usage.used, limit)}
            low={(thresholds.warningAt ?? DEFAULT_WARNING_AT) * limit}
            high={(thresholds.criticalAt ?? DEFAULT_CRITICAL_AT) * limit}
            optimum={0}
          >
            {fillText(words.usage.meterText, { used: formatNumber(usage.used, numberLocale), limit: formatNumber(usage.limit, numberLocale) }, words.locale)}
          </meter>
          {/* Inside the alert, a live region (atomic): the change is announced with the alert. */}
          {unreached ? <p className="pcr-usage-banner__note">{words.usage.unreached}</p> : null}
        </div>
        {link || checkAgain ? (
          <div className="pcr-callout__actions">
            {link ? (
              <a className="pcr-usage-banner__upgrade pcr-button" data-variant="solid" href={link}>
                {words.usage.upgrade}
                <Icon name="arrow" />
              </a>
            ) : null}
            {checkAgain ? (
              <button type="button" className="pcr-usage-banner__check pcr-button" aria-disabled={checkAgain.checking} onClick={checkAgain.onCheck}>
                {checkAgain.checking ? words.usage.checking : words.usage.checkAgain}
              </button>
            ) : null}
          </div>
        ) : null}
      </div>
      {onDismiss ? (
        <button type="button" className="pcr-usage-banner__dismiss pcr-icon-button" aria-label={words.usage.dismiss} onClick={onDismiss}>
          <Icon name="close" />
        </button>
      ) : null}
    </>
  );
}
