/**
 * What a newcomer meets first in the README (docs/contributing/docs.md, "The README"): one short sentence
 * of what the library is and saves, with the figures kept for a table below; the install, an example and
 * the two commands that try and test it on the first screen, exactly as written; the tarball recipe once;
 * a Tour of one line per bullet, each with a link.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const readme = readFileSync(`${root}README.md`, 'utf8');
const lines = readme.split('\n');
const packageJson = JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as { scripts: Record<string, string> };

/** What GitHub shows before the reader scrolls, in the README's own lines. */
const FIRST_SCREEN = 45;

/** The two commands of a fresh machine, exactly as the README gives them. */
const COMMANDS = ['npm ci && npm start', 'npm ci && npm test'];

/** The lines of a `## heading` section, up to the next one. */
function section(heading: string): string[] {
  const start = lines.indexOf(`## ${heading}`);
  const end = lines.findIndex((line, index) => index > start && line.startsWith('## '));
  expect(start, `no "## ${heading}" in the README`).toBeGreaterThan(-1);
  return lines.slice(start + 1, end === -1 ? undefined : end);
}

describe('the README', () => {
  it('opens with one short sentence of what the library is and what it saves, and no figures', () => {
    const opening = lines.slice(1).join('\n').trim().split(/\n\s*\n/)[0] ?? '';
    expect(opening.split(/(?<=[.!?])\s/)).toHaveLength(1);
    expect(opening.split(/\s+/).length).toBeLessThan(30);
    expect(opening).not.toMatch(/\d/);
    expect(opening).toMatch(/React/);
    expect(opening).toMatch(/quota|requests/);
  });

  it('gives the install, an example and the two commands on its first screen', () => {
    const firstScreen = lines.slice(0, FIRST_SCREEN);
    const install = firstScreen.findIndex((line) => line.includes('npm pack'));
    const example = firstScreen.findIndex((line) => line.startsWith('```tsx'));
    const commands = COMMANDS.map((command) => firstScreen.findIndex((line) => line.startsWith(`${command} `) || line === command));
    expect(install).toBeGreaterThan(-1);
    expect(example).toBeGreaterThan(install);
    for (const line of commands) expect(line).toBeGreaterThan(example);
  });

  it('keeps its example short', () => {
    const start = lines.findIndex((line) => line.startsWith('```tsx'));
    const end = lines.findIndex((line, index) => index > start && line.startsWith('```'));
    expect(end - start - 1).toBeLessThanOrEqual(16);
  });

  it('gives commands that work as written: the scripts exist, and npm test gets its browser first', () => {
    expect(packageJson.scripts.start).toBeTruthy();
    expect(packageJson.scripts.test).toBeTruthy();
    expect(packageJson.scripts.pretest).toMatch(/scripts\/chromium\.mjs/);
    expect(packageJson.scripts.pretest).toMatch(/scripts\/redis-server\.mjs/);
  });

  it('gives the tarball recipe once', () => {
    expect(readme.match(/npm pack/g)).toHaveLength(2);
    expect(lines.filter((line) => /&& npm pack\b/.test(line))).toHaveLength(1);
    expect(lines.filter((line) => /npm install \S+\.tgz/.test(line))).toHaveLength(1);
  });

  it('keeps its figures in a table below the first screen', () => {
    const table = section('What it saves').filter((line) => line.startsWith('| ') && /\d/.test(line));
    expect(table.length).toBeGreaterThanOrEqual(5);
    expect(lines.indexOf('## What it saves')).toBeGreaterThan(FIRST_SCREEN - 10);
    for (const row of table) expect(row, 'each figure links to where it is measured').toMatch(/\]\([^)]+\)/);
  });

  it('tours the library in one line per bullet, each with a link', () => {
    const tour = section('Tour').filter((line) => line.trim() !== '');
    expect(tour.length).toBeGreaterThanOrEqual(8);
    for (const line of tour) {
      expect(line, 'a Tour bullet continues on a second line').toMatch(/^- /);
      expect(line).toMatch(/\]\([^)]+\)/);
    }
  });
});
