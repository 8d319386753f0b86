'use client';

import type { IdOption, PromptId, PromptVersion } from '../../api/registry.ts';
import type { Prompt } from '../../api/types.ts';
import { promptCollection } from '../../query/collections.ts';
import { useDetail } from '../../query/useDetail.ts';
import { usePromptList } from '../../query/useLists.ts';
import { usePromptVersions } from '../../query/useVersions.ts';
import type { HeadingLevel } from '../composer/PromptCard.tsx';
import { PromptDiff } from './PromptDiff.tsx';
import { useVersionSelection } from './useVersionSelection.ts';
import { type VersionDiffBaseProps, VersionDiffFrame } from './VersionDiffFrame.tsx';

/** Props of `PromptVersionDiff`. With the typegen registry, `promptId`, `from` and `to` take only registered values. */
export interface PromptVersionDiffProps<Id extends string = PromptId> extends VersionDiffBaseProps {
  /** The prompt whose versions to compare. */
  promptId: IdOption<'prompt', Id>;
  /**
   * The older version, selected first; the "From version" picker changes it.
   * @default the version before `to` in the pickers' newest-first order (before the latest when `to` is not given)
   */
  from?: PromptVersion<Id>;
  /**
   * The newer version, selected first; the "To version" picker changes it.
   * @default the latest published version (the one a read without `version` gets)
   */
  to?: PromptVersion<Id>;
}

/**
 * Two versions of a prompt compared: version pickers fed by `usePromptVersions` (one
 * `GET /prompts?include_versions=true` for the account, shared), the two versions read with `usePrompt(id,
 * { version })` (pinned reads, cached forever; the latest comes from the list's cache), and `PromptDiff`
 * between them. By default it compares the version before the latest with the latest (the service's
 * latest, marked "(latest)" in the pickers); with one published
 * version it says there is nothing to compare yet. Loading and errors as the previews show them; a new
 * `promptId`, `from` or `to` prop resets the pickers.
 *
 * @example
 * <PromptVersionDiff promptId="welcome-email" from="1.0.0" />
 */
export function PromptVersionDiff<Id extends PromptId>({ promptId, from, to, headingLevel = 2, ...frame }: PromptVersionDiffProps<Id>) {
  const versions = usePromptVersions(promptId);
  const listed = versions.data?.map((entry) => entry.version);
  // The service's latest (what a read without `version` gets): the list item's own version, from the same
  // cache entry (no request). With versions published out of numeric order, it need not be the highest.
  const latest = usePromptList({ includeVersions: true, select: (prompts) => prompts.find((prompt) => prompt.promptId === promptId)?.version }).data;
  const selection = useVersionSelection(promptId, from, to, listed, latest);
  // The picked versions are strings from the pickers: the registry's checks stop at the props.
  const before = useDetail<Prompt>('PromptVersionDiff', promptCollection, selection.from === undefined ? undefined : promptId, { version: selection.from });
  const after = useDetail<Prompt>('PromptVersionDiff', promptCollection, selection.to === undefined ? undefined : promptId, { version: selection.to });
  return (
    <VersionDiffFrame {...frame} headingLevel={headingLevel} subject="prompt" versions={listed} latest={latest} selection={selection} queries={[versions, before, after]}>
      {before.data && after.data ? <PromptDiff before={before.data} after={after.data} headingLevel={(headingLevel + 1) as HeadingLevel} /> : null}
    </VersionDiffFrame>
  );
}
