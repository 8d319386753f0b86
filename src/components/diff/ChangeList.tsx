import type { ReactNode } from 'react';
import { NameList, ValueDiff } from './DiffText.tsx';
import { type ConfigChanges, type NamesChange, namesChanged, type ValueChange } from './prompt-changes.ts';

const placeholder = (name: string) => `\${${name}}`;

/** A list change in words: "Adds `a` and `b`; removes `c`; changes `d`." */
function NamesSentence({ change, format }: { change: NamesChange; format?: (name: string) => string }) {
  const clauses = (
    [
      ['adds', change.added],
      ['removes', change.removed],
      ['changes', change.changed],
    ] as const
  ).filter(([, names]) => names.length > 0);
  return clauses.map(([verb, names], index) => (
    <span key={verb} data-change={verb === 'adds' ? 'added' : verb === 'removes' ? 'removed' : 'changed'}>
      {index === 0 ? verb.charAt(0).toUpperCase() + verb.slice(1) : `; ${verb}`} <NameList names={names} format={format} />
      {index === clauses.length - 1 ? '.' : ''}
    </span>
  ));
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
export function ChangeList({ name, config, variables }: { name?: ValueChange | null; config: ConfigChanges; variables?: NamesChange }) {
  const values = name ? [name, ...config.values] : config.values;
  const rows = [
    ...values.map((value) => (
      <Row key={value.name} term={value.name} change="changed">
        <ValueDiff before={value.before} after={value.after} />
      </Row>
    )),
    namesChanged(config.schema) ? (
      <Row key="schema" term="Schema fields" change="changed">
        <NamesSentence change={config.schema} />
      </Row>
    ) : null,
    config.inputData ? (
      <Row key="input" term="Input data" change="changed">
        Changed
      </Row>
    ) : null,
    variables && namesChanged(variables) ? (
      <Row key="variables" term="Variables" change="changed">
        <NamesSentence change={variables} format={placeholder} />
      </Row>
    ) : null,
  ].filter(Boolean);
  return rows.length > 0 ? <dl className="pcr-diff__changes">{rows}</dl> : null;
}
