import axe from 'axe-core';
import type { ReactNode } from 'react';

export { composerOf, prompt, promptSegment } from './composer-fixtures.ts';

/** Renders inside a `<main>`, as an app page would: axe's landmark rules then see a real page shape. */
export function Page({ children }: { children: ReactNode }) {
  return <main>{children}</main>;
}

/** Runs axe-core on the element and returns a readable list of violations (empty when none). */
export async function axeViolations(element: Element): Promise<string[]> {
  const results = await axe.run(element, { resultTypes: ['violations'] });
  return results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`);
}

/** Lets queued tasks, microtasks and two frames run. */
export async function settle(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 0));
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
}
