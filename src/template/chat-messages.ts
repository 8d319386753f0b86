import type { ChatMessagesValues } from '../api/registry.ts';
import type { Prompt, PromptSegment } from '../api/types.ts';
import { type InterpolateOptions, interpolateAll } from './interpolate.ts';

/** The role of a chat message, as LLM chat APIs name it. */
export type ChatRole = 'system' | 'user';

/** One message ready to send to an LLM chat API. */
export interface ChatMessage<Role extends ChatRole = ChatRole> {
  /** Who speaks: `'system'` for the instructions, `'user'` for the request. */
  role: Role;
  /** The interpolated text. */
  content: string;
}

/** What `chatMessages` reads: a `Prompt`, a composer's `PromptSegment`, or anything with both messages. */
export type ChatMessagesSource = Pick<Prompt | PromptSegment, 'systemMessage' | 'userMessage'>;

/**
 * Turns a prompt into `[{ role: 'system', content }, { role: 'user', content }]`, ready for an LLM chat API.
 *
 * Both messages are interpolated with the same `values` and options: a stored system message may hold
 * placeholders too, and sending one unfilled by accident is the surprise to avoid. Both messages are
 * always present, an empty system message included, so the shape never changes. With
 * `missing: 'throw'`, one `MissingVariablesError` lists the missing names of both messages.
 *
 * With the typegen registry, a prompt from `usePrompt` (or `promptQueryOptions`) carries its id and version,
 * and `values` must hold exactly that version's variables: a missing or unknown name is a type error.
 *
 * @throws {MissingVariablesError} with `missing: 'throw'`, listing every missing name.
 * @example
 * const messages = chatMessages(prompt, { customer: { name: 'Ada' } }, { missing: 'throw' })
 * await openai.chat.completions.create({ model: prompt.config.model, messages })
 */
export function chatMessages<Source extends ChatMessagesSource>(
  prompt: Source,
  values: ChatMessagesValues<Source>,
  options?: InterpolateOptions,
): [ChatMessage<'system'>, ChatMessage<'user'>] {
  const [system, user] = interpolateAll([prompt.systemMessage, prompt.userMessage], values, options);
  return [
    { role: 'system', content: system },
    { role: 'user', content: user },
  ];
}
