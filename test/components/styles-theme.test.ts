import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const css = readFileSync(new URL('../../src/styles.css', import.meta.url), 'utf8');

/** The declarations of the first block that opens with `opening`, one per line, trimmed. */
function declarationsAfter(opening: string): string[] {
  const start = css.indexOf(opening);
  expect(start, `${opening} is missing from styles.css`).toBeGreaterThanOrEqual(0);
  const body = css.slice(start + opening.length, css.indexOf('}', start));
  return body.split(';').map((declaration) => declaration.trim()).filter(Boolean);
}

describe('styles.css dark theme', () => {
  // The dark palette is written twice (the system setting, and data-theme="dark"): CSS cannot share one
  // block between a media query and a selector without light-dark(), which browsers before 2024 lack.
  it('is the same palette from the system setting and from data-theme="dark"', () => {
    const fromSystem = declarationsAfter(":root:not([data-theme='light']) {");
    expect(fromSystem.length).toBeGreaterThan(20);
    expect(declarationsAfter("[data-theme='dark'] {")).toEqual(fromSystem);
  });
});
