import type { ComposerSegment } from '../../../api/types.ts';
import type { DiffCatalog } from '../../../catalog/catalog.ts';
import { fillText } from '../../../catalog/format.ts';
import { htmlOutline } from '../model/html-outline.ts';
import { htmlText, textSnippet } from '../model/html-text.ts';
import { lineDiff, rowsChanged } from '../model/line-diff.ts';
import { comparePrompts } from '../model/prompt-changes.ts';
import type { AlignedSegment } from '../model/segment-alignment.ts';
import { type DiffLayout, LineDiff } from './LineDiff.tsx';
import { PromptChangesView } from './PromptChangesView.tsx';
import { type ComparedVersions, RenderedVersions } from './RenderedVersions.tsx';

function title(segment: AlignedSegment, shown: ComposerSegment, words: DiffCatalog): string {
  const { diff, locale } = words;
  if (shown.type === 'static') return fillText(diff.staticTitle, { text: textSnippet(htmlText(shown.content, words)) || diff.noText }, locale);
  const before = 'before' in segment && segment.before.type === 'prompt' ? segment.before.version : shown.version;
  return before === shown.version
    ? fillText(diff.promptTitle, { name: shown.promptName, version: shown.version }, locale)
    : fillText(diff.promptTitleVersions, { name: shown.promptName, from: before, to: shown.version }, locale);
}

/** What a segment's line diff compares: static HTML's structure (its outline), a prompt's user message. */
const linesOf = (segment: ComposerSegment | undefined) => (!segment ? '' : segment.type === 'static' ? htmlOutline(segment.content) : segment.userMessage);

interface BodyProps {
  segment: AlignedSegment;
  versions: ComparedVersions;
  layout: DiffLayout;
  words: DiffCatalog;
}

/**
 * A segment's lines: static HTML's outline (or, where only its spacing changed, its source), then its
 * versions rendered through the sanitizer; a prompt added or removed, its user message.
 */
function SegmentLines({ segment, versions, layout, words }: BodyProps) {
  const before = segment.change === 'added' ? undefined : segment.before;
  const after = segment.change === 'removed' ? undefined : segment.after;
  const outlined = lineDiff(linesOf(before), linesOf(after));
  const rows = rowsChanged(outlined) || before?.type !== 'static' || after?.type !== 'static' ? outlined : lineDiff(before.content, after.content);
  const shown = after ?? before;
  return (
    <>
      <LineDiff rows={rows} kind={shown?.type === 'static' ? 'static' : 'user'} layout={layout} words={words} />
      {shown?.type === 'static' ? (
        <RenderedVersions before={before?.type === 'static' ? before.content : undefined} after={after?.type === 'static' ? after.content : undefined} versions={versions} words={words} />
      ) : null}
    </>
  );
}

function Body({ segment, versions, layout, words }: BodyProps) {
  if (segment.change === 'same') return null;
  if (segment.change === 'changed' && segment.before.type === 'prompt' && segment.after.type === 'prompt') {
    return <PromptChangesView changes={comparePrompts(segment.before, segment.after, words)} layout={layout} words={words} />;
  }
  return <SegmentLines segment={segment} versions={versions} layout={layout} words={words} />;
}

/**
 * One segment of a composer diff, in an `<li>` with `data-change` (`added`, `removed`, `changed`, `same`)
 * and `data-segment-type`: a badge that says how it changed, its title, and what changed. Static HTML is
 * compared as text that shows its structure, and rendered only through the sanitizer.
 */
export function SegmentDiff({ segment, versions, layout, words }: BodyProps) {
  const shown = segment.change === 'removed' ? segment.before : segment.after;
  return (
    <li className="pcr-composer-diff__segment" data-change={segment.change} data-segment-type={shown.type}>
      <p className="pcr-composer-diff__title">
        <span className="pcr-diff__badge" data-change={segment.change}>
          {words.diff.badges[segment.change]}
        </span>{' '}
        {title(segment, shown, words)}
      </p>
      <Body segment={segment} versions={versions} layout={layout} words={words} />
    </li>
  );
}
