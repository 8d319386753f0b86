import type { DiffCatalog } from '../../catalog/catalog.ts';
import { ChangeList } from './ChangeList.tsx';
import { DiffText } from './DiffText.tsx';
import { changesSummary, type PromptChanges } from './prompt-changes.ts';
import type { DiffPart } from './text-diff.ts';

function Message({ term, kind, parts, words }: { term: string; kind: 'system' | 'user'; parts: readonly DiffPart[] | null; words: DiffCatalog }) {
  return (
    <div className="pcr-diff__message" data-change={parts ? 'changed' : 'same'}>
      <dt>{term}</dt>
      <dd>{parts ? <DiffText parts={parts} kind={kind} words={words} /> : <p className="pcr-diff__unchanged">{words.diff.unchanged}</p>}</dd>
    </div>
  );
}

/** What changed between two versions of a prompt, below a heading: the summary, the settings, the messages. */
export function PromptChangesView({ changes, words }: { changes: PromptChanges; words: DiffCatalog }) {
  return (
    <>
      <p className="pcr-diff__summary">{changesSummary(changes, words)}</p>
      <ChangeList name={changes.name} config={changes.config} variables={changes.variables} words={words} />
      {changes.identical ? null : (
        <dl className="pcr-diff__messages">
          <Message term={words.diff.rows.systemMessage} kind="system" parts={changes.systemMessage} words={words} />
          <Message term={words.diff.rows.userMessage} kind="user" parts={changes.userMessage} words={words} />
        </dl>
      )}
    </>
  );
}
