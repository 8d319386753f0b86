'use client';

import type { PromptId, PromptVersion } from '../../api/registry.ts';
import { type UsePromptById, usePrompt } from '../../query/usePrompt.ts';
import { usePromptVersions } from '../../query/useVersions.ts';
import type { HeadingLevel } from '../composer/PromptCard.tsx';
import { PromptDiff } from './PromptDiff.tsx';
import { useVersionSelection } from './useVersionSelection.ts';
import { type VersionDiffBaseProps, VersionDiffFrame } from './VersionDiffFrame.tsx';

/** Props of `PromptVersionDiff`. With the typegen registry, `promptId`, `from` and `to` take only registered values. */
export interface PromptVersionDiffProps<Id extends string = PromptId> extends VersionDiffBaseProps {
  /** The prompt whose versions to compare. */
  promptId: Id;
  /**
   * The older version, selected first; the "From version" picker changes it.
   * @default the version published before `to` (before the latest when `to` is not given)
   */
  from?: PromptVersion<Id>;
  /**
   * The newer version, selected first; the "To version" picker changes it.
   * @default the latest published version
   */
  to?: PromptVersion<Id>;
}

/**
 * Two versions of a prompt compared: version pickers fed by `usePromptVersions` (one
 * `GET /prompts?include_versions=true` for the account, shared), the two versions read with `usePrompt(id,
 * { version })` (pinned reads, cached forever; the latest comes from the list's cache), and `PromptDiff`
 * between them. By default it compares the version before the latest with the latest; with one published
 * version it says there is nothing to compare yet. Loading and errors as the previews show them; a new
 * `promptId`, `from` or `to` prop resets the pickers.
 *
 * @example
 * <PromptVersionDiff promptId="welcome-email" from="1.0.0" />
 */
export function PromptVersionDiff<Id extends PromptId>({ promptId, from, to, headingLevel = 2, ...frame }: PromptVersionDiffProps<Id>) {
  const versions = usePromptVersions(promptId);
  const listed = versions.data?.map((entry) => entry.version);
  const selection = useVersionSelection(promptId, from, to, listed);
  // The picked versions are strings from the pickers: the registry's checks stop at the props.
  const before = (usePrompt as UsePromptById)(selection.from === undefined ? undefined : promptId, { version: selection.from });
  const after = (usePrompt as UsePromptById)(selection.to === undefined ? undefined : promptId, { version: selection.to });
  return (
    <VersionDiffFrame {...frame} headingLevel={headingLevel} subject="prompt" versions={listed} selection={selection} queries={[versions, before, after]}>
      {before.data && after.data ? <PromptDiff before={before.data} after={after.data} headingLevel={(headingLevel + 1) as HeadingLevel} /> : null}
    </VersionDiffFrame>
  );
}
