// Each project of this suite runs on the Node and the msw it claims, and so do the processes its tests
// spawn: a wrong alias, hook or PATH fails here.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import mswPackage from 'msw/package.json' with { type: 'json' };
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

describe('the versions under test', () => {
  it(`runs on Node ${__EXPECTED_NODE_MAJOR__}`, () => {
    expect(process.versions.node.split('.')[0]).toBe(__EXPECTED_NODE_MAJOR__);
  });

  it(`resolves msw ${__EXPECTED_MSW_VERSION__}`, () => {
    expect(mswPackage.version).toBe(__EXPECTED_MSW_VERSION__);
  });

  it(`spawned processes (the mock-server CLI) resolve msw ${__EXPECTED_MSW_VERSION__} too`, () => {
    const script = "const m = await import('msw/package.json', { with: { type: 'json' } }); console.log(m.default.version)";
    const printed = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, encoding: 'utf8' });
    expect(printed.trim()).toBe(__EXPECTED_MSW_VERSION__);
  });
});
