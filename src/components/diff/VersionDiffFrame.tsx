'use client';

import { type ReactNode, useId } from 'react';
import type { PromptApiError } from '../../api/errors.ts';
import type { CatalogOverride, DiffCatalog } from '../../catalog/catalog.ts';
import { fillText } from '../../catalog/format.ts';
import type { ApiErrorSubject } from '../errors/ApiErrorMessage.tsx';
import { QueryErrorMessage } from '../errors/QueryErrorMessage.tsx';
import { classNames } from '../shared/class-names.ts';
import type { VersionSelection } from './useVersionSelection.ts';
import { VersionPicker } from './VersionPicker.tsx';
import type { DiffLayout } from './views/LineDiff.tsx';

/**
 * Props `PromptVersionDiff` and `ComposerVersionDiff` share. `Version` is the item's version: with the
 * typegen registry, its registered versions only.
 */
export interface VersionDiffBaseProps<Version extends string = string> {
  /**
   * The older version, selected first; the "From version" picker changes it.
   * @default the version before `to` in the pickers' newest-first order (the newest other version where `to` has none before it or is not listed)
   */
  from?: Version;
  /**
   * The newer version, selected first; the "To version" picker changes it.
   * @default the latest published version (the one a read without `version` gets)
   */
  to?: Version;
  /**
   * The diff's heading, or `false` for none, where the app's page has its own heading: the region is then
   * named by the catalog's title.
   * @default the catalog's `versions.title` ('Compare versions')
   */
  title?: string | false;
  /**
   * The level of the heading; the diff inside uses the next level.
   * @default 2
   */
  headingLevel?: 2 | 3 | 4 | 5;
  /**
   * How the diff's line diffs are laid out: side by side where there is room (`'split'`; one column on a
   * phone), or always one column (`'unified'`).
   * @default 'split'
   */
  layout?: DiffLayout;
  /**
   * Upgrade link for the quota error when the service sent none.
   * @default undefined
   */
  upgradeUrl?: string;
  /**
   * The words of the pickers, states and diff, over the provider's catalog.
   * @default the provider's catalog, else `englishCatalog`
   */
  catalog?: CatalogOverride;
  /**
   * Extra class names on the root, after `pcr-version-diff`.
   * @default undefined
   */
  className?: string;
}

/** What the frame reads of each query (the versions list and the two pinned reads). */
export interface FrameQuery {
  isPending: boolean;
  isFetching: boolean;
  error: PromptApiError | null;
  refetch: () => unknown;
}

interface VersionDiffFrameProps extends Omit<VersionDiffBaseProps, 'from' | 'to' | 'layout'> {
  subject: ApiErrorSubject;
  /** The diffs' words, resolved by the version diff; the error message resolves its own from `catalog`. */
  words: DiffCatalog;
  /** Every published version, newest first; `undefined` while they load. */
  versions: readonly string[] | undefined;
  /** The service's latest version (the one a read without `version` gets), marked "(latest)" in the pickers. */
  latest: string | undefined;
  selection: VersionSelection;
  /** The versions query first, then the two pinned reads. */
  queries: readonly FrameQuery[];
  /** The diff, once both versions are here. */
  children: ReactNode;
}

/**
 * The frame of both version diffs: a labelled, busy-aware region with its heading, two labelled version
 * pickers (native `<select>`s: keyboard-operable, newest first; none where there is one version), the loading state in a status region that
 * stays mounted, the first error in human words (with Retry where a retry may help), and the diff. The
 * pickers stay mounted while a picked version loads, so focus stays where the user left it.
 */
export function VersionDiffFrame({ subject, title, words, catalog, headingLevel = 2, upgradeUrl, className, versions, latest, selection, queries, children }: VersionDiffFrameProps) {
  const headingId = useId();
  const Heading = `h${headingLevel}` as const;
  const failed = queries.find((query) => query.error);
  const loading = !failed && queries.some((query) => query.isPending && query.isFetching);
  const single = versions?.length === 1;
  const state = failed ? 'error' : single || (!loading && children) ? 'success' : 'pending';
  const { from, to } = selection;
  return (
    <section
      className={classNames('pcr-version-diff', `pcr-${subject}-version-diff`, className)}
      aria-labelledby={title === false ? undefined : headingId}
      aria-label={title === false ? words.versions.title : undefined}
      aria-busy={queries.some((query) => query.isFetching)}
      data-state={state}
    >
      {title === false ? null : (
        <Heading className="pcr-version-diff__title" id={headingId}>
          {title ?? words.versions.title}
        </Heading>
      )}
      {/* One version has nothing to pick: the note says so, without two pickers that hold the same version. */}
      {versions && !single && versions.length > 0 && from !== undefined && to !== undefined ? (
        <div className="pcr-version-diff__pickers">
          <VersionPicker label={words.versions.from} value={from} versions={versions} latest={latest} words={words} onChange={(version) => selection.pick('from', version)} />
          <VersionPicker label={words.versions.to} value={to} versions={versions} latest={latest} words={words} onChange={(version) => selection.pick('to', version)} />
        </div>
      ) : null}
      {single ? (
        <p className="pcr-version-diff__note">{fillText(words.versions.onlyOne, { version: versions[0] ?? '' }, words.locale)}</p>
      ) : null}
      {/* Always mounted, and empty unless versions load: screen readers announce a change to a live region's
          text, and often not a region that arrives with its text. */}
      <p role="status" className="pcr-version-diff__status">
        {loading ? words.versions.loading : null}
      </p>
      {loading ? <div className="pcr-version-diff__skeleton" aria-hidden="true" /> : null}
      {failed?.error ? (
        <QueryErrorMessage
          error={failed.error}
          subject={subject}
          upgradeUrl={upgradeUrl}
          retrying={failed.isFetching}
          onRetry={() => void failed.refetch()}
          catalog={catalog}
        />
      ) : null}
      {failed || single ? null : children}
    </section>
  );
}
