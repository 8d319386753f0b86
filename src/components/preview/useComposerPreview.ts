'use client';

import type { ComposerId, ComposerPreviewValues, ComposerVersion, IdOption, VersionOption } from '../../api/registry.ts';
import type { Composer } from '../../api/types.ts';
import { composerCollection } from '../../query/collections.ts';
import { useDetail } from '../../query/useDetail.ts';
import { type PreviewState, usePreview } from './usePreview.ts';
import type { PreviewValuesOptions } from './usePreviewValues.ts';

/** The options as the previews pass them on: plain strings, and values as dotted names to text. */
export type PlainPreviewOptions = PreviewValuesOptions & { version?: string };

/** Options of `useComposerPreview`; with the typegen registry, the values take the latest version's variables. */
export interface UseComposerPreviewOptions<Id extends string = ComposerId, Version extends string | undefined = ComposerVersion<Id>>
  extends Omit<PreviewValuesOptions, 'values' | 'initialValues'> {
  /** Version to fetch. @default the latest published version */
  version?: VersionOption<'composer', Version>;
  /** The variables' text, held by the app (controlled); see `PreviewValuesOptions`. @default undefined */
  values?: ComposerPreviewValues<Id, Version>;
  /** Starting text of the variables when the preview holds them. Read on mount only. @default {} */
  initialValues?: ComposerPreviewValues<Id, Version>;
}

const composerSegments = (composer: Composer) => composer.segments;

/**
 * The headless composer preview: what `ComposerPreview` renders, for an app that lays it out itself. Fetches
 * the composer with `useComposer`'s query, holds the variables' text (or takes the app's `values`), and
 * returns the variables, the segments with their prompts interpolated, the unfilled names, the status and
 * the error. Render a static segment's HTML only through `StaticSegment`.
 *
 * @example
 * const preview = useComposerPreview('onboarding-flow', { initialValues: { plan: 'Pro' } });
 * preview.segments.map((segment) => (segment.type === 'prompt' ? <pre key={segment.index}>{segment.text}</pre> : null));
 */
export function useComposerPreview<Id extends ComposerId, Version extends ComposerVersion<Id> | undefined = undefined>(
  composerId: IdOption<'composer', Id>,
  options: UseComposerPreviewOptions<Id, Version> = {},
): PreviewState<Composer> {
  // Registered ids, versions and values are strings and dotted names to text as well, only spelled out.
  return useComposerPreviewAs('useComposerPreview', composerId, options as PlainPreviewOptions);
}

/** `useComposerPreview` under the name a misuse error gives (`ComposerPreview` when the component calls it). */
export function useComposerPreviewAs(name: string, composerId: string, { version, values, initialValues, onValuesChange }: PlainPreviewOptions): PreviewState<Composer> {
  const query = useDetail<Composer>(name, composerCollection, composerId, { version });
  return usePreview(query, composerSegments, { values, initialValues, onValuesChange });
}
