import { memo, useId } from 'react';
import type { Prompt, PromptSegment } from '../../api/types.ts';
import type { CatalogOverride } from '../../catalog/catalog.ts';
import { englishDiffWords } from '../../catalog/english-diffs.ts';
import { withCatalog } from '../../catalog/resolve.ts';
import type { HeadingLevel } from '../composer/PromptCard.tsx';
import { classNames } from '../shared/class-names.ts';
import { comparePrompts, versionRange } from './prompt-changes.ts';
import { PromptChangesView } from './PromptChangesView.tsx';

/** Props of `PromptDiff`. */
export interface PromptDiffProps {
  /** The older version: a `Prompt` from `usePrompt(id, { version })`, or a composer's prompt segment. */
  before: Prompt | PromptSegment;
  /** The newer version. */
  after: Prompt | PromptSegment;
  /**
   * The level of the diff's heading (the prompt's name).
   * @default 2
   */
  headingLevel?: HeadingLevel;
  /**
   * The diff's words (a complete catalog such as `germanCatalog`, or the keys to change). A prop, not the
   * provider's: the diff renders in a Server Component, which reads no context.
   * @default englishCatalog
   */
  catalog?: CatalogOverride;
  /**
   * Extra class names, after `pcr-diff pcr-prompt-diff`.
   * @default undefined
   */
  className?: string;
}

/**
 * What changed between two versions of a prompt: a summary in words, then each changed setting (name,
 * model, temperature, schema fields, input data root, input data), the variables added and removed
 * ("Adds `${plan}`; removes `${tier}`."), and a word diff of the system and user messages. Insertions
 * are `<ins>` and deletions `<del>`, each starting with visually hidden "added:" or "removed:", so
 * neither is told by colour alone. The section has `data-state="same"` or `"changed"`.
 *
 * Presentational and server-safe: it renders from its props alone (no provider, no fetching, no client
 * state), so a React Server Component can render it. `PromptVersionDiff` fetches two versions for it.
 *
 * @example
 * <PromptDiff before={oldPrompt} after={newPrompt} />
 */
export const PromptDiff = memo(function PromptDiff({ before, after, headingLevel = 2, catalog, className }: PromptDiffProps) {
  const id = useId();
  const Heading = `h${headingLevel}` as const;
  const words = withCatalog(englishDiffWords, catalog);
  const changes = comparePrompts(before, after, words);
  return (
    <section
      className={classNames('pcr-diff', 'pcr-prompt-diff', className)}
      aria-labelledby={`${id}-name`}
      data-state={changes.identical ? 'same' : 'changed'}
    >
      <header className="pcr-diff__header">
        <Heading id={`${id}-name`} className="pcr-diff__name">
          {after.promptName}
        </Heading>
        <p className="pcr-diff__versions">{versionRange(before.version, after.version, words)}</p>
      </header>
      <PromptChangesView changes={changes} words={words} />
    </section>
  );
});
