import type { ComposerSegment } from '../../api/types.ts';
import type { DiffCatalog } from '../../catalog/catalog.ts';
import { fillText } from '../../catalog/format.ts';
import { DiffText } from './DiffText.tsx';
import { htmlText, textSnippet } from './html-text.ts';
import { comparePrompts } from './prompt-changes.ts';
import { PromptChangesView } from './PromptChangesView.tsx';
import type { AlignedSegment } from './segment-alignment.ts';
import { hasChanges, wordDiff } from './text-diff.ts';

function title(segment: AlignedSegment, shown: ComposerSegment, words: DiffCatalog): string {
  const { diff, locale } = words;
  if (shown.type === 'static') return fillText(diff.staticTitle, { text: textSnippet(htmlText(shown.content, words)) || diff.noText }, locale);
  const before = 'before' in segment && segment.before.type === 'prompt' ? segment.before.version : shown.version;
  return before === shown.version
    ? fillText(diff.promptTitle, { name: shown.promptName, version: shown.version }, locale)
    : fillText(diff.promptTitleVersions, { name: shown.promptName, from: before, to: shown.version }, locale);
}

/** A static segment's text, or a prompt segment's user message. */
const textOf = (segment: ComposerSegment, words: DiffCatalog) => (segment.type === 'static' ? htmlText(segment.content, words) : segment.userMessage);

/** The changed static HTML: its text's word diff, or, when only the markup changed, the markup's, as text. */
function StaticChange({ before, after, words }: { before: string; after: string; words: DiffCatalog }) {
  const text = wordDiff(htmlText(before, words), htmlText(after, words));
  if (hasChanges(text)) return <DiffText parts={text} kind="static" words={words} />;
  return (
    <>
      <p className="pcr-diff__note">{words.diff.markupOnly}</p>
      <DiffText parts={wordDiff(before, after)} kind="markup" words={words} className="pcr-diff__text pcr-diff__markup" />
    </>
  );
}

function Body({ segment, words }: { segment: AlignedSegment; words: DiffCatalog }) {
  switch (segment.change) {
    case 'added':
      return <DiffText parts={[{ type: 'added', value: textOf(segment.after, words) }]} kind={segment.after.type} words={words} />;
    case 'removed':
      return <DiffText parts={[{ type: 'removed', value: textOf(segment.before, words) }]} kind={segment.before.type} words={words} />;
    case 'same':
      return null;
    case 'changed': {
      const { before, after } = segment;
      if (before.type === 'static' && after.type === 'static') return <StaticChange before={before.content} after={after.content} words={words} />;
      if (before.type === 'prompt' && after.type === 'prompt') return <PromptChangesView changes={comparePrompts(before, after, words)} words={words} />;
      return null;
    }
  }
}

/**
 * One segment of a composer diff, in an `<li>` with `data-change` (`added`, `removed`, `changed`, `same`)
 * and `data-segment-type`: a badge that says how it changed, its title, and what changed. Static HTML is
 * compared as the text it shows and always rendered as text, never as markup.
 */
export function SegmentDiff({ segment, words }: { segment: AlignedSegment; words: DiffCatalog }) {
  const shown = segment.change === 'removed' ? segment.before : segment.after;
  return (
    <li className="pcr-composer-diff__segment" data-change={segment.change} data-segment-type={shown.type}>
      <p className="pcr-composer-diff__title">
        <span className="pcr-diff__badge" data-change={segment.change}>
          {words.diff.badges[segment.change]}
        </span>{' '}
        {title(segment, shown, words)}
      </p>
      <Body segment={segment} words={words} />
    </li>
  );
}
