/** Debian's Chromium, what the repo's tests and examples use by default. */
export const DEBIAN_CHROMIUM: string;

/** Launch arguments that work as root on a closed network (headless, no sandbox, no background traffic). */
export const CHROMIUM_ARGS: string[];

/** The Chromium to launch: the first one `findChromium` finds, else where `CHROMIUM_PATH` or Debian would put it. */
export function chromiumPath(env?: NodeJS.ProcessEnv): string;

/** The places to look, in order: `CHROMIUM_PATH` alone when set, else Debian's path and Playwright's. */
export function chromiumCandidates(env?: NodeJS.ProcessEnv): string[];

/** The first executable Chromium of `chromiumCandidates`, or undefined. */
export function findChromium(env?: NodeJS.ProcessEnv, exists?: (path: string) => boolean): string | undefined;

/** What `ensureChromium` does to the machine, replaceable in tests. */
export interface ChromiumSystem {
  env?: NodeJS.ProcessEnv;
  isRoot?: boolean;
  exists?: (path: string) => boolean;
  onPath?: (command: string) => boolean;
  run?: (command: string, args: string[]) => boolean;
  log?: (line: string) => void;
}

/** Makes sure a Chromium is there; returns its path, or throws an Error whose message says what to do. */
export function ensureChromium(system?: ChromiumSystem): string;
