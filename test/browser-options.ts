import { playwright } from '@vitest/browser-playwright';
import { CHROMIUM_ARGS, chromiumPath } from '../scripts/chromium.mjs';

/**
 * Launch options for the machine's Chromium: `CHROMIUM_PATH`, else Debian's `/usr/bin/chromium`, else
 * Playwright's own download (`scripts/chromium.mjs`, which `pretest` runs to get one where none is).
 * A factory, because each Vitest project mutates the options object it is given. Pages run in UTC, in
 * `en-US`, wherever the tests run.
 */
export function chromium() {
  // The same time zone and language on every machine: dates and numbers read the same in every test run.
  const contextOptions = { timezoneId: 'UTC', locale: 'en-US' };
  return playwright({ launchOptions: { executablePath: chromiumPath(), args: [...CHROMIUM_ARGS] }, contextOptions });
}
