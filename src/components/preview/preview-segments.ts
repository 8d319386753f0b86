import type { ComposerSegment, Prompt, PromptSegment, StaticSegmentData } from '../../api/types.ts';
import { type InterpolatedPart, interpolateParts, joinParts, missingNames } from '../../template/interpolate.ts';
import { collectVariables, ownValue, type PreviewValues } from './preview-variables.ts';

/** A static segment of a preview: its HTML, untrusted (render it through `StaticSegment`). */
export interface PreviewStaticSegment {
  type: 'static';
  /** Its position among the composer's segments. */
  index: number;
  segment: StaticSegmentData;
}

/** A prompt of a preview, interpolated with the values of its own variables. */
export interface PreviewPromptSegment {
  type: 'prompt';
  /** Its position among the composer's segments (0 for `usePromptPreview`'s one prompt). */
  index: number;
  /** The prompt segment, or the prompt of `usePromptPreview`. */
  segment: PromptSegment | Prompt;
  /**
   * The values of this prompt's variables only (dotted names as flat keys), the same object while they are
   * unchanged: pass it to a memoized card, which then re-renders only when its own variables change.
   */
  values: PreviewValues;
  /** The system message, looked up: text and placeholders (`filled`, or not). */
  systemMessage: InterpolatedPart[];
  /** The user message, looked up. */
  userMessage: InterpolatedPart[];
  /** The user message as it would be sent: filled values, unfilled placeholders kept as `${name}`. */
  text: string;
  /** The names of this prompt's unfilled variables, in order. */
  missing: string[];
}

/** One segment of a preview, as `useComposerPreview` and `usePromptPreview` return it. */
export type PreviewSegment = PreviewStaticSegment | PreviewPromptSegment;

/** What a prompt segment's result was made from: its variables, and their values' key. */
interface Remembered {
  names: string[];
  key: string;
  result: PreviewPromptSegment;
}

/** The results of the segments by segment object: a keystroke recomputes only the prompts that use the variable. */
export type SegmentMemory = WeakMap<object, Remembered>;

/** A separator no typed text can hold, to key the values a prompt uses. */
const SEPARATOR = '\u0000';

function promptSegment(segment: PromptSegment | Prompt, index: number, values: PreviewValues, memory: SegmentMemory): PreviewPromptSegment {
  const remembered = memory.get(segment);
  const names = remembered?.names ?? collectVariables([segment.systemMessage, segment.userMessage]);
  // `undefined` (no value) and '' differ: an absent name is keyed as a lone separator.
  const key = names.map((name) => ownValue(values, name) ?? SEPARATOR).join(SEPARATOR + SEPARATOR);
  if (remembered && remembered.key === key && remembered.result.index === index) return remembered.result;
  // Without a prototype: a variable named `__proto__` is a key like any other.
  const own: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const name of names) {
    const value = ownValue(values, name);
    if (value !== undefined) own[name] = value;
  }
  const systemMessage = interpolateParts(segment.systemMessage, own);
  const userMessage = interpolateParts(segment.userMessage, own);
  const result: PreviewPromptSegment = {
    type: 'prompt',
    index,
    segment,
    values: own,
    systemMessage,
    userMessage,
    text: joinParts(userMessage, 'keep'),
    missing: missingNames([...systemMessage, ...userMessage]),
  };
  memory.set(segment, { names, key, result });
  return result;
}

/**
 * The segments of a composer (or a prompt, as its one segment) with their prompts interpolated from
 * `values`. A prompt whose own variables kept their values is the same object as last time (`memory`
 * remembers it), so what renders it can skip.
 */
export function previewSegments(segments: ReadonlyArray<ComposerSegment | Prompt>, values: PreviewValues, memory: SegmentMemory): PreviewSegment[] {
  return segments.map((segment, index) =>
    'type' in segment && segment.type === 'static' ? { type: 'static', index, segment } : promptSegment(segment as PromptSegment | Prompt, index, values, memory),
  );
}

/** The unfilled variables of every prompt, unique, in order. */
export function previewMissing(segments: readonly PreviewSegment[]): string[] {
  return [...new Set(segments.flatMap((segment) => (segment.type === 'prompt' ? segment.missing : [])))];
}
