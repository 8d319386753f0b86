/**
 * Global setup of the `storybook-docs` project: builds the Storybook once, into a temporary directory
 * that every test file of the project opens (`inject('storybookDirectory')`), and removes it afterwards.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The built Storybook (`storybook build`), for the docs-page checks. */
    storybookDirectory: string;
  }
}

const run = promisify(execFile);

export default async function buildStorybook(project: TestProject): Promise<() => void> {
  const output = mkdtempSync(join(tmpdir(), 'pcr-storybook-'));
  await run('npx', ['storybook', 'build', '--quiet', '--output-dir', output], {
    env: { ...process.env, STORYBOOK_DISABLE_TELEMETRY: '1' },
    maxBuffer: 64 * 1024 * 1024,
  });
  project.provide('storybookDirectory', output);
  return () => rmSync(output, { recursive: true, force: true });
}
