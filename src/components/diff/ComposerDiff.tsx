import { memo, useId } from 'react';
import type { Composer } from '../../api/types.ts';
import type { CatalogOverride, DiffCatalog } from '../../catalog/catalog.ts';
import { englishDiffWords } from '../../catalog/english-diffs.ts';
import { enumerate, fillPlural, fillText } from '../../catalog/format.ts';
import { withCatalog } from '../../catalog/resolve.ts';
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
   * The diff's words (a complete catalog such as `germanCatalog`, or the keys to change). A prop, not the
   * provider's: the diff renders in a Server Component, which reads no context.
   * @default englishCatalog
   */
  catalog?: CatalogOverride;
  /**
   * Extra class names, after `pcr-diff pcr-composer-diff`.
   * @default undefined
   */
  className?: string;
}

const ORDER: readonly SegmentChange[] = ['added', 'removed', 'changed', 'same'];

/** "Segments: 2 segments added, 1 removed, 1 changed, 3 unchanged.", in the catalog's words. */
function segmentsSummary(segments: readonly AlignedSegment[], words: DiffCatalog): string {
  const { diff, locale } = words;
  const counts = ORDER.map((change) => [change, segments.filter((segment) => segment.change === change).length] as const).filter(([, count]) => count > 0);
  if (counts.length === 0) return diff.noSegments;
  const phrases = counts.map(([change, count], index) => fillPlural(diff.segmentCounts[index === 0 ? 'opening' : 'following'][change], count, {}, locale));
  return fillText(diff.segmentsSummary, { counts: enumerate(phrases, words.list) }, locale);
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
export const ComposerDiff = memo(function ComposerDiff({ before, after, headingLevel = 2, catalog, className }: ComposerDiffProps) {
  const id = useId();
  const Heading = `h${headingLevel}` as const;
  const words = withCatalog(englishDiffWords, catalog);
  const segments = alignSegments(before.segments, after.segments);
  const config = compareConfig(before.config, after.config, words);
  const name = before.composerName === after.composerName ? null : ({ setting: 'name', before: before.composerName, after: after.composerName } as const);
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
        <p className="pcr-diff__versions">{versionRange(before.version, after.version, words)}</p>
      </header>
      <p className="pcr-diff__summary">{identical ? words.diff.identical : segmentsSummary(segments, words)}</p>
      <ChangeList name={name} config={config} words={words} />
      <ol className="pcr-composer-diff__segments" aria-label={words.diff.segments}>
        {segments.map((segment, index) => (
          <SegmentDiff key={index} segment={segment} words={words} />
        ))}
      </ol>
    </section>
  );
});
