'use client';

import { useCallback, useDeferredValue, useMemo } from 'react';
import type { PromptSegment } from '../api/types.ts';
import { useComposer } from '../query/useComposer.ts';
import { ComposerView } from './ComposerView.tsx';
import type { HeadingLevel } from './PromptCard.tsx';
import { composerVariables } from './preview-variables.ts';
import { type PreviewBaseProps, PreviewFrame } from './PreviewFrame.tsx';
import { PreviewValuesContext, ScopedPromptCard } from './ScopedPromptCard.tsx';
import { usePreviewValues } from './usePreviewValues.ts';

/** Props of `ComposerPreview`. */
export interface ComposerPreviewProps extends PreviewBaseProps {
  /** The composer to fetch and preview. */
  composerId: string;
  /** Version to fetch. @default the latest published version */
  version?: string;
  /** The preview's heading. @default 'Composer preview' */
  title?: string;
  /**
   * Level of the preview's heading and of the composer's name (the same level: static HTML often starts
   * with its own `<h2>`, and prompt cards must follow it without skipping a level).
   * @default 2
   */
  headingLevel?: 2 | 3 | 4 | 5;
}

/**
 * The in-app preview of a composer: fetches it with `useComposer`, derives one labelled input per
 * variable of its prompt segments, and previews the composer live through `ComposerView`. Shows a
 * loading state and every API error in human words (with Retry for server and network errors).
 *
 * @example
 * <ComposerPreview composerId="onboarding-flow" initialValues={{ name: 'Ada' }} />
 */
export function ComposerPreview({
  composerId,
  version,
  initialValues,
  onValuesChange,
  title = 'Composer preview',
  headingLevel = 2,
  upgradeUrl,
  className,
}: ComposerPreviewProps) {
  const query = useComposer(composerId, { version });
  const composer = query.data;
  const { values, setValue } = usePreviewValues(initialValues, onValuesChange);
  // The inputs update at once; the cards follow in an interruptible render, so typing never waits for them.
  const previewValues = useDeferredValue(values);
  // Stable, so ComposerView (memoized) skips a keystroke; each card reads only its own variables.
  const renderPrompt = useCallback(
    (segment: PromptSegment) => <ScopedPromptCard segment={segment} headingLevel={Math.min(headingLevel + 1, 6) as HeadingLevel} />,
    [headingLevel],
  );
  const segments = composer?.segments;
  const variables = useMemo(() => (segments ? composerVariables(segments) : []), [segments]);

  return (
    <PreviewFrame
      subject="composer"
      title={title}
      headingLevel={headingLevel}
      className={className}
      upgradeUrl={upgradeUrl}
      query={query}
      variables={variables}
      values={values}
      onChange={setValue}
      outputState={previewValues === values ? 'current' : 'updating'}
      output={
        composer ? (
          <PreviewValuesContext.Provider value={previewValues}>
            <ComposerView composer={composer} renderPrompt={renderPrompt} headingLevel={headingLevel} />
          </PreviewValuesContext.Provider>
        ) : null
      }
    />
  );
}
