import type { Composer, Prompt } from 'prompt-composer-react';

/** A valid prompt body, as the service sends it. */
export const prompt: Prompt = {
  promptId: 'welcome-email',
  promptName: 'Welcome email',
  version: '2.0.0',
  systemMessage: 'You write friendly emails.',
  userMessage: 'Write a welcome email to ${name}.',
  config: { model: 'gpt-4o', temperature: 0.7, schema: [], inputData: null, inputDataRootName: null },
};

/** A valid composer body with both segment kinds. */
export const composer: Composer = {
  composerId: 'onboarding-flow',
  composerName: 'Onboarding flow',
  version: '1.0.0',
  config: { schema: [], inputData: null, inputDataRootName: null },
  segments: [
    { type: 'static', content: '<h2>Hello</h2>' },
    {
      type: 'prompt',
      promptId: 'welcome-email',
      promptName: 'Welcome email',
      version: '2.0.0',
      systemMessage: 'You write friendly emails.',
      userMessage: 'Write to ${name}.',
      config: { model: 'gpt-4o', temperature: 0.2 },
    },
  ],
};

/** Rate-limit headers as the service sends them. */
export function rateLimitHeaders(limit: number, remaining: number, reset = 1_798_761_600): Record<string, string> {
  return {
    'X-RateLimit-Limit': String(limit),
    'X-RateLimit-Remaining': String(remaining),
    'X-RateLimit-Reset': String(reset),
  };
}
