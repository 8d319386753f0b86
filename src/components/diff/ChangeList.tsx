import type { ReactNode } from 'react';
import type { DiffCatalog } from '../../catalog/catalog.ts';
import { fillParts } from '../../catalog/format.ts';
import { NameList, Parts, ValueDiff } from './DiffText.tsx';
import { type ConfigChanges, type NamesChange, namesChanged, type ValueChange } from './prompt-changes.ts';

const placeholder = (name: string) => `\${${name}}`;

/** A list change in the catalog's words: "Adds `a` and `b`; removes `c`; changes `d`." */
function NamesSentence({ change, words, format }: { change: NamesChange; words: DiffCatalog; format?: (name: string) => string }) {
  const { names } = words.diff;
  const clauses = (['added', 'removed', 'changed'] as const)
    .filter((kind) => change[kind].length > 0)
    .map((kind, index) => (
      <span key={kind} data-change={kind}>
        <Parts parts={fillParts(names[kind][index === 0 ? 'opening' : 'following'], { names: <NameList names={change[kind]} words={words} format={format} /> }, words.locale)} />
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
 * new one added), schema fields and variables in words, and whether the input data changed. Nothing
 * when nothing changed.
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
    namesChanged(config.schema) ? (
      <Row key="schema" term={terms.schema} change="changed">
        <NamesSentence change={config.schema} words={words} />
      </Row>
    ) : null,
    config.inputData ? (
      <Row key="input" term={terms.inputData} change="changed">
        {words.diff.inputDataChanged}
      </Row>
    ) : null,
    variables && namesChanged(variables) ? (
      <Row key="variables" term={terms.variables} change="changed">
        <NamesSentence change={variables} words={words} format={placeholder} />
      </Row>
    ) : null,
  ].filter(Boolean);
  return rows.length > 0 ? <dl className="pcr-diff__changes">{rows}</dl> : null;
}
