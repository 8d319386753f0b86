import type { UsageSnapshot } from '../../api/usage-store.ts';
import type { UsageAlertLevel } from './usage-level.ts';

/** Text of a banner level: a short title and one sentence of detail. */
export function usageWording(level: UsageAlertLevel, usage: UsageSnapshot, numbers: Intl.NumberFormat, resetText: string | null) {
  const percent = new Intl.NumberFormat(numbers.resolvedOptions().locale, { style: 'percent' }).format(usage.limit > 0 ? usage.used / usage.limit : 1);
  const resets = resetText ? `The quota resets on ${resetText}.` : 'The quota resets at the start of the next period.';
  switch (level) {
    case 'warning':
      return { title: `You have used ${percent} of this month's requests`, detail: `${numbers.format(usage.used)} of ${numbers.format(usage.limit)} requests used. ${resets}` };
    case 'critical':
      return { title: 'Almost out of requests this month', detail: `Only ${numbers.format(Math.max(0, usage.remaining))} of ${numbers.format(usage.limit)} requests left. ${resets}` };
    case 'exceeded':
      return {
        title: "This month's requests are used up",
        detail: `Requests are paused${resetText ? ` until ${resetText}` : ' until the next period'} (${numbers.format(usage.used)} of ${numbers.format(usage.limit)} used).`,
      };
  }
}
