import type { DiffCatalog } from '../../../catalog/catalog.ts';
import type { FieldChange } from '../model/field-changes.ts';
import { Added, Removed, Value, ValueDiff } from './Marks.tsx';

function Values({ change, words }: { change: FieldChange; words: DiffCatalog }) {
  switch (change.change) {
    case 'added':
      return (
        <Added words={words}>
          <Value value={change.after} code words={words} />
        </Added>
      );
    case 'removed':
      return (
        <Removed words={words}>
          <Value value={change.before} code words={words} />
        </Removed>
      );
    case 'changed':
      return <ValueDiff before={change.before} after={change.after} code words={words} />;
  }
}

/**
 * Structured data field by field: each field that changed (its path in code, `customer.plan`), a badge that
 * says how in words (added, removed, changed), and its values as JSON: the new one inserted, the old one
 * deleted, or both with an arrow between them.
 */
export function FieldChanges({ changes, words }: { changes: readonly FieldChange[]; words: DiffCatalog }) {
  return (
    <ul className="pcr-fields">
      {changes.map((change) => (
        <li key={change.path} className="pcr-fields__field" data-change={change.change}>
          {change.path ? <code className="pcr-fields__path">{change.path}</code> : null}
          <span className="pcr-diff__badge" data-change={change.change}>
            {words.diff.badges[change.change]}
          </span>
          <span className="pcr-fields__values">
            <Values change={change} words={words} />
          </span>
        </li>
      ))}
    </ul>
  );
}
