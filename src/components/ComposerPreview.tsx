import { useCallback, useDeferredValue, useId, useMemo } from 'react';
import type { PromptSegment } from '../api/types.ts';
import { useComposer } from '../query/useComposer.ts';
import { ComposerView } from './ComposerView.tsx';
import type { HeadingLevel } from './PromptCard.tsx';
import { composerVariables, type PreviewValues } from './preview-variables.ts';
import { QueryErrorMessage } from './QueryErrorMessage.tsx';
import { PreviewValuesContext, ScopedPromptCard } from './ScopedPromptCard.tsx';
import { usePreviewValues } from './usePreviewValues.ts';
import { VariablesForm } from './VariablesForm.tsx';

/** Props of `ComposerPreview`. */
export interface ComposerPreviewProps {
  /** The composer to fetch and preview. */
  composerId: string;
  /** Version to fetch. @default the latest published version */
  version?: string;
  /** Starting text of the variables, by dotted name (`{ 'customer.name': 'Ada' }`). Read on mount only. @default {} */
  initialValues?: PreviewValues;
  /** Called after each edit with every variable's text (empty inputs are left out). @default undefined */
  onValuesChange?: (values: PreviewValues) => void;
  /** The preview's heading. @default 'Composer preview' */
  title?: string;
  /**
   * Level of the preview's heading and of the composer's name (the same level: static HTML often starts
   * with its own `<h2>`, and prompt cards must follow it without skipping a level).
   * @default 2
   */
  headingLevel?: 2 | 3 | 4 | 5;
  /** Upgrade link for the quota error when the service sent none. @default undefined */
  upgradeUrl?: string;
  /** Extra class names on the root. @default undefined */
  className?: string;
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
  const headingId = useId();
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
  const Heading = `h${headingLevel}` as const;

  return (
    <section
      className={['pcr-preview', 'pcr-composer-preview', className].filter(Boolean).join(' ')}
      aria-labelledby={headingId}
      aria-busy={query.isFetching}
      data-state={query.status}
    >
      <Heading className="pcr-preview__title" id={headingId}>
        {title}
      </Heading>
      {query.isPending ? (
        <div className="pcr-preview__loading">
          <p role="status">Loading composer…</p>
          <div className="pcr-preview__skeleton" aria-hidden="true" />
        </div>
      ) : null}
      {query.error ? (
        <QueryErrorMessage
          error={query.error}
          subject="composer"
          upgradeUrl={upgradeUrl}
          retrying={query.isFetching}
          onRetry={() => void query.refetch()}
        />
      ) : null}
      {composer ? (
        <div className="pcr-preview__body">
          <form className="pcr-preview__form" onSubmit={(event) => event.preventDefault()}>
            <VariablesForm variables={variables} values={values} onChange={setValue} />
          </form>
          <div className="pcr-preview__output" data-state={previewValues === values ? 'current' : 'updating'}>
            <PreviewValuesContext.Provider value={previewValues}>
              <ComposerView composer={composer} renderPrompt={renderPrompt} headingLevel={headingLevel} />
            </PreviewValuesContext.Provider>
          </div>
        </div>
      ) : null}
    </section>
  );
}
