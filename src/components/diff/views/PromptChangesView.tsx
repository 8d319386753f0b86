import type { DiffCatalog } from '../../../catalog/catalog.ts';
import type { DiffRow } from '../model/line-diff.ts';
import { changesSummary, type PromptChanges } from '../model/prompt-changes.ts';
import { ChangeList } from './ChangeList.tsx';
import { type DiffLayout, LineDiff } from './LineDiff.tsx';

interface MessageProps {
  term: string;
  kind: 'system' | 'user';
  rows: readonly DiffRow[] | null;
  layout: DiffLayout;
  words: DiffCatalog;
}

function Message({ term, kind, rows, layout, words }: MessageProps) {
  return (
    <div className="pcr-diff__message" data-change={rows ? 'changed' : 'same'}>
      <dt>{term}</dt>
      <dd>{rows ? <LineDiff rows={rows} kind={kind} layout={layout} words={words} /> : <p className="pcr-diff__unchanged">{words.diff.unchanged}</p>}</dd>
    </div>
  );
}

/** What changed between two versions of a prompt, below a heading: the summary, the settings, the messages' line diffs. */
export function PromptChangesView({ changes, layout, words }: { changes: PromptChanges; layout: DiffLayout; words: DiffCatalog }) {
  return (
    <>
      <p className="pcr-diff__summary">{changesSummary(changes, words)}</p>
      <ChangeList name={changes.name} config={changes.config} variables={changes.variables} words={words} />
      {changes.identical ? null : (
        <dl className="pcr-diff__messages">
          <Message term={words.diff.rows.systemMessage} kind="system" rows={changes.systemMessage} layout={layout} words={words} />
          <Message term={words.diff.rows.userMessage} kind="user" rows={changes.userMessage} layout={layout} words={words} />
        </dl>
      )}
    </>
  );
}
