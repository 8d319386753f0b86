import { playwright } from '@vitest/browser-playwright';

/**
 * Launch options for Debian's Chromium (`/usr/bin/chromium`): nothing downloads a browser.
 * A factory, because each Vitest project mutates the options object it is given.
 */
export function chromium() {
  return playwright({
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  });
}
