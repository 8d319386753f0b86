import type { RateLimit, Usage } from './types.ts';

/** The account's monthly usage as last reported by the service. */
export interface UsageSnapshot {
  /** Monthly request quota. */
  limit: number;
  /** Requests remaining this period. */
  remaining: number;
  /** Requests used this period (`limit - remaining`, or the 429 body's `usage.used`). */
  used: number;
  /** When the quota resets; `null` when the service has not said. */
  reset: Date | null;
  /** `true` at 0 remaining or after a 429, until a response says otherwise. */
  exceeded: boolean;
  /** Upgrade link from the last 429 body; `null` when none was seen. */
  upgradeUrl: string | null;
}

/** A tiny external store, shaped for `useSyncExternalStore`. */
export interface UsageStore {
  /** The current snapshot; the same object until something changes. `null` before any response. */
  getSnapshot(): UsageSnapshot | null;
  /** Calls `listener` after every change; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
  /**
   * Forgets the stored usage (the snapshot becomes `null`, as before the first response), and with it the
   * exceeded state: the quota guard lets the next request through, and that response reports the usage
   * again. Call it after the account's plan changed (an upgrade), when the stored reset time is weeks away.
   * A 429 is not metered, so a request that finds the quota still spent costs nothing.
   *
   * @example
   * await upgradePlan()
   * client.usage.reset()
   * await queryClient.refetchQueries({ type: 'active' })
   */
  reset(): void;
  /**
   * Records a response's rate-limit headers. Within one period (the same limit and reset time) the
   * remaining count only goes down: an older answer that arrives late does not raise it.
   */
  recordRateLimit(rateLimit: RateLimit): void;
  /**
   * Records a 429: the body's usage and upgrade link, and the headers when valid. Without valid rate-limit
   * headers, `retryAt` (from a `Retry-After` in the future, in ms since the epoch) stands in for the reset
   * time; without either, the stored reset stays.
   */
  recordExceeded(usage: Usage | undefined, upgradeUrl: string | undefined, rateLimit: RateLimit | null, retryAt?: number): void;
}

/** Whether `next` holds the same values as `current` (dates compare by their time, through their JSON form). */
function same(current: UsageSnapshot | null, next: UsageSnapshot | null): boolean {
  return JSON.stringify(current) === JSON.stringify(next);
}

/**
 * The date `ms` milliseconds after the epoch, or `null` without one or when it lies outside the range a
 * Date can hold (a header with too many digits), so no Invalid Date reaches the guard or the banner.
 */
function dateOrNull(ms: number | null | undefined): Date | null {
  const date = new Date(ms ?? Number.NaN);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Creates an empty usage store. Each client owns one. */
export function createUsageStore(): UsageStore {
  let snapshot: UsageSnapshot | null = null;
  const listeners = new Set<() => void>();

  function set(next: UsageSnapshot | null): void {
    if (same(snapshot, next)) return;
    snapshot = next;
    for (const listener of [...listeners]) listener();
  }

  return {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    reset: () => set(null),
    recordRateLimit({ limit, remaining: reported, reset }) {
      const resetAt = dateOrNull(reset * 1000);
      // A month's quota only goes down until it resets (or the plan changes its limit): an answer that
      // arrives after a newer one (parallel requests, or the servers of a fleet) brings no request back.
      const last = snapshot;
      const sameMonth = last !== null && last.limit === limit && last.reset?.getTime() === resetAt?.getTime();
      const remaining = sameMonth ? Math.min(reported, last.remaining) : reported;
      set({
        limit,
        remaining,
        used: limit - remaining,
        reset: resetAt,
        exceeded: remaining === 0,
        upgradeUrl: snapshot?.upgradeUrl ?? null,
      });
    },
    recordExceeded(usage, upgradeUrl, rateLimit, retryAt) {
      const limit = usage?.limit ?? rateLimit?.limit ?? snapshot?.limit ?? 0;
      const used = usage?.used ?? (rateLimit ? rateLimit.limit - rateLimit.remaining : limit);
      set({
        limit,
        remaining: 0,
        used,
        reset: dateOrNull(rateLimit && rateLimit.reset * 1000) ?? dateOrNull(retryAt) ?? snapshot?.reset ?? null,
        exceeded: true,
        upgradeUrl: upgradeUrl ?? snapshot?.upgradeUrl ?? null,
      });
    },
  };
}
