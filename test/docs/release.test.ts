/**
 * A tarball says which version it is: `package.json`'s version is the newest version the changelog
 * releases, and a build with changes the changelog lists under "Unreleased" carries a prerelease of a
 * later version, never a released one (docs/contributing/releasing.md, "Cutting a release"). The package's own record
 * of its version (the OpenTelemetry meter's scope) follows `package.json`.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PACKAGE_NAME, PACKAGE_VERSION } from '../../src/api/version.ts';

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');
const packageJson = JSON.parse(read('package.json')) as { name: string; version: string };
const changelog = read('CHANGELOG.md');

/** `## 1.2.3 (2026-11-28)` or `## Unreleased`, with the lines under it up to the next such heading. */
const sections = changelog
  .split(/^(?=## )/m)
  .filter((section) => section.startsWith('## '))
  .map((section) => {
    const [heading = '', ...lines] = section.split('\n');
    return { heading: heading.slice(3).trim(), entries: lines.filter((line) => line.startsWith('- ')) };
  });
const released = sections.filter((section) => section.heading !== 'Unreleased');
const unreleased = sections.find((section) => section.heading === 'Unreleased');

/** `[major, minor, patch]` and the prerelease part of a version such as `0.3.0-dev.1`. */
function parse(version: string): { core: number[]; prerelease: string | undefined } {
  const match = /^(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.-]+))?$/.exec(version);
  if (!match) throw new Error(`Not a semantic version: "${version}"`);
  return { core: [Number(match[1]), Number(match[2]), Number(match[3])], prerelease: match[4] };
}

/** Negative when `a` comes before `b` (prereleases before their release), by the numbers first. */
function compare(a: string, b: string): number {
  const [left, right] = [parse(a), parse(b)];
  for (let index = 0; index < 3; index += 1) {
    const difference = (left.core[index] ?? 0) - (right.core[index] ?? 0);
    if (difference !== 0) return difference;
  }
  if (left.prerelease === right.prerelease) return 0;
  return left.prerelease === undefined ? 1 : right.prerelease === undefined ? -1 : left.prerelease < right.prerelease ? -1 : 1;
}

/** The version of a release heading: `0.2.0 (2026-11-28)` gives `0.2.0`. */
const versionOf = (heading: string) => heading.split(' ')[0] ?? heading;

describe('the package version and the changelog', () => {
  it('releases are headed by a version and a date, newest first, each once', () => {
    expect(released.length).toBeGreaterThan(1);
    for (const { heading } of released) expect(heading).toMatch(/^\d+\.\d+\.\d+ \(\d{4}-\d{2}-\d{2}\)$/);
    const versions = released.map(({ heading }) => versionOf(heading));
    expect([...versions].sort((a, b) => compare(b, a))).toEqual(versions);
    expect(new Set(versions).size).toBe(versions.length);
  });

  it('"Unreleased", when the changelog has it, comes first', () => {
    if (unreleased) expect(sections[0]).toBe(unreleased);
    expect(sections.filter((section) => section.heading === 'Unreleased').length).toBeLessThanOrEqual(1);
  });

  it("package.json names the newest release, or a prerelease after it while changes wait under Unreleased", () => {
    const newest = versionOf(released[0]?.heading ?? '');
    if (unreleased && unreleased.entries.length > 0) {
      expect(parse(packageJson.version).prerelease, `${packageJson.version} is released: changes are listed under Unreleased`).toBeDefined();
      expect(compare(packageJson.version, newest)).toBeGreaterThan(0);
    } else {
      expect(packageJson.version).toBe(newest);
    }
  });

  it('the README installs the tarball that `npm pack` writes for this version', () => {
    const tarballs = read('README.md').match(/prompt-composer-react-[^\s/]+?\.tgz/g) ?? [];
    expect(tarballs.length).toBeGreaterThan(0);
    expect(new Set(tarballs)).toEqual(new Set([`${packageJson.name}-${packageJson.version}.tgz`]));
  });

  it('the package knows its own name and version (the meter of its instruments)', () => {
    expect(PACKAGE_NAME).toBe(packageJson.name);
    expect(PACKAGE_VERSION).toBe(packageJson.version);
  });
});
