/** Shared set-up of the diff components' browser tests: fixture versions, themes and widths, axe and overflow. */
import type { Composer, Prompt } from 'prompt-composer-react';
import { createMockDb } from 'prompt-composer-react/mocks';
import type { ReactNode } from 'react';
import { expect } from 'vitest';
import { page } from 'vitest/browser';
import { axeViolations } from '../presentational-fixtures.tsx';

const db = createMockDb();

/** A version of a fixture prompt. */
export function promptAt(id: string, version: string): Prompt {
  const found = db.getPrompt(id, version);
  if (found.status !== 'found') throw new Error(`fixture ${id}@${version} is missing`);
  return found.value;
}

/** A version of a fixture composer. */
export function composerAt(id: string, version: string): Composer {
  const found = db.getComposer(id, version);
  if (found.status !== 'found') throw new Error(`fixture ${id}@${version} is missing`);
  return found.value;
}

/** The looks every diff is checked in: both themes, on a desktop and on a 360 px phone. */
export const LOOKS = [
  { theme: 'light', width: 1280 },
  { theme: 'dark', width: 1280 },
  { theme: 'light', width: 360 },
  { theme: 'dark', width: 360 },
] as const;

/** The default viewport of the browser project, restored after a test that changed it. */
export async function resetViewport(): Promise<void> {
  await page.viewport(414, 896);
}

/** A page in `theme`, as an app would wrap it: a `<main>` with the theme's background. */
export function Themed({ theme, children }: { theme: 'light' | 'dark'; children: ReactNode }) {
  return (
    <main data-theme={theme} style={{ background: 'var(--pcr-bg)', color: 'var(--pcr-fg)', padding: 16 }}>
      {children}
    </main>
  );
}

/** No axe violation in the page, and nothing wider than the viewport (no sideways scrolling). */
export async function expectAccessibleAndFitting(): Promise<void> {
  expect(await axeViolations(document.body)).toEqual([]);
  expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(document.documentElement.clientWidth);
}
