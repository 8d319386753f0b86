'use client';

import { memo, useId } from 'react';
import type { CatalogOverride } from '../../catalog/catalog.ts';
import { englishComponentWords } from '../../catalog/english-components.ts';
import { useCatalog } from '../shared/useCatalog.ts';
import { type PreviewValues, ownValue } from './preview-variables.ts';

/** What an app says about one variable, for its input. */
export interface VariableField {
  /** The input's label, in the app's words. @default the variable's name (`customer.name`), as code */
  label?: string;
  /** A sentence under the label that says what to type (the input's description). @default none */
  description?: string;
  /** A text area of several lines instead of a one-line input (a message, a ticket's body). @default false */
  multiline?: boolean;
  /** The input's placeholder: an example, never the only label. @default none */
  placeholder?: string;
}

/** What an app says about its variables, by dotted name (`{ 'ticket.message': { label: 'Message', multiline: true } }`). */
export type VariableFields = Readonly<Record<string, VariableField>>;

/** Props of `VariablesForm`. */
export interface VariablesFormProps {
  /** Variable names, one input each, in this order. */
  variables: readonly string[];
  /** Current text of each variable (dotted names as flat keys); absent names show empty inputs. */
  values: PreviewValues;
  /** Called with a variable's name and its new text on every edit. Keep it stable (`useCallback`). */
  onChange: (name: string, value: string) => void;
  /**
   * What the app says about its variables: a label, a description, a text area, a placeholder, by name. A name
   * it leaves out gets a one-line input labelled with the name itself. Compared by identity: define it once,
   * outside render.
   * @default {}
   */
  fields?: VariableFields;
  /** The fieldset's legend. @default the catalog's `variables.legend` ('Variables') */
  legend?: string;
  /** Shown instead of inputs when there are no variables. @default the catalog's `variables.empty` ('No variables to fill in.') */
  emptyText?: string;
  /** The form's words, over the provider's catalog. @default the provider's catalog, else `englishCatalog` */
  catalog?: CatalogOverride;
}

const NO_FIELDS: VariableFields = {};

/**
 * One labelled input per template variable, in a fieldset: a one-line text input, or a text area where
 * `fields` asks for several lines, with the app's label, description (`aria-describedby`) and placeholder.
 * Memoized: it re-renders only when its props change.
 *
 * @example
 * <VariablesForm variables={['name', 'ticket.message']} values={values} onChange={setValue}
 *   fields={{ 'ticket.message': { label: 'Customer message', multiline: true } }} />
 */
export const VariablesForm = memo(function VariablesForm({
  variables,
  values,
  onChange,
  fields = NO_FIELDS,
  legend,
  emptyText,
  catalog,
}: VariablesFormProps) {
  const baseId = useId();
  const words = useCatalog(catalog, englishComponentWords);
  return (
    <fieldset className="pcr-variables-form">
      <legend className="pcr-variables-form__legend">{legend ?? words.variables.legend}</legend>
      {variables.length === 0 ? <p className="pcr-variables-form__empty">{emptyText ?? words.variables.empty}</p> : null}
      {variables.map((name, index) => {
        const id = `${baseId}-${index}`;
        // Own properties only: a variable named `constructor` reads no prototype.
        const field: VariableField = Object.hasOwn(fields, name) ? (fields[name] as VariableField) : {};
        const input = {
          className: 'pcr-variables-form__input',
          id,
          autoComplete: 'off',
          spellCheck: false,
          placeholder: field.placeholder,
          'aria-describedby': field.description ? `${id}-description` : undefined,
          value: ownValue(values, name) ?? '',
          onChange: (event: { currentTarget: { value: string } }) => onChange(name, event.currentTarget.value),
        };
        return (
          <div className="pcr-variables-form__field" key={name}>
            <label className="pcr-variables-form__label" htmlFor={id} data-named={field.label ? 'label' : 'variable'}>
              {field.label ?? name}
            </label>
            {field.description ? (
              <p className="pcr-variables-form__description" id={`${id}-description`}>
                {field.description}
              </p>
            ) : null}
            {field.multiline ? <textarea {...input} rows={3} /> : <input {...input} type="text" />}
          </div>
        );
      })}
    </fieldset>
  );
});
