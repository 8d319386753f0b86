import { memo, useId } from 'react';
import type { Prompt, PromptSegment } from '../../api/types.ts';
import type { CatalogOverride } from '../../catalog/catalog.ts';
import { englishDiffWords } from '../../catalog/english-diffs.ts';
import { withCatalog } from '../../catalog/resolve.ts';
import type { HeadingLevel } from '../composer/PromptCard.tsx';
import { classNames } from '../shared/class-names.ts';
import { comparePrompts, versionRange } from './model/prompt-changes.ts';
import type { DiffLayout } from './views/LineDiff.tsx';
import { PromptChangesView } from './views/PromptChangesView.tsx';

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
   * How line diffs are laid out: `'split'` puts each older line beside the newer one that took its place
   * where the diff is at least 40rem wide, and stacks them where it is narrower (a 360 px phone shows one
   * column, as `'unified'` does); `'unified'` always stacks them, each changed line above its replacement.
   * @default 'split'
   */
  layout?: DiffLayout;
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
 * model, temperature, input data root), the schema's fields and the input data's field by field, the
 * variables added and removed ("Adds `${plan}`; removes `${tier}`."), and a line diff of the system and
 * user messages as GitHub shows one: removed lines red with `−`, added ones green with `+`, the changed
 * words inside a line marked, split or unified (`layout`). Removed lines and values are `<del>` and added
 * ones `<ins>`, each starting with visually hidden "removed:" or "added:", so no change is told by colour
 * alone. The section has `data-state="same"` or `"changed"`.
 *
 * Presentational and server-safe: it renders from its props alone (no provider, no fetching, no client
 * state), so a React Server Component can render it. `PromptVersionDiff` fetches two versions for it.
 *
 * @example
 * <PromptDiff before={oldPrompt} after={newPrompt} />
 */
export const PromptDiff = memo(function PromptDiff({ before, after, headingLevel = 2, layout = 'split', catalog, className }: PromptDiffProps) {
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
      <PromptChangesView changes={changes} layout={layout} words={words} />
    </section>
  );
});
