import { ChangeList } from './ChangeList.tsx';
import { DiffText } from './DiffText.tsx';
import { changesSummary, type PromptChanges } from './prompt-changes.ts';
import type { DiffPart } from './text-diff.ts';

function Message({ term, kind, parts }: { term: string; kind: 'system' | 'user'; parts: readonly DiffPart[] | null }) {
  return (
    <div className="pcr-diff__message" data-change={parts ? 'changed' : 'same'}>
      <dt>{term}</dt>
      <dd>{parts ? <DiffText parts={parts} kind={kind} /> : <p className="pcr-diff__unchanged">Unchanged</p>}</dd>
    </div>
  );
}

/** What changed between two versions of a prompt, below a heading: the summary, the settings, the messages. */
export function PromptChangesView({ changes }: { changes: PromptChanges }) {
  return (
    <>
      <p className="pcr-diff__summary">{changesSummary(changes)}</p>
      <ChangeList name={changes.name} config={changes.config} variables={changes.variables} />
      {changes.identical ? null : (
        <dl className="pcr-diff__messages">
          <Message term="System message" kind="system" parts={changes.systemMessage} />
          <Message term="User message" kind="user" parts={changes.userMessage} />
        </dl>
      )}
    </>
  );
}
