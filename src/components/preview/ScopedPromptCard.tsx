'use client';

import { createContext, memo, type ReactNode, useContext } from 'react';
import type { Prompt, PromptSegment } from '../../api/types.ts';
import type { CatalogWithoutDiffs } from '../../catalog/catalog.ts';
import { type HeadingLevel, PromptCard } from '../composer/PromptCard.tsx';
import type { PreviewSegment } from './preview-segments.ts';
import type { PreviewValues } from './preview-variables.ts';

/** The preview's (deferred) segments, for the prompt cards deep inside a memoized `ComposerView`. */
export const PreviewSegmentsContext = createContext<readonly PreviewSegment[]>([]);
PreviewSegmentsContext.displayName = 'PreviewSegmentsContext';

/**
 * Renders a prompt of a preview, as `ComposerView`'s `renderPrompt` does a composer's: the segment (or the
 * prompt), its position, and the values of its own variables (flat, by dotted name).
 */
export type RenderPreviewPrompt = (prompt: PromptSegment | Prompt, index: number, values: PreviewValues) => ReactNode;

/** Props of `ScopedPromptCard`. */
export interface ScopedPromptCardProps {
  /** The segment's position among the composer's segments. */
  index: number;
  /** Level of the card's heading. */
  headingLevel: HeadingLevel;
  /** The card's words, resolved by the preview. */
  catalog: CatalogWithoutDiffs;
  /** The app's own rendering of a prompt, in place of the card. */
  render: RenderPreviewPrompt | undefined;
}

/**
 * A prompt of a preview, from `PreviewSegmentsContext`: a `PromptCard` given the values of its own variables
 * only, as the same object while they are unchanged, so that typing in one input re-renders the cards that
 * use that variable and no others (a composer may hold hundreds of cards); or the app's `render`.
 */
export const ScopedPromptCard = memo(function ScopedPromptCard({ index, headingLevel, catalog, render }: ScopedPromptCardProps) {
  const segment = useContext(PreviewSegmentsContext)[index];
  if (segment?.type !== 'prompt') return null;
  if (render) return render(segment.segment, index, segment.values);
  return <PromptCard prompt={segment.segment} values={segment.values} headingLevel={headingLevel} catalog={catalog} />;
});
