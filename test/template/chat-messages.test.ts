import { type ChatMessage, chatMessages, MissingVariablesError, type Prompt, type PromptSegment } from 'prompt-composer-react';
import { describe, expect, it } from 'vitest';

const prompt: Prompt = {
  promptId: 'welcome-email',
  promptName: 'Welcome email',
  version: '1.0.0',
  systemMessage: 'You write for ${ company }.',
  userMessage: 'Greet ${customer.name} (${customer.plan}).',
  config: { model: 'gpt-4o', temperature: 0.7, schema: [], inputData: null, inputDataRootName: null },
};

const segment: PromptSegment = {
  type: 'prompt',
  promptId: 'summary',
  promptName: 'Summary',
  version: '2',
  systemMessage: '',
  userMessage: 'Summarise ${text}',
  config: { model: 'gpt-4o-mini', temperature: 0 },
};

describe('chatMessages', () => {
  it('interpolates both messages of a prompt', () => {
    const messages: [ChatMessage<'system'>, ChatMessage<'user'>] = chatMessages(prompt, {
      company: 'Acme',
      customer: { name: 'Ada', plan: 'pro' },
    });
    expect(messages).toEqual([
      { role: 'system', content: 'You write for Acme.' },
      { role: 'user', content: 'Greet Ada (pro).' },
    ]);
  });

  it('accepts a prompt segment and keeps an empty system message', () => {
    expect(chatMessages(segment, { text: '<b>${x}</b>' })).toEqual([
      { role: 'system', content: '' },
      { role: 'user', content: 'Summarise <b>${x}</b>' },
    ]);
  });

  it("keeps missing placeholders by default and empties them with 'empty'", () => {
    expect(chatMessages(prompt, { customer: { name: 'Ada' } })).toEqual([
      { role: 'system', content: 'You write for ${ company }.' },
      { role: 'user', content: 'Greet Ada (${customer.plan}).' },
    ]);
    expect(chatMessages(prompt, { customer: { name: 'Ada' } }, { missing: 'empty' })).toEqual([
      { role: 'system', content: 'You write for .' },
      { role: 'user', content: 'Greet Ada ().' },
    ]);
  });

  it("throws one error listing the missing names of both messages with 'throw'", () => {
    expect(() => chatMessages(prompt, { customer: { name: 'Ada' } }, { missing: 'throw' })).toThrow(
      expect.objectContaining({ name: 'MissingVariablesError', names: ['company', 'customer.plan'] }),
    );
    expect(() => chatMessages({ systemMessage: '${a}', userMessage: '${a} ${b}' }, {}, { missing: 'throw' })).toThrow(
      MissingVariablesError,
    );
    expect(() => chatMessages({ systemMessage: '${a}', userMessage: '${a} ${b}' }, {}, { missing: 'throw' })).toThrow(
      'Missing values for template variables: a, b',
    );
  });

  it('reads own properties only', () => {
    expect(chatMessages({ systemMessage: '${toString}', userMessage: '${constructor}' }, {})).toEqual([
      { role: 'system', content: '${toString}' },
      { role: 'user', content: '${constructor}' },
    ]);
  });
});
