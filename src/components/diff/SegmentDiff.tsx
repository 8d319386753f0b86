import type { ComposerSegment } from '../../api/types.ts';
import { DiffText } from './DiffText.tsx';
import { htmlText, textSnippet } from './html-text.ts';
import { comparePrompts, versionRange } from './prompt-changes.ts';
import { PromptChangesView } from './PromptChangesView.tsx';
import type { AlignedSegment, SegmentChange } from './segment-alignment.ts';
import { hasChanges, wordDiff } from './text-diff.ts';

const BADGE: Record<SegmentChange, string> = { added: 'Added', removed: 'Removed', changed: 'Changed', same: 'Unchanged' };

function title(segment: AlignedSegment, shown: ComposerSegment): string {
  if (shown.type === 'static') return `Static content: ${textSnippet(htmlText(shown.content)) || '(no text)'}`;
  const before = 'before' in segment ? segment.before : shown;
  return `Prompt ${shown.promptName}, ${versionRange(before.type === 'prompt' ? before.version : shown.version, shown.version).toLowerCase()}`;
}

/** A static segment's text, or a prompt segment's user message. */
const textOf = (segment: ComposerSegment) => (segment.type === 'static' ? htmlText(segment.content) : segment.userMessage);

/** The changed static HTML: its text's word diff, or, when only the markup changed, the markup's, as text. */
function StaticChange({ before, after }: { before: string; after: string }) {
  const text = wordDiff(htmlText(before), htmlText(after));
  if (hasChanges(text)) return <DiffText parts={text} kind="static" />;
  return (
    <>
      <p className="pcr-diff__note">The text is the same; only the markup changed:</p>
      <DiffText parts={wordDiff(before, after)} kind="markup" className="pcr-diff__text pcr-diff__markup" />
    </>
  );
}

function Body({ segment }: { segment: AlignedSegment }) {
  switch (segment.change) {
    case 'added':
      return <DiffText parts={[{ type: 'added', value: textOf(segment.after) }]} kind={segment.after.type} />;
    case 'removed':
      return <DiffText parts={[{ type: 'removed', value: textOf(segment.before) }]} kind={segment.before.type} />;
    case 'same':
      return null;
    case 'changed': {
      const { before, after } = segment;
      if (before.type === 'static' && after.type === 'static') return <StaticChange before={before.content} after={after.content} />;
      if (before.type === 'prompt' && after.type === 'prompt') return <PromptChangesView changes={comparePrompts(before, after)} />;
      return null;
    }
  }
}

/**
 * One segment of a composer diff, in an `<li>` with `data-change` (`added`, `removed`, `changed`, `same`)
 * and `data-segment-type`: a badge that says how it changed, its title, and what changed. Static HTML is
 * compared as the text it shows and always rendered as text, never as markup.
 */
export function SegmentDiff({ segment }: { segment: AlignedSegment }) {
  const shown = segment.change === 'removed' ? segment.before : segment.after;
  return (
    <li className="pcr-composer-diff__segment" data-change={segment.change} data-segment-type={shown.type}>
      <p className="pcr-composer-diff__title">
        <span className="pcr-diff__badge" data-change={segment.change}>
          {BADGE[segment.change]}
        </span>{' '}
        {title(segment, shown)}
      </p>
      <Body segment={segment} />
    </li>
  );
}
