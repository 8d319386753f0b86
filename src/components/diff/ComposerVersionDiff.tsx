'use client';

import type { ComposerId, ComposerVersion, IdOption } from '../../api/registry.ts';
import { versionedComposers } from '../../query/versions.ts';
import { ComposerDiff } from './ComposerDiff.tsx';
import { VersionDiff } from './VersionDiff.tsx';
import type { VersionDiffBaseProps } from './VersionDiffFrame.tsx';

/** Props of `ComposerVersionDiff`. With the typegen registry, `composerId`, `from` and `to` take only registered values. */
export interface ComposerVersionDiffProps<Id extends string = ComposerId> extends VersionDiffBaseProps<ComposerVersion<Id>> {
  /** The composer whose versions to compare. */
  composerId: IdOption<'composer', Id>;
}

/**
 * Two versions of a composer compared: version pickers fed by the composer's versions (one
 * `GET /composers?include_versions=true` for the account, shared with `useComposerVersions`), the two
 * versions read with `useComposer(id, { version })` (pinned reads, cached forever), and `ComposerDiff`
 * between them: segments aligned and marked added, removed, changed or unchanged. Defaults, loading,
 * errors and resets as in `PromptVersionDiff`.
 *
 * @example
 * <ComposerVersionDiff composerId="onboarding-flow" />
 */
export function ComposerVersionDiff<Id extends ComposerId>({ composerId, ...props }: ComposerVersionDiffProps<Id>) {
  return <VersionDiff {...props} name="ComposerVersionDiff" versioned={versionedComposers} id={composerId} Diff={ComposerDiff} />;
}
