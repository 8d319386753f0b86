'use client';

import type { ComposerId, ComposerVersion, IdOption } from '../../api/registry.ts';
import type { Composer } from '../../api/types.ts';
import { composerCollection } from '../../query/collections.ts';
import { useDetail } from '../../query/useDetail.ts';
import { useComposerList } from '../../query/useLists.ts';
import { useComposerVersions } from '../../query/useVersions.ts';
import type { HeadingLevel } from '../composer/PromptCard.tsx';
import { ComposerDiff } from './ComposerDiff.tsx';
import { useVersionSelection } from './useVersionSelection.ts';
import { type VersionDiffBaseProps, VersionDiffFrame } from './VersionDiffFrame.tsx';

/** Props of `ComposerVersionDiff`. With the typegen registry, `composerId`, `from` and `to` take only registered values. */
export interface ComposerVersionDiffProps<Id extends string = ComposerId> extends VersionDiffBaseProps {
  /** The composer whose versions to compare. */
  composerId: IdOption<'composer', Id>;
  /**
   * The older version, selected first; the "From version" picker changes it.
   * @default the version before `to` in the pickers' newest-first order (before the latest when `to` is not given)
   */
  from?: ComposerVersion<Id>;
  /**
   * The newer version, selected first; the "To version" picker changes it.
   * @default the latest published version (the one a read without `version` gets)
   */
  to?: ComposerVersion<Id>;
}

/**
 * Two versions of a composer compared: version pickers fed by `useComposerVersions` (one
 * `GET /composers?include_versions=true` for the account, shared), the two versions read with
 * `useComposer(id, { version })` (pinned reads, cached forever), and `ComposerDiff` between them:
 * segments aligned and marked added, removed, changed or unchanged. Defaults, loading, errors and
 * resets as in `PromptVersionDiff`.
 *
 * @example
 * <ComposerVersionDiff composerId="onboarding-flow" />
 */
export function ComposerVersionDiff<Id extends ComposerId>({ composerId, from, to, headingLevel = 2, ...frame }: ComposerVersionDiffProps<Id>) {
  const versions = useComposerVersions(composerId);
  const listed = versions.data?.map((entry) => entry.version);
  // The service's latest, from the same cache entry (see PromptVersionDiff).
  const latest = useComposerList({ includeVersions: true, select: (composers) => composers.find((composer) => composer.composerId === composerId)?.version }).data;
  const selection = useVersionSelection(composerId, from, to, listed, latest);
  const before = useDetail<Composer>('ComposerVersionDiff', composerCollection, selection.from === undefined ? undefined : composerId, { version: selection.from });
  const after = useDetail<Composer>('ComposerVersionDiff', composerCollection, selection.to === undefined ? undefined : composerId, { version: selection.to });
  return (
    <VersionDiffFrame {...frame} headingLevel={headingLevel} subject="composer" versions={listed} latest={latest} selection={selection} queries={[versions, before, after]}>
      {before.data && after.data ? <ComposerDiff before={before.data} after={after.data} headingLevel={(headingLevel + 1) as HeadingLevel} /> : null}
    </VersionDiffFrame>
  );
}
