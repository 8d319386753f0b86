import axe from 'axe-core';
import type { Composer, Prompt, PromptSegment } from 'prompt-composer-react';
import type { ReactNode } from 'react';

/** A stored prompt with two variables in the user message and one in the system message. */
export const prompt: Prompt = {
  promptId: 'welcome-email',
  promptName: 'Welcome email',
  version: '1.2.0',
  systemMessage: 'You write for ${brand}.',
  userMessage: 'Write a welcome email to ${customer.name} about ${product}.',
  config: { model: 'gpt-4o-mini', temperature: 0.7, schema: [], inputData: null, inputDataRootName: null },
};

/** The same prompt as a composer segment. */
export const promptSegment: PromptSegment = {
  type: 'prompt',
  promptId: 'summary',
  promptName: 'Summary',
  version: '2.0.0',
  systemMessage: 'Be brief.',
  userMessage: 'Summarise ${topic} for ${audience}.',
  config: { model: 'claude-sonnet', temperature: 0.2 },
};

/** A composer of the given segments. */
export function composerOf(segments: Composer['segments'], name = 'Onboarding flow'): Composer {
  return {
    composerId: 'onboarding',
    composerName: name,
    version: '3.1.0',
    config: { schema: [], inputData: null, inputDataRootName: null },
    segments,
  };
}

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
