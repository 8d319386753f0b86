'use client';

import type { IdOption, PromptId, PromptPreviewValues, PromptVersion, VersionOption } from '../../api/registry.ts';
import type { Prompt } from '../../api/types.ts';
import { promptCollection } from '../../query/collections.ts';
import { useDetail } from '../../query/useDetail.ts';
import { type PreviewState, usePreview } from './usePreview.ts';
import type { PreviewValuesOptions } from './usePreviewValues.ts';

/** The options as the previews pass them on: plain strings, and values as dotted names to text. */
export type PlainPreviewOptions = PreviewValuesOptions & { version?: string };

/** Options of `usePromptPreview`; with the typegen registry, the values take that version's variables. */
export interface UsePromptPreviewOptions<Id extends string = PromptId, Version extends string | undefined = PromptVersion<Id>>
  extends Omit<PreviewValuesOptions, 'values' | 'initialValues'> {
  /** Version to fetch. @default the latest published version */
  version?: VersionOption<'prompt', Version>;
  /** The variables' text, held by the app (controlled); see `PreviewValuesOptions`. @default undefined */
  values?: PromptPreviewValues<Id, Version>;
  /** Starting text of the variables when the preview holds them. Read on mount only. @default {} */
  initialValues?: PromptPreviewValues<Id, Version>;
}

/**
 * TanStack `placeholderData` that keeps the shown prompt while another version of it loads, and nothing
 * across prompts: a new `promptId` shows the loading state, never the previous prompt under the new id.
 */
const sameIdPlaceholder = (promptId: string) => (previous: Prompt | undefined) => (previous?.promptId === promptId ? previous : undefined);

const promptAsSegments = (prompt: Prompt) => [prompt];

/**
 * The headless prompt preview: what `PromptPreview` renders (without its version picker), for an app that
 * lays it out itself. The same result as `useComposerPreview`, with the prompt as its one segment
 * (`segments[0]`, of `type: 'prompt'`). While another version of the same prompt loads, the shown one stays.
 *
 * @example
 * const { variables, values, setValue, segments } = usePromptPreview('welcome-email', { version: '2.0.0' });
 */
export function usePromptPreview<Id extends PromptId, Version extends PromptVersion<Id> | undefined = undefined>(
  promptId: IdOption<'prompt', Id>,
  options: UsePromptPreviewOptions<Id, Version> = {},
): PreviewState<Prompt> {
  // Registered ids, versions and values are strings and dotted names to text as well, only spelled out.
  return usePromptPreviewAs('usePromptPreview', promptId, options as PlainPreviewOptions);
}

/** `usePromptPreview` under the name a misuse error gives (`PromptPreview` when the component calls it). */
export function usePromptPreviewAs(name: string, promptId: string, { version, values, initialValues, onValuesChange }: PlainPreviewOptions): PreviewState<Prompt> {
  const query = useDetail<Prompt>(name, promptCollection, promptId, { version, placeholderData: sameIdPlaceholder(promptId) });
  return usePreview(query, promptAsSegments, { values, initialValues, onValuesChange });
}
