'use client';

import { memo, useId } from 'react';
import type { CatalogOverride } from '../../catalog/catalog.ts';
import { englishComponentWords } from '../../catalog/english-components.ts';
import { useCatalog } from '../shared/useCatalog.ts';
import { type PreviewValues, ownValue } from './preview-variables.ts';

/** Props of `VariablesForm`. */
export interface VariablesFormProps {
  /** Variable names, one input each, in this order. */
  variables: readonly string[];
  /** Current text of each variable (dotted names as flat keys); absent names show empty inputs. */
  values: PreviewValues;
  /** Called with a variable's name and its new text on every edit. Keep it stable (`useCallback`). */
  onChange: (name: string, value: string) => void;
  /** The fieldset's legend. @default the catalog's `variables.legend` ('Variables') */
  legend?: string;
  /** Shown instead of inputs when there are no variables. @default the catalog's `variables.empty` ('No variables to fill in.') */
  emptyText?: string;
  /** The form's words, over the provider's catalog. @default the provider's catalog, else `englishCatalog` */
  catalog?: CatalogOverride;
}

/**
 * One labelled text input per template variable, in a fieldset. Memoized: it re-renders only when its
 * props change.
 *
 * @example
 * <VariablesForm variables={['name', 'customer.name']} values={values} onChange={setValue} />
 */
export const VariablesForm = memo(function VariablesForm({
  variables,
  values,
  onChange,
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
      {variables.map((name, index) => (
        <div className="pcr-variables-form__field" key={name}>
          <label className="pcr-variables-form__label" htmlFor={`${baseId}-${index}`}>
            {name}
          </label>
          <input
            className="pcr-variables-form__input"
            id={`${baseId}-${index}`}
            type="text"
            autoComplete="off"
            spellCheck={false}
            value={ownValue(values, name) ?? ''}
            onChange={(event) => onChange(name, event.currentTarget.value)}
          />
        </div>
      ))}
    </fieldset>
  );
});
