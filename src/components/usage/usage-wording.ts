import type { UsageSnapshot } from '../../api/usage-store.ts';
import type { CatalogWithoutDiffs } from '../../catalog/catalog.ts';
import { fillPlural, fillText, formatNumber, type Locales } from '../../catalog/format.ts';
import type { UsageAlertLevel } from './usage-level.ts';

/**
 * Text of a banner level in the catalog's words: a short title and one or two sentences of detail. Numbers
 * and the reset date (already formatted) follow `numberLocale`; the plural forms, the catalog's language.
 */
export function usageWording(level: UsageAlertLevel, usage: UsageSnapshot, words: CatalogWithoutDiffs, numberLocale: Locales, resetText: string | null) {
  const { locale } = words;
  const text = words.usage;
  const used = formatNumber(usage.used, numberLocale);
  const limit = formatNumber(usage.limit, numberLocale);
  const resets = resetText ? fillText(text.resetsOn, { date: resetText }, locale) : text.resetsNextPeriod;
  const withReset = (first: string) => fillText(words.sentences, { first, second: resets }, locale);
  switch (level) {
    case 'warning': {
      const percent = new Intl.NumberFormat(numberLocale as string | string[], { style: 'percent' }).format(usage.limit > 0 ? usage.used / usage.limit : 1);
      return { title: fillText(text.warning.title, { percent }, locale), detail: withReset(fillPlural(text.warning.detail, usage.limit, { used, limit }, locale)) };
    }
    case 'critical': {
      const remaining = formatNumber(Math.max(0, usage.remaining), numberLocale);
      return { title: text.critical.title, detail: withReset(fillPlural(text.critical.detail, usage.limit, { remaining, limit }, locale)) };
    }
    case 'exceeded':
      return {
        title: text.exceeded.title,
        detail: resetText ? fillText(text.exceeded.detail, { date: resetText, used, limit }, locale) : fillText(text.exceeded.detailWithoutDate, { used, limit }, locale),
      };
  }
}
