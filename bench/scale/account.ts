/**
 * Generated accounts for `npm run bench:scale`: N prompts and N composers of realistic size. A prompt has
 * a 500-character user message with five placeholders and a system message of about 200 characters; a
 * composer has 10 segments, 5 static HTML paragraphs and 5 prompt segments copied from the account's
 * prompts (as the service returns them).
 */
import type { Composer, Prompt, PromptSegment } from 'prompt-composer-react';
import type { MockComposerSeed, MockPromptSeed } from 'prompt-composer-react/mocks';

const words = 'plan draft review customer team onboarding invoice summary schedule account message product launch'.split(' ');

/** Deterministic text of `length` characters, different for each `seed`. */
function text(seed: number, length: number): string {
  let result = '';
  for (let index = 0; result.length < length; index++) result += `${words[(seed * 7 + index * 3) % words.length]} `;
  return result.slice(0, length);
}

function userMessage(seed: number): string {
  const placeholders = ['${customer.name}', '${customer.company}', '${plan}', '${tone}', '${firstStep}'];
  const chunk = Math.floor((500 - placeholders.join('').length) / placeholders.length);
  return placeholders.map((placeholder, index) => `${text(seed + index, chunk)}${placeholder}`).join('');
}

export function promptId(index: number): string {
  return `prompt-${String(index).padStart(5, '0')}`;
}

export function composerId(index: number): string {
  return `composer-${String(index).padStart(5, '0')}`;
}

function prompt(index: number): Prompt {
  return {
    promptId: promptId(index),
    promptName: `Prompt ${index}`,
    version: '1.0.0',
    systemMessage: text(index, 200),
    userMessage: userMessage(index),
    config: { model: 'gpt-4o-mini', temperature: 0.7, schema: [], inputData: null, inputDataRootName: null },
  };
}

function segmentOf(source: Prompt): PromptSegment {
  const { promptId: id, promptName, version, systemMessage, userMessage: message, config } = source;
  return { type: 'prompt', promptId: id, promptName, version, systemMessage, userMessage: message, config: { model: config.model, temperature: config.temperature } };
}

function composer(index: number, prompts: readonly Prompt[]): Composer {
  const segments = Array.from({ length: 10 }, (_, position) =>
    position % 2 === 0
      ? { type: 'static' as const, content: `<p>${text(index + position, 120)}</p>` }
      : segmentOf(prompts[(index + position) % prompts.length] as Prompt),
  );
  return { composerId: composerId(index), composerName: `Composer ${index}`, version: '1.0.0', config: { schema: [], inputData: null, inputDataRootName: null }, segments };
}

/** The seed of a mock database holding `count` prompts and `count` composers. */
export function generatedAccount(count: number): { prompts: MockPromptSeed[]; composers: MockComposerSeed[] } {
  const prompts = Array.from({ length: count }, (_, index) => prompt(index));
  const composers = Array.from({ length: count }, (_, index) => composer(index, prompts));
  return { prompts, composers };
}
