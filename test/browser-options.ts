import { playwright } from '@vitest/browser-playwright';
import { CHROMIUM_ARGS, chromiumPath } from '../scripts/chromium.mjs';

/**
 * Launch options for the machine's Chromium: `CHROMIUM_PATH`, else Debian's `/usr/bin/chromium`, else
 * Playwright's own download (`scripts/chromium.mjs`, which `pretest` runs to get one where none is).
 * A factory, because each Vitest project mutates the options object it is given.
 */
export function chromium() {
  return playwright({ launchOptions: { executablePath: chromiumPath(), args: [...CHROMIUM_ARGS] } });
}
