import { memo, useId } from 'react';
import type { Composer } from '../../api/types.ts';
import type { CatalogOverride, DiffCatalog } from '../../catalog/catalog.ts';
import { englishDiffWords } from '../../catalog/english-diffs.ts';
import { enumerate, fillPlural, fillText } from '../../catalog/format.ts';
import { withCatalog } from '../../catalog/resolve.ts';
import type { HeadingLevel } from '../composer/PromptCard.tsx';
import { classNames } from '../shared/class-names.ts';
import { compareConfig, configChanged, versionRange } from './model/prompt-changes.ts';
import { type AlignedSegment, alignSegments, type SegmentChange } from './model/segment-alignment.ts';
import { ChangeList } from './views/ChangeList.tsx';
import type { DiffLayout } from './views/LineDiff.tsx';
import { SegmentDiff } from './views/SegmentDiff.tsx';

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
   * Extra class names, after `pcr-diff pcr-composer-diff`.
   * @default undefined
   */
  className?: string;
}

const ORDER: readonly SegmentChange[] = ['added', 'removed', 'changed', 'same'];

/** Segments shown one by one, or a run of unchanged ones (two or more) folded into one row. */
type SegmentRun = { folded: boolean; segments: AlignedSegment[]; start: number };

function segmentRuns(segments: readonly AlignedSegment[]): SegmentRun[] {
  const runs: SegmentRun[] = [];
  segments.forEach((segment, index) => {
    const last = runs.at(-1);
    if (segment.change === 'same' && last?.segments.every((shown) => shown.change === 'same')) last.segments.push(segment);
    else runs.push({ folded: false, segments: [segment], start: index });
  });
  return runs.flatMap((run): SegmentRun[] =>
    run.segments.length > 1 && run.segments[0]?.change === 'same' ? [{ ...run, folded: true }] : run.segments.map((segment, offset) => ({ folded: false, segments: [segment], start: run.start + offset })),
  );
}

/** "Segments: 2 segments added, 1 removed, 1 changed, 3 unchanged.", in the catalog's words. */
function segmentsSummary(segments: readonly AlignedSegment[], words: DiffCatalog): string {
  const { diff, locale } = words;
  const counts = ORDER.map((change) => [change, segments.filter((segment) => segment.change === change).length] as const).filter(([, count]) => count > 0);
  if (counts.length === 0) return diff.noSegments;
  const phrases = counts.map(([change, count], index) => fillPlural(diff.segmentCounts[index === 0 ? 'opening' : 'following'][change], count, {}, locale));
  return fillText(diff.segmentsSummary, { counts: enumerate(phrases, words.list) }, locale);
}

/**
 * What changed between two versions of a composer: the name and input configuration (input data root, the
 * schema's fields and the input data's field by field), then every segment of both versions aligned, each
 * marked added, removed, changed or unchanged in words and in `data-change`. Static HTML shows as a line
 * diff of its outline (the markup as text, one block element per line, so a change of structure shows),
 * with its versions rendered through the sanitizer in a closed "As rendered" disclosure: no version's HTML
 * is ever rendered unsanitized. A changed prompt segment shows the prompt's diff, as `PromptDiff` does.
 * Segments are aligned on the longest common run: a prompt segment by its prompt id, a static one by its
 * exact content; static HTML replaced in place counts as changed. A run of two or more unchanged segments
 * folds into one row ("3 unchanged segments") that a reader opens.
 *
 * Presentational and server-safe: it renders from its props alone, so a React Server Component can
 * render it. `ComposerVersionDiff` fetches two versions for it.
 *
 * @example
 * <ComposerDiff before={oldComposer} after={newComposer} />
 */
export const ComposerDiff = memo(function ComposerDiff({ before, after, headingLevel = 2, layout = 'split', catalog, className }: ComposerDiffProps) {
  const id = useId();
  const Heading = `h${headingLevel}` as const;
  const words = withCatalog(englishDiffWords, catalog);
  const segments = alignSegments(before.segments, after.segments);
  const config = compareConfig(before.config, after.config, words);
  const name = before.composerName === after.composerName ? null : ({ setting: 'name', before: before.composerName, after: after.composerName } as const);
  const versions = { before: before.version, after: after.version };
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
        {segmentRuns(segments).map((run) =>
          run.folded ? (
            // A run of unchanged segments is one row, as a line diff folds unchanged lines.
            <li key={run.start} className="pcr-composer-diff__fold">
              <details>
                <summary className="pcr-composer-diff__fold-summary">{fillPlural(words.diff.unchangedSegments, run.segments.length, {}, words.locale)}</summary>
                <ol className="pcr-composer-diff__segments">
                  {run.segments.map((segment, offset) => (
                    <SegmentDiff key={offset} segment={segment} versions={versions} layout={layout} words={words} />
                  ))}
                </ol>
              </details>
            </li>
          ) : (
            <SegmentDiff key={run.start} segment={run.segments[0] as AlignedSegment} versions={versions} layout={layout} words={words} />
          ),
        )}
      </ol>
    </section>
  );
});
