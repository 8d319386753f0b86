// Data fixtures of the presentational tests, free of browser-only imports: the server half of the
// server-output tests (test/server/render-on-server.tsx) renders them in Node too.
import type { Composer, Prompt, PromptSegment } from 'prompt-composer-react';

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
