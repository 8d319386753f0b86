/**
 * The quota's reset time as a long date and a short time, in `locales` and `timeZone`; `null` without one,
 * or when it lies outside what a Date holds (an `X-RateLimit-Reset` with too many digits, an Invalid Date
 * from the app): `Intl.DateTimeFormat` throws a RangeError for those, and this runs while rendering.
 * `UsageBanner` and `ApiErrorMessage` both format through it.
 */
export function formatResetDate(
  reset: Date | number | null | undefined,
  locales: string | readonly string[] | undefined,
  timeZone: string | undefined,
): string | null {
  const date = typeof reset === 'number' ? new Date(reset) : reset;
  if (!date || Number.isNaN(date.getTime())) return null;
  return new Intl.DateTimeFormat(locales as string | string[] | undefined, { dateStyle: 'long', timeStyle: 'short', timeZone }).format(date);
}
