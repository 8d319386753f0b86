'use client';

import { type ReactNode, useId } from 'react';
import type { PromptApiError } from '../../api/errors.ts';
import type { ApiErrorSubject } from '../errors/ApiErrorMessage.tsx';
import { classNames } from '../shared/class-names.ts';
import type { PreviewValues } from './preview-variables.ts';
import { QueryErrorMessage } from '../errors/QueryErrorMessage.tsx';
import { VariablesForm } from './VariablesForm.tsx';

/** Props `ComposerPreview` and `PromptPreview` share. */
export interface PreviewBaseProps {
  /** Starting text of the variables, by dotted name (`{ 'customer.name': 'Ada' }`). Read on mount only. @default {} */
  initialValues?: PreviewValues;
  /** Called after each edit with every variable's text (empty inputs are left out). @default undefined */
  onValuesChange?: (values: PreviewValues) => void;
  /** Upgrade link for the quota error when the service sent none. @default undefined */
  upgradeUrl?: string;
  /** Extra class names on the root. @default undefined */
  className?: string;
}

/** What the frame reads of the preview's query. */
interface FrameQuery {
  status: 'pending' | 'error' | 'success';
  isPending: boolean;
  isFetching: boolean;
  error: PromptApiError | null;
  refetch: () => unknown;
}

interface PreviewFrameProps extends Pick<PreviewBaseProps, 'upgradeUrl' | 'className'> {
  subject: ApiErrorSubject;
  title: string;
  headingLevel: 2 | 3 | 4 | 5;
  query: FrameQuery;
  /** Controls between the heading and the content (the version picker). */
  toolbar?: ReactNode;
  variables: readonly string[];
  values: PreviewValues;
  onChange: (name: string, value: string) => void;
  /** The preview itself; `null` while there is nothing to show. */
  output: ReactNode;
  /** `data-state` of the output: `updating` while deferred values catch up. @default undefined */
  outputState?: string;
}

/**
 * The frame both previews share: a labelled, busy-aware region with its heading, the loading state, the
 * error in human words with Retry, and the variables form beside the output. Cached output stays on
 * screen beside an error.
 */
export function PreviewFrame({ subject, title, headingLevel, className, upgradeUrl, query, toolbar, variables, values, onChange, output, outputState }: PreviewFrameProps) {
  const headingId = useId();
  const Heading = `h${headingLevel}` as const;
  return (
    <section
      className={classNames('pcr-preview', `pcr-${subject}-preview`, className)}
      aria-labelledby={headingId}
      aria-busy={query.isFetching}
      data-state={query.status}
    >
      <Heading className="pcr-preview__title" id={headingId}>
        {title}
      </Heading>
      {toolbar}
      {query.isPending ? (
        <div className="pcr-preview__loading">
          <p role="status">Loading {subject}…</p>
          <div className="pcr-preview__skeleton" aria-hidden="true" />
        </div>
      ) : null}
      {query.error ? (
        <QueryErrorMessage error={query.error} subject={subject} upgradeUrl={upgradeUrl} retrying={query.isFetching} onRetry={() => void query.refetch()} />
      ) : null}
      {output ? (
        <div className="pcr-preview__body">
          <form className="pcr-preview__form" onSubmit={(event) => event.preventDefault()}>
            <VariablesForm variables={variables} values={values} onChange={onChange} />
          </form>
          <div className="pcr-preview__output" data-state={outputState}>
            {output}
          </div>
        </div>
      ) : null}
    </section>
  );
}
