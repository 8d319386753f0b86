'use client';

import { useCallback } from 'react';
import type { Composer } from '../../api/types.ts';
import type { CatalogOverride } from '../../catalog/catalog.ts';
import { englishComponentWords } from '../../catalog/english-components.ts';
import { ComposerView, type ComposerViewProps } from '../composer/ComposerView.tsx';
import type { HeadingLevel } from '../composer/PromptCard.tsx';
import { useCatalog } from '../shared/useCatalog.ts';
import { PreviewSegmentsContext, type RenderPreviewPrompt, ScopedPromptCard } from './ScopedPromptCard.tsx';
import type { PreviewState } from './usePreview.ts';

/** Props of `PreviewSegmentList`. */
export interface PreviewSegmentListProps {
  /** What `useComposerPreview` returned. Nothing renders until its composer has loaded. */
  preview: PreviewState<Composer>;
  /**
   * Renders a static segment your own way, as `ComposerView`'s `renderStatic`: keep `<StaticSegment>` in it
   * for the sanitizer.
   * @default the sanitized HTML in `StaticSegment`
   */
  renderStatic?: ComposerViewProps['renderStatic'];
  /**
   * Renders a prompt your own way, as `ComposerView`'s `renderPrompt`: `(segment, index, values)`, where
   * `values` are the values of that prompt's own variables. Keep it stable (`useCallback`).
   * @default a `PromptCard`
   */
  renderPrompt?: RenderPreviewPrompt;
  /** The level of the composer's heading; prompt cards use the next level. @default 2 */
  headingLevel?: HeadingLevel;
  /** The sanitizer policy of the static segments, as in `ComposerView`. @default undefined (strict) */
  policy?: ComposerViewProps['policy'];
  /** The sanitizer of the static segments, as in `ComposerView`. @default the shared sanitizer */
  sanitizer?: ComposerViewProps['sanitizer'];
  /** The words, over the provider's catalog. @default the provider's catalog, else `englishCatalog` */
  catalog?: CatalogOverride;
  /** Extra class names, after `pcr-composer`. @default undefined */
  className?: string;
}

/**
 * A part of the composer preview, for an app that lays it out itself: the composer of `useComposerPreview`
 * (its name, its version and its segments in order, as `ComposerView` shows them), each prompt card following
 * the preview's values. A keystroke re-renders only the cards whose variables changed.
 *
 * @example
 * const preview = useComposerPreview('onboarding-flow');
 * <VariablesForm variables={preview.variables} values={preview.values} onChange={preview.setValue} />
 * <PreviewSegmentList preview={preview} headingLevel={3} />
 */
export function PreviewSegmentList({ preview, renderStatic, renderPrompt, headingLevel = 2, policy, sanitizer, catalog, className }: PreviewSegmentListProps) {
  const words = useCatalog(catalog, englishComponentWords);
  const cardLevel = Math.min(headingLevel + 1, 6) as HeadingLevel;
  // Stable, so ComposerView (memoized) skips a keystroke; each card reads its own segment from the context.
  const renderScoped = useCallback(
    (_: unknown, index: number) => <ScopedPromptCard index={index} headingLevel={cardLevel} catalog={words} render={renderPrompt} />,
    [cardLevel, words, renderPrompt],
  );
  const composer = preview.data;
  if (!composer) return null;
  return (
    <PreviewSegmentsContext.Provider value={preview.segments}>
      <ComposerView
        composer={composer}
        renderStatic={renderStatic}
        renderPrompt={renderScoped}
        headingLevel={headingLevel}
        policy={policy}
        sanitizer={sanitizer}
        catalog={words}
        className={className}
      />
    </PreviewSegmentsContext.Provider>
  );
}
