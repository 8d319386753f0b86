// docs/server/nextjs-pages.md shows the example app's key-on-server route as it is, so a fix to one reaches the other.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const read = (path: string) => readFileSync(fileURLToPath(new URL(`../../${path}`, import.meta.url)), 'utf8');

it("docs/server/nextjs-pages.md shows the example's route handler unchanged", () => {
  const heading = '// app/api/prompt-api/[...path]/route.ts\n';
  const docs = read('docs/server/nextjs-pages.md');
  const start = docs.indexOf(heading) + heading.length;
  const shown = docs.slice(start, docs.indexOf('```', start));
  expect(start).toBeGreaterThan(heading.length);
  expect(shown).toBe(read('examples/next-app/app/api/prompt-api/[...path]/route.ts'));
});
