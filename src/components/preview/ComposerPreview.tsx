'use client';

import { useCallback, useDeferredValue, useMemo } from 'react';
import type { ComposerId, ComposerPreviewValues, ComposerVersion, IdOption, VersionOption } from '../../api/registry.ts';
import type { Composer, PromptSegment } from '../../api/types.ts';
import { composerCollection } from '../../query/collections.ts';
import { useDetail } from '../../query/useDetail.ts';
import { ComposerView, type ComposerViewProps } from '../composer/ComposerView.tsx';
import { englishComponentWords } from '../../catalog/english-components.ts';
import { useCatalog } from '../shared/useCatalog.ts';
import type { HeadingLevel } from '../composer/PromptCard.tsx';
import { composerVariables, type PreviewValues } from './preview-variables.ts';
import { type PreviewBaseProps, PreviewFrame } from './PreviewFrame.tsx';
import { PreviewValuesContext, ScopedPromptCard } from './ScopedPromptCard.tsx';
import { usePreviewValues } from './usePreviewValues.ts';

/**
 * Props of `ComposerPreview`. With the typegen registry, `composerId` and `version` take only registered
 * values, and `initialValues` only the variables of the latest version's prompt segments.
 */
export interface ComposerPreviewProps<Id extends string = ComposerId, Version extends string | undefined = ComposerVersion<Id>>
  extends Omit<PreviewBaseProps, 'initialValues'> {
  /** The composer to fetch and preview. `''`, `'.'` and `'..'` are type errors (no URL path carries them). */
  composerId: IdOption<'composer', Id>;
  /** Version to fetch. @default the latest published version */
  version?: VersionOption<'composer', Version>;
  /**
   * Starting text of the variables, by dotted name (`{ 'customer.name': 'Ada' }`); the others start
   * empty. Read on mount only. With the typegen registry, variables of the latest version's prompt
   * segments only: an unknown name is a type error (older versions: any names, as their segments are not
   * listed).
   * @default {}
   */
  initialValues?: ComposerPreviewValues<Id, Version>;
  /** The preview's heading. @default the catalog's `preview.title.composer` ('Composer preview') */
  title?: string;
  /**
   * Level of the preview's heading and of the composer's name (the same level: static HTML often starts
   * with its own `<h2>`, and prompt cards must follow it without skipping a level).
   * @default 2
   */
  headingLevel?: 2 | 3 | 4 | 5;
  /**
   * The sanitizer policy of the composer's static HTML segments; see `SanitizePolicy`. Compared by content.
   * @default undefined (strict)
   */
  policy?: ComposerViewProps['policy'];
  /**
   * The sanitizer of the static HTML segments, from `createHtmlSanitizer` (another window, cache size,
   * Trusted Types policy name); see `StaticSegment`. Create it once, outside render.
   * @default the shared sanitizer, the one `sanitizeHtml` uses
   */
  sanitizer?: ComposerViewProps['sanitizer'];
}

/**
 * The in-app preview of a composer: fetches it with `useComposer`, derives one labelled input per
 * variable of its prompt segments, and previews the composer live through `ComposerView`. Shows a
 * loading state and every API error in human words (with Retry for server and network errors).
 *
 * @example
 * <ComposerPreview composerId="onboarding-flow" initialValues={{ name: 'Ada' }} />
 */
export function ComposerPreview<Id extends ComposerId, Version extends ComposerVersion<Id> | undefined = undefined>({
  composerId,
  version,
  initialValues,
  onValuesChange,
  title,
  headingLevel = 2,
  upgradeUrl,
  className,
  policy,
  sanitizer,
  catalog,
}: ComposerPreviewProps<Id, Version>) {
  const words = useCatalog(catalog, englishComponentWords);
  const query = useDetail<Composer>('ComposerPreview', composerCollection, composerId, { version });
  const composer = query.data;
  // Registered initial values are dotted names to text as well, only with their names spelled out.
  const { values, setValue } = usePreviewValues(initialValues as PreviewValues | undefined, onValuesChange);
  // The inputs update at once; the cards follow in an interruptible render, so typing never waits for them.
  const previewValues = useDeferredValue(values);
  // Stable, so ComposerView (memoized) skips a keystroke; each card reads only its own variables.
  const renderPrompt = useCallback(
    (segment: PromptSegment) => <ScopedPromptCard segment={segment} headingLevel={Math.min(headingLevel + 1, 6) as HeadingLevel} catalog={words} />,
    [headingLevel, words],
  );
  const segments = composer?.segments;
  const variables = useMemo(() => (segments ? composerVariables(segments) : []), [segments]);

  return (
    <PreviewFrame
      subject="composer"
      title={title}
      words={words}
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
            <ComposerView
              composer={composer}
              renderPrompt={renderPrompt}
              headingLevel={headingLevel}
              policy={policy}
              sanitizer={sanitizer}
              catalog={words}
            />
          </PreviewValuesContext.Provider>
        ) : null
      }
    />
  );
}
