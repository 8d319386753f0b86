'use client';

import type { UseQueryResult } from '@tanstack/react-query';
import { useDeferredValue, useMemo, useState } from 'react';
import type { PromptApiError } from '../../api/errors.ts';
import type { ComposerSegment, Prompt } from '../../api/types.ts';
import { collectVariables, type PreviewValues } from './preview-variables.ts';
import { type PreviewSegment, previewMissing, previewSegments, type SegmentMemory } from './preview-segments.ts';
import { type PreviewValuesOptions, usePreviewValues } from './usePreviewValues.ts';

/**
 * What a preview shows, for an app that lays it out itself: what `useComposerPreview` and `usePromptPreview`
 * return, and what `ComposerPreview` and `PromptPreview` render.
 */
export interface PreviewState<Data> {
  /** The composer or prompt, once loaded (the query's `data`). */
  data: Data | undefined;
  /** The query's status: `'pending'` until the first data, `'error'`, or `'success'`. */
  status: 'pending' | 'error' | 'success';
  /** Why the last fetch failed, or `null`. Cached data stays in `data` beside it. */
  error: PromptApiError | null;
  /** Whether a request is in flight (the first one, a refetch, or Retry's). */
  isFetching: boolean;
  /** Fetches again (a Retry button's action). */
  refetch: () => void;
  /** The variables of every prompt, unique, in order: one input each. */
  variables: string[];
  /** The variables' text, as the inputs show it (dotted names as flat keys; empty ones left out). */
  values: PreviewValues;
  /** Sets one variable's text; an empty text removes it, so its placeholder shows as unfilled. Stable. */
  setValue: (name: string, value: string) => void;
  /**
   * The segments in order: static HTML (untrusted: render it through `StaticSegment`) and prompts with their
   * interpolated text. They follow `values` in an interruptible render (`useDeferredValue`), so typing never
   * waits for them; a prompt whose own variables did not change is the same object as before.
   */
  segments: PreviewSegment[];
  /** The unfilled variables of every prompt, unique, in order (as `segments` show them). */
  missing: string[];
  /** Whether `segments` are still catching up with `values` (a keystroke's deferred render is under way). */
  isUpdating: boolean;
}

const NO_SEGMENTS: readonly ComposerSegment[] = [];

/**
 * A preview's state over its query: the values (the app's or its own), the variables of the items that
 * `segmentsOf` finds in the data, and those items interpolated from the deferred values.
 */
export function usePreview<Data>(
  query: UseQueryResult<Data, PromptApiError>,
  segmentsOf: (data: Data) => ReadonlyArray<ComposerSegment | Prompt>,
  valuesOptions: PreviewValuesOptions,
): PreviewState<Data> {
  const { values, setValue } = usePreviewValues(valuesOptions);
  // The inputs update at once; the segments follow in an interruptible render.
  const deferred = useDeferredValue(values);
  const { data, status, error, isFetching, refetch } = query;
  const items = useMemo(() => (data === undefined ? NO_SEGMENTS : segmentsOf(data)), [data, segmentsOf]);
  const variables = useMemo(
    () => collectVariables(items.flatMap((item) => ('type' in item && item.type === 'static' ? [] : [item.systemMessage, item.userMessage]))),
    [items],
  );
  // Remembers each prompt's result across renders (a WeakMap by segment object, so nothing outlives the data).
  const [memory] = useState<SegmentMemory>(() => new WeakMap());
  const segments = useMemo(() => previewSegments(items, deferred, memory), [items, deferred, memory]);
  const missing = useMemo(() => previewMissing(segments), [segments]);
  return {
    data,
    status,
    error,
    isFetching,
    refetch: () => void refetch(),
    variables,
    values,
    setValue,
    segments,
    missing,
    isUpdating: deferred !== values,
  };
}
