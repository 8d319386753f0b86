'use client';

import type { IdOption, PromptId, PromptVersion } from '../../api/registry.ts';
import { versionedPrompts } from '../../query/versions.ts';
import { PromptDiff } from './PromptDiff.tsx';
import { VersionDiff } from './VersionDiff.tsx';
import type { VersionDiffBaseProps } from './VersionDiffFrame.tsx';

/** Props of `PromptVersionDiff`. With the typegen registry, `promptId`, `from` and `to` take only registered values. */
export interface PromptVersionDiffProps<Id extends string = PromptId> extends VersionDiffBaseProps<PromptVersion<Id>> {
  /** The prompt whose versions to compare. */
  promptId: IdOption<'prompt', Id>;
}

/**
 * Two versions of a prompt compared: version pickers fed by the prompt's versions (one
 * `GET /prompts?include_versions=true` for the account, shared with `usePromptVersions`), the two versions
 * read with `usePrompt(id, { version })` (pinned reads, cached forever; the latest comes from the list's
 * cache), and `PromptDiff` between them. By default it compares the version before the latest with the
 * latest (the service's latest, marked "(latest)" in the pickers); with one published version it says
 * there is nothing to compare yet. Loading and errors as the previews show them; a new `promptId`, `from`
 * or `to` prop resets the pickers.
 *
 * @example
 * <PromptVersionDiff promptId="welcome-email" from="1.0.0" />
 */
export function PromptVersionDiff<Id extends PromptId>({ promptId, ...props }: PromptVersionDiffProps<Id>) {
  return <VersionDiff {...props} name="PromptVersionDiff" versioned={versionedPrompts} id={promptId} Diff={PromptDiff} />;
}
