// Finds the Chromium the browser tests run in, and gets one on a machine that has none (`pretest`):
// `node scripts/chromium.mjs` exits 0 with a Chromium in place, or 1 with a message that says what to do.
//
// Where it looks: `CHROMIUM_PATH` when set (only there), else Debian's `/usr/bin/chromium`, else the
// Chromium that Playwright downloads (`npx playwright install chromium`).
// How it gets one: as root with apt-get, Debian's `chromium` package; else Playwright's own download
// (which needs its download host); else nothing, and a clear failure.
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { findOnPath, isExecutable, runShown } from './executables.mjs';

/** Debian's Chromium, what the repo's tests and examples use by default. */
export const DEBIAN_CHROMIUM = '/usr/bin/chromium';

/** Launch arguments that work as root on a closed network (headless, no sandbox, no background traffic). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The Chromium to launch: the first one `findChromium` finds, else where `CHROMIUM_PATH` or Debian would put it. */
export function chromiumPath(env = process.env) {
  return findChromium(env) ?? env.CHROMIUM_PATH ?? DEBIAN_CHROMIUM;
}

/**
 * The places to look, in order: `CHROMIUM_PATH` alone when set, else Debian's path and Playwright's.
 * @param {NodeJS.ProcessEnv} env
 */
export function chromiumCandidates(env = process.env) {
  // Where Playwright's own download puts its Chromium (honours PLAYWRIGHT_BROWSERS_PATH).
  return env.CHROMIUM_PATH ? [env.CHROMIUM_PATH] : [DEBIAN_CHROMIUM, chromium.executablePath()];
}

/**
 * The first executable Chromium of `chromiumCandidates`, or undefined.
 * @param {NodeJS.ProcessEnv} env
 * @param {(path: string) => boolean} exists
 */
export function findChromium(env = process.env, exists = isExecutable) {
  return chromiumCandidates(env).find((path) => exists(path));
}

/**
 * Makes sure a Chromium is there; returns its path, or throws an Error whose message says what to do.
 * Every effect goes through `system`, so the decisions can be tested without touching the machine.
 * @param {import('./chromium.d.mts').ChromiumSystem} system environment, root or not, file and PATH
 *   checks, command runner and logger (all default to the real machine)
 */
export function ensureChromium(system = {}) {
  const env = system.env ?? process.env;
  const exists = system.exists ?? isExecutable;
  const has = system.onPath ?? ((command) => findOnPath(command, env) !== undefined);
  const exec = system.run ?? ((command, args) => runShown(command, args, env));
  const log = system.log ?? ((line) => console.log(line));
  const isRoot = system.isRoot ?? process.getuid?.() === 0;

  const look = () => findChromium(env, exists);
  const found = look();
  if (found) {
    log(`chromium: ${found}`);
    return found;
  }
  const candidates = chromiumCandidates(env);
  log(`chromium: none at ${candidates.join(' or ')}; the browser tests need one`);
  const tried = [];

  if (isRoot && has('apt-get')) {
    log("chromium: installing Debian's chromium package (apt-get update && apt-get install -y chromium)");
    const installed = exec('apt-get', ['update']) && exec('apt-get', ['install', '-y', 'chromium']);
    const after = installed ? look() : undefined;
    if (after) {
      log(`chromium: ${after}`);
      return after;
    }
    tried.push(installed ? `apt-get installed chromium, but it is not at ${candidates.join(' or ')}` : 'apt-get install chromium failed');
  } else {
    tried.push(isRoot ? 'apt-get: not on this machine' : 'apt-get: not root, so not tried');
  }

  if (has('playwright')) {
    log("chromium: trying Playwright's own download (playwright install chromium)");
    const downloaded = exec('playwright', ['install', 'chromium']);
    const after = downloaded ? look() : undefined;
    if (after) {
      log(`chromium: ${after}`);
      return after;
    }
    tried.push(downloaded ? `Playwright downloaded a Chromium, but not to ${candidates.join(' or ')}` : 'playwright install chromium failed (no access to its download host?)');
  } else {
    tried.push('playwright: not installed (run npm ci first)');
  }

  throw new Error(
    [
      `No Chromium for the browser tests: none at ${candidates.join(' or ')}.`,
      `Tried: ${tried.join('; ')}.`,
      'Do one of these, then run the tests again:',
      '  - Debian or Ubuntu: sudo apt-get install chromium',
      '  - anywhere Playwright can download: npx playwright install chromium',
      '  - point CHROMIUM_PATH at a Chromium or Chrome you have: CHROMIUM_PATH=/path/to/chrome npm test',
    ].join('\n'),
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    ensureChromium();
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}
