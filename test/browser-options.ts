import { playwright } from '@vitest/browser-playwright';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/storybook-pages.mjs';

/**
 * Launch options for Debian's Chromium (`/usr/bin/chromium`, or `CHROMIUM_PATH`): nothing downloads a browser.
 * A factory, because each Vitest project mutates the options object it is given.
 */
export function chromium() {
  return playwright({ launchOptions: { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] } });
}
