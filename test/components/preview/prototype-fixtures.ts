import type { MockComposerSeed, MockPromptSeed } from 'prompt-composer-react/mocks';
import { createMockDb, FIXTURE_COMPOSERS, FIXTURE_PROMPTS } from 'prompt-composer-react/mocks';
import { NOW } from '../connected-harness.tsx';

/** A prompt and a composer whose variables are named like `Object.prototype` members. */
export const PROTOTYPE_ID = 'prototype-names';
export const PROTOTYPE_NAMES = ['__proto__', 'constructor', 'toString'];
const userMessage = 'Hello ${__proto__}, ${constructor} and ${toString}.';

const prompt: MockPromptSeed = {
  promptId: PROTOTYPE_ID,
  promptName: 'Prototype names',
  version: '1.0.0',
  systemMessage: 'Be exact.',
  userMessage,
  config: { model: 'gpt-4o-mini', temperature: 0, schema: [], inputData: null, inputDataRootName: null },
};

const composer: MockComposerSeed = {
  composerId: PROTOTYPE_ID,
  composerName: 'Prototype names',
  version: '1.0.0',
  config: { schema: [], inputData: null, inputDataRootName: null },
  segments: [{ type: 'prompt', promptId: PROTOTYPE_ID, promptName: 'Prototype names', version: '1.0.0', systemMessage: 'Be exact.', userMessage, config: { model: 'gpt-4o-mini', temperature: 0 } }],
};

/** The fixture database plus the prototype-named prompt and composer. */
export const prototypeDb = () => createMockDb({ now: NOW, prompts: [...FIXTURE_PROMPTS, prompt], composers: [...FIXTURE_COMPOSERS, composer] });
