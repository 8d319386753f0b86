import { memo, useId } from 'react';
import type { Composer } from '../../api/types.ts';
import type { HeadingLevel } from '../composer/PromptCard.tsx';
import { classNames } from '../shared/class-names.ts';
import { ChangeList } from './ChangeList.tsx';
import { compareConfig, configChanged, versionRange } from './prompt-changes.ts';
import { type AlignedSegment, alignSegments, type SegmentChange } from './segment-alignment.ts';
import { SegmentDiff } from './SegmentDiff.tsx';

/** Props of `ComposerDiff`. */
export interface ComposerDiffProps {
  /** The older version: a `Composer` from `useComposer(id, { version })`. */
  before: Composer;
  /** The newer version. */
  after: Composer;
  /**
   * The level of the diff's heading (the composer's name).
   * @default 2
   */
  headingLevel?: HeadingLevel;
  /**
   * Extra class names, after `pcr-diff pcr-composer-diff`.
   * @default undefined
   */
  className?: string;
}

const ORDER: readonly SegmentChange[] = ['added', 'removed', 'changed', 'same'];

/** "2 segments added, 1 removed, 1 changed, 3 unchanged." */
function segmentsSummary(segments: readonly AlignedSegment[]): string {
  const counts = ORDER.map((change) => [change, segments.filter((segment) => segment.change === change).length] as const).filter(([, count]) => count > 0);
  const words = counts.map(([change, count], index) => `${count}${index === 0 ? (count === 1 ? ' segment' : ' segments') : ''} ${change === 'same' ? 'unchanged' : change}`);
  return words.length > 0 ? `${words.join(', ')}.` : 'No segments.';
}

/**
 * What changed between two versions of a composer: the name and input configuration (schema fields,
 * input data root, input data), then every segment of both versions aligned, each marked added, removed,
 * changed or unchanged in words and in `data-change`. A changed static segment shows the word diff of
 * its text (never its HTML as markup: untrusted HTML is only ever text here); a changed prompt segment
 * shows the prompt's diff, as `PromptDiff` does. Segments are aligned on the longest common run: a
 * prompt segment by its prompt id, a static one by its exact content; static HTML replaced in place
 * counts as changed.
 *
 * Presentational and server-safe: it renders from its props alone, so a React Server Component can
 * render it. `ComposerVersionDiff` fetches two versions for it.
 *
 * @example
 * <ComposerDiff before={oldComposer} after={newComposer} />
 */
export const ComposerDiff = memo(function ComposerDiff({ before, after, headingLevel = 2, className }: ComposerDiffProps) {
  const id = useId();
  const Heading = `h${headingLevel}` as const;
  const segments = alignSegments(before.segments, after.segments);
  const config = compareConfig(before.config, after.config);
  const name = before.composerName === after.composerName ? null : { name: 'Name', before: before.composerName, after: after.composerName };
  const identical = !name && !configChanged(config) && segments.every((segment) => segment.change === 'same');
  return (
    <section
      className={classNames('pcr-diff', 'pcr-composer-diff', className)}
      aria-labelledby={`${id}-name`}
      data-state={identical ? 'same' : 'changed'}
    >
      <header className="pcr-diff__header">
        <Heading id={`${id}-name`} className="pcr-diff__name">
          {after.composerName}
        </Heading>
        <p className="pcr-diff__versions">{versionRange(before.version, after.version)}</p>
      </header>
      <p className="pcr-diff__summary">{identical ? 'No changes: the two versions are identical.' : `Segments: ${segmentsSummary(segments)}`}</p>
      <ChangeList name={name} config={config} />
      <ol className="pcr-composer-diff__segments" aria-label="Segments">
        {segments.map((segment, index) => (
          <SegmentDiff key={index} segment={segment} />
        ))}
      </ol>
    </section>
  );
});
