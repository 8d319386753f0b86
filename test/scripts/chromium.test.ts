// The decisions of scripts/chromium.mjs (`pretest`: find or get a Chromium), without touching the
// machine's own Chromium: fakes for every effect, and a nonexistent CHROMIUM_PATH with a fake apt-get
// and playwright first on PATH.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { chromiumCandidates, DEBIAN_CHROMIUM, ensureChromium } from '../../scripts/chromium.mjs';

/** A machine where `present` paths exist, `commands` are on PATH, and runs succeed unless listed in `failing`. */
function fakeMachine({ present = [] as string[], commands = ['apt-get', 'playwright'], isRoot = true, failing = [] as string[], installs = {} as Record<string, string>, env = {} as NodeJS.ProcessEnv } = {}) {
  const files = new Set(present);
  const ran: string[] = [];
  const log: string[] = [];
  const system = {
    env,
    isRoot,
    exists: (path: string) => files.has(path),
    onPath: (command: string) => commands.includes(command),
    run: (command: string, args: string[]) => {
      const line = [command, ...args].join(' ');
      ran.push(line);
      if (failing.includes(line)) return false;
      if (installs[line]) files.add(installs[line]);
      return true;
    },
    log: (line: string) => void log.push(line),
  };
  return { system, ran, log };
}

/** Where Playwright's own download puts its Chromium on this machine. */
const downloaded = chromiumCandidates({})[1]!;

describe('ensureChromium', () => {
  it("uses Debian's Chromium when it is there, and runs nothing", () => {
    const { system, ran } = fakeMachine({ present: [DEBIAN_CHROMIUM] });
    expect(ensureChromium(system)).toBe(DEBIAN_CHROMIUM);
    expect(ran).toEqual([]);
  });

  it('uses CHROMIUM_PATH when it is there, and only that path', () => {
    const { system, ran } = fakeMachine({ present: ['/opt/chrome/chrome', DEBIAN_CHROMIUM], env: { CHROMIUM_PATH: '/opt/chrome/chrome' } });
    expect(ensureChromium(system)).toBe('/opt/chrome/chrome');
    expect(ran).toEqual([]);
  });

  it("as root with apt-get and no Chromium, installs Debian's chromium package", () => {
    const { system, ran } = fakeMachine({ installs: { 'apt-get install -y chromium': DEBIAN_CHROMIUM } });
    expect(ensureChromium(system)).toBe(DEBIAN_CHROMIUM);
    expect(ran).toEqual(['apt-get update', 'apt-get install -y chromium']);
  });

  it("not root: leaves apt-get alone and tries Playwright's own download", () => {
    const { system, ran } = fakeMachine({ isRoot: false, installs: { 'playwright install chromium': downloaded } });
    expect(downloaded).toMatch(/ms-playwright/);
    expect(ensureChromium(system)).toBe(downloaded);
    expect(ran).toEqual(['playwright install chromium']);
  });

  it('when apt-get fails, falls back to the Playwright download', () => {
    const { system, ran } = fakeMachine({ failing: ['apt-get update'], installs: { 'playwright install chromium': downloaded } });
    expect(ensureChromium(system)).toBe(downloaded);
    expect(ran).toEqual(['apt-get update', 'playwright install chromium']);
  });

  it('when nothing works, fails with what was tried and what to do', () => {
    const { system, ran } = fakeMachine({ failing: ['apt-get update', 'playwright install chromium'] });
    let message = '';
    try {
      ensureChromium(system);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(ran).toEqual(['apt-get update', 'playwright install chromium']);
    expect(message).toContain(`No Chromium for the browser tests: none at ${DEBIAN_CHROMIUM} or ${downloaded}.`);
    expect(message).toContain('Tried: apt-get install chromium failed; playwright install chromium failed');
    expect(message).toContain('sudo apt-get install chromium');
    expect(message).toContain('npx playwright install chromium');
    expect(message).toContain('CHROMIUM_PATH=/path/to/chrome npm test');
  });

  it('not root and without playwright installed, says both and what to do', () => {
    const { system, ran } = fakeMachine({ isRoot: false, commands: [] });
    expect(() => ensureChromium(system)).toThrow('Tried: apt-get: not root, so not tried; playwright: not installed (run npm ci first).');
    expect(ran).toEqual([]);
  });
});

describe('node scripts/chromium.mjs, with a nonexistent CHROMIUM_PATH and fake installers first on PATH', () => {
  const isRoot = process.getuid?.() === 0;

  /** A directory with fake `apt-get` and `playwright` that record their arguments; `install` puts a file at CHROMIUM_PATH unless `fail`. */
  function fakeInstallers(fail: boolean) {
    const dir = mkdtempSync(join(tmpdir(), 'pcr-chromium-'));
    const record = join(dir, 'calls.log');
    const chromiumPath = join(dir, 'chromium');
    for (const name of ['apt-get', 'playwright']) {
      const body = fail
        ? `echo "${name} $*" >> "${record}"\nexit 100\n`
        : `echo "${name} $*" >> "${record}"\ncase "$*" in *install*chromium*) echo '#!/bin/sh' > "$CHROMIUM_PATH"; /bin/chmod +x "$CHROMIUM_PATH";; esac\n`;
      writeFileSync(join(dir, name), `#!/bin/sh\n${body}`);
      chmodSync(join(dir, name), 0o755);
    }
    const run = () =>
      spawnSync(process.execPath, ['scripts/chromium.mjs'], {
        encoding: 'utf8',
        env: { PATH: dir, CHROMIUM_PATH: chromiumPath, HOME: dir },
      });
    const calls = () => readFileSync(record, 'utf8').trim().split('\n');
    return { chromiumPath, run, calls };
  }

  it(`gets one through ${isRoot ? 'apt-get (root here)' : 'the Playwright download (not root here)'} and exits 0`, () => {
    const machine = fakeInstallers(false);
    const result = machine.run();
    expect(result.status, result.stderr).toBe(0);
    expect(machine.calls()).toEqual(isRoot ? ['apt-get update', 'apt-get install -y chromium'] : ['playwright install chromium']);
    expect(result.stdout).toContain(`chromium: ${machine.chromiumPath}`);
  });

  it('exits 1 with a clear message when every installer fails', () => {
    const machine = fakeInstallers(true);
    const result = machine.run();
    expect(result.status).toBe(1);
    expect(machine.calls()).toEqual(isRoot ? ['apt-get update', 'playwright install chromium'] : ['playwright install chromium']);
    expect(result.stderr).toContain(`No Chromium for the browser tests: none at ${machine.chromiumPath}.`);
    expect(result.stderr).toContain('Do one of these, then run the tests again:');
  });
});
