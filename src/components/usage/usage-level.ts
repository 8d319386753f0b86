import type { UsageSnapshot } from '../../api/usage-store.ts';

/** How close the account is to its monthly quota, lowest first. `'none'` means below every threshold. */
export type UsageLevel = 'none' | 'warning' | 'critical' | 'exceeded';

/** A level the banner can show (every level but `'none'`). */
export type UsageAlertLevel = Exclude<UsageLevel, 'none'>;

/** Fractions of the quota used (0 to 1) at which the banner turns on. */
export interface UsageThresholds {
  /** Fraction used from which the warning shows. @default 0.8 */
  warningAt?: number;
  /** Fraction used from which the critical warning shows. @default 0.95 */
  criticalAt?: number;
}

/** A dismissal: the level the user closed, in the period that ends at `reset`. */
export interface UsageDismissal {
  /** The level that was showing when the user dismissed it. The exceeded hard stop cannot be dismissed. */
  level: 'warning' | 'critical';
  /** The period's reset time in ms since the epoch (`snapshot.reset`), or `null` when none was known. */
  reset: number | null;
}

/** The fraction of the quota used at which `UsageBanner` starts warning. @default 0.8 */
export const DEFAULT_WARNING_AT = 0.8;
/** The fraction of the quota used at which `UsageBanner` turns critical. @default 0.95 */
export const DEFAULT_CRITICAL_AT = 0.95;

/**
 * The highest level `snapshot` has crossed: `'exceeded'` at 0 remaining or after a 429, then
 * `'critical'` and `'warning'` by the fraction used, else `'none'` (also when no usage is known).
 *
 * @example
 * usageLevel({ limit: 5000, used: 4100, remaining: 900, ... }) // 'warning'
 */
export function usageLevel(snapshot: UsageSnapshot | null, thresholds: UsageThresholds = {}): UsageLevel {
  if (!snapshot) return 'none';
  if (snapshot.exceeded || (snapshot.limit > 0 && snapshot.remaining <= 0)) return 'exceeded';
  if (!(snapshot.limit > 0)) return 'none';
  const fraction = snapshot.used / snapshot.limit;
  if (fraction >= (thresholds.criticalAt ?? DEFAULT_CRITICAL_AT)) return 'critical';
  if (fraction >= (thresholds.warningAt ?? DEFAULT_WARNING_AT)) return 'warning';
  return 'none';
}

/** The period key of a snapshot: its reset time in ms, or `null`. */
export function usagePeriod(snapshot: UsageSnapshot | null): number | null {
  return snapshot?.reset?.getTime() ?? null;
}

/**
 * Whether a dismissal still hides `level` in the period of `snapshot`: only while the level is not
 * higher than the dismissed one and the period (its reset time) is the same. The exceeded hard stop is
 * never hidden, whatever a (stored, possibly edited) dismissal says.
 */
export function isDismissed(level: UsageLevel, snapshot: UsageSnapshot | null, dismissal: UsageDismissal | null): boolean {
  if (!dismissal || level === 'none' || level === 'exceeded') return false;
  // A dismissed critical warning also covers the lower warning; a dismissed warning does not cover critical.
  const covered = level === dismissal.level || dismissal.level === 'critical';
  return covered && dismissal.reset === usagePeriod(snapshot);
}

/**
 * The level a banner shows: the highest crossed, or `'none'` when it is dismissed for this period.
 *
 * @example
 * visibleUsageLevel(snapshot, { warningAt: 0.5 }, { level: 'warning', reset: snapshot.reset.getTime() })
 */
export function visibleUsageLevel(
  snapshot: UsageSnapshot | null,
  thresholds: UsageThresholds = {},
  dismissal: UsageDismissal | null = null,
): UsageLevel {
  const level = usageLevel(snapshot, thresholds);
  return isDismissed(level, snapshot, dismissal) ? 'none' : level;
}

/** Reads a stored dismissal back; anything malformed (an `'exceeded'` level included) counts as none. */
export function parseUsageDismissal(text: string | null): UsageDismissal | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return null;
    const { level, reset } = value as Record<string, unknown>;
    if (level !== 'warning' && level !== 'critical') return null;
    if (reset !== null && typeof reset !== 'number') return null;
    return { level, reset };
  } catch {
    return null;
  }
}
