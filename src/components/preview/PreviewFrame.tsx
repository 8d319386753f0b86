'use client';

import { type ReactNode, useId, useState } from 'react';
import type { PromptApiError } from '../../api/errors.ts';
import type { CatalogOverride, CatalogWithoutDiffs } from '../../catalog/catalog.ts';
import type { ApiErrorSubject } from '../errors/ApiErrorMessage.tsx';
import { classNames } from '../shared/class-names.ts';
import { Icon } from '../shared/Icon.tsx';
import type { PreviewValues } from './preview-variables.ts';
import type { PreviewValuesOptions } from './usePreviewValues.ts';
import { QueryErrorMessage } from '../errors/QueryErrorMessage.tsx';
import { PreviewSkeleton } from './PreviewSkeleton.tsx';
import { type VariableFields, VariablesForm } from './VariablesForm.tsx';

/** Props `ComposerPreview` and `PromptPreview` share. */
export interface PreviewBaseProps extends PreviewValuesOptions {
  /**
   * What the app says about its variables, by dotted name: a label, a description, a text area for several
   * lines, a placeholder (`{ 'ticket.message': { label: 'Customer message', multiline: true } }`). A name it
   * leaves out gets a one-line input labelled with the name. Define it once, outside render.
   * @default {}
   */
  variableFields?: VariableFields;
  /** Upgrade link for the quota error when the service sent none. @default undefined */
  upgradeUrl?: string;
  /** The preview's words, over the provider's catalog. @default the provider's catalog, else `englishCatalog` */
  catalog?: CatalogOverride;
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

interface PreviewFrameProps extends Pick<PreviewBaseProps, 'upgradeUrl' | 'className' | 'variableFields'> {
  subject: ApiErrorSubject;
  /** The preview's heading: the `title` prop, else the catalog's; `false`: none (the region is named by the catalog's title). */
  title: string | false | undefined;
  /** The words, resolved by the preview. */
  words: CatalogWithoutDiffs;
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
 * The frame both previews share: a labelled, busy-aware region with its heading, the loading state (the
 * shape of what loads), the error in human words with Retry, and the variables form beside the output (on a
 * phone above it, in a panel that stays in view and folds away: the fold button shows there only). Cached
 * output stays on screen beside an error.
 */
export function PreviewFrame({ subject, title, words, headingLevel, className, upgradeUrl, query, toolbar, variables, values, onChange, variableFields, output, outputState }: PreviewFrameProps) {
  const headingId = useId();
  const [formOpen, setFormOpen] = useState(true);
  const Heading = `h${headingLevel}` as const;
  return (
    // Without its heading (`title={false}`, under the app's own), the region keeps a name.
    <section
      className={classNames('pcr-preview', `pcr-${subject}-preview`, className)}
      aria-labelledby={title === false ? undefined : headingId}
      aria-label={title === false ? words.preview.title[subject] : undefined}
      aria-busy={query.isFetching}
      data-state={query.status}
    >
      {title === false ? null : (
        <Heading className="pcr-preview__title" id={headingId}>
          {title ?? words.preview.title[subject]}
        </Heading>
      )}
      {toolbar}
      {query.isPending ? (
        <div className="pcr-preview__loading">
          <p className="pcr-preview__loading-text" role="status">
            {words.preview.loading[subject]}
          </p>
          <PreviewSkeleton />
        </div>
      ) : null}
      {query.error ? (
        <QueryErrorMessage
          error={query.error}
          subject={subject}
          upgradeUrl={upgradeUrl}
          retrying={query.isFetching}
          onRetry={() => void query.refetch()}
          catalog={words}
        />
      ) : null}
      {output ? (
        <div className="pcr-preview__body">
          <form className="pcr-preview__form" data-state={formOpen ? 'open' : 'collapsed'} onSubmit={(event) => event.preventDefault()}>
            {/* Before the inputs, where it shows: at the top of the panel. */}
            <button
              type="button"
              className="pcr-preview__toggle pcr-icon-button"
              aria-label={words.variables.legend}
              aria-expanded={formOpen}
              onClick={() => setFormOpen((open) => !open)}
            >
              <Icon name="chevron" />
            </button>
            <VariablesForm variables={variables} values={values} onChange={onChange} fields={variableFields} catalog={words} />
          </form>
          <div className="pcr-preview__output" data-state={outputState}>
            {output}
          </div>
        </div>
      ) : null}
    </section>
  );
}
