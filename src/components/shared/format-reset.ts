/**
 * How a reset time is written: a long date and a short time with its time zone (`December 1, 2026 at 12:00
 * AM UTC`, `1. Dezember 2026 um 01:00 MEZ`), since the quota resets at one instant for everyone and the
 * reader's clock may not be the one the time is written in. (`dateStyle` and `timeStyle` cannot carry a
 * `timeZoneName`, so the fields are named one by one.)
 */
const RESET_FORMAT: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' };

/**
 * The quota's reset time as a long date and a short time with its time zone, in `locales` and `timeZone`;
 * `null` without one, or when it lies outside what a Date holds (an `X-RateLimit-Reset` with too many
 * digits, an Invalid Date from the app): `Intl.DateTimeFormat` throws a RangeError for those, and this runs
 * while rendering. `UsageBanner` and `ApiErrorMessage` both format through it.
 */
export function formatResetDate(
  reset: Date | number | null | undefined,
  locales: string | readonly string[] | undefined,
  timeZone: string | undefined,
): string | null {
  const date = typeof reset === 'number' ? new Date(reset) : reset;
  if (!date || Number.isNaN(date.getTime())) return null;
  return new Intl.DateTimeFormat(locales as string | string[] | undefined, { ...RESET_FORMAT, timeZone }).format(date);
}
