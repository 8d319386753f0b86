import type { ReactNode } from 'react';
import type { DiffCatalog } from '../../../catalog/catalog.ts';
import { fillParts } from '../../../catalog/format.ts';
import { type ConfigChanges, type NamesChange, namesChanged, type ValueChange } from '../model/prompt-changes.ts';
import { FieldChanges } from './FieldChanges.tsx';
import { NameList, Parts, ValueDiff } from './Marks.tsx';

const placeholder = (name: string) => `\${${name}}`;

/** The variables added and removed, in the catalog's words: "Adds `${a}` and `${b}`; removes `${c}`." */
function VariablesSentence({ change, words }: { change: NamesChange; words: DiffCatalog }) {
  const { names } = words.diff;
  const clauses = (['added', 'removed'] as const)
    .filter((kind) => change[kind].length > 0)
    .map((kind, index) => (
      <span key={kind} data-change={kind}>
        <Parts parts={fillParts(names[kind][index === 0 ? 'opening' : 'following'], { names: <NameList names={change[kind]} words={words} format={placeholder} /> }, words.locale)} />
      </span>
    ));
  const joined = clauses.flatMap((clause, index) => (index === 0 ? [clause] : [names.separator, clause]));
  return <Parts parts={fillParts(names.sentence, { clauses: <Parts parts={joined} /> }, words.locale)} />;
}

function Row({ term, change, children }: { term: string; change: string; children: ReactNode }) {
  return (
    <div className="pcr-diff__change" data-change={change}>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/**
 * The settings that changed, one row each: name, model, temperature, input data root (old value removed,
 * new one added), the schema's fields and the input data's field by field, and the variables in words.
 * Nothing when nothing changed.
 */
export function ChangeList({ name, config, variables, words }: { name?: ValueChange | null; config: ConfigChanges; variables?: NamesChange; words: DiffCatalog }) {
  const { rows: terms } = words.diff;
  const values = name ? [name, ...config.values] : config.values;
  const rows = [
    ...values.map((value) => (
      <Row key={value.setting} term={terms[value.setting]} change="changed">
        <ValueDiff before={value.before} after={value.after} words={words} />
      </Row>
    )),
    config.schema.length > 0 ? (
      <Row key="schema" term={terms.schema} change="changed">
        <FieldChanges changes={config.schema} words={words} />
      </Row>
    ) : null,
    config.inputData.length > 0 ? (
      <Row key="input" term={terms.inputData} change="changed">
        <FieldChanges changes={config.inputData} words={words} />
      </Row>
    ) : null,
    variables && namesChanged(variables) ? (
      <Row key="variables" term={terms.variables} change="changed">
        <VariablesSentence change={variables} words={words} />
      </Row>
    ) : null,
  ].filter(Boolean);
  return rows.length > 0 ? <dl className="pcr-diff__changes">{rows}</dl> : null;
}
