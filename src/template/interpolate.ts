import { MissingVariablesError } from './errors.ts';
import { createLookup, type TemplateValues } from './lookup.ts';
import { parseTemplate } from './parse.ts';

/**
 * What happens to a placeholder without a usable value:
 * - `'keep'`: its raw text stays, for example `${ name }`;
 * - `'empty'`: it is replaced by an empty string;
 * - `'throw'`: a `MissingVariablesError` listing every missing name is thrown.
 */
export type MissingMode = 'keep' | 'empty' | 'throw';

/** Options of `interpolate` and `chatMessages`. */
export interface InterpolateOptions {
  /**
   * What happens to a placeholder whose value is missing (absent, not an own property, `null`,
   * `undefined`, a function, a symbol, or not representable as text).
   * @default 'keep'
   */
  missing?: MissingMode;
}

/** A placeholder after lookup. */
export interface InterpolatedVariable {
  type: 'variable';
  /** The name as written, for example `customer.name`. */
  name: string;
  /** The exact source text of the placeholder, for example `${ customer.name }`. */
  raw: string;
  /** The value as text, or `undefined` when missing. */
  value: string | undefined;
  /** Whether a value was found. An empty string counts as found. */
  filled: boolean;
}

/** One piece of an interpolated template: literal text, or a placeholder with its looked-up value. */
export type InterpolatedPart = { type: 'text'; value: string } | InterpolatedVariable;

/**
 * Looks up every placeholder of `template` in `values` without joining the result, so a UI can mark
 * filled values and flag unfilled ones. `interpolate` is built on it.
 *
 * Lookups read own properties only (`${constructor}` is missing on `{}`), dotted names walk nested
 * objects (or read an own key spelled like the whole dotted name first). Strings are used as they are;
 * numbers, booleans and bigints as `String(value)`; Dates as `toISOString()`; other objects and arrays as
 * `JSON.stringify`. Nothing is evaluated, and values are never scanned for placeholders.
 *
 * @example
 * interpolateParts('Hi ${name}${x}', { name: 'Ada' })
 * // [{ type: 'text', value: 'Hi ' },
 * //  { type: 'variable', name: 'name', raw: '${name}', value: 'Ada', filled: true },
 * //  { type: 'variable', name: 'x', raw: '${x}', value: undefined, filled: false }]
 */
export function interpolateParts(template: string, values: TemplateValues): InterpolatedPart[] {
  const lookup = createLookup(values);
  return parseTemplate(template).map((token): InterpolatedPart => {
    if (token.type === 'text') return token;
    const value = lookup(token.name, token.path);
    return { type: 'variable', name: token.name, raw: token.raw, value, filled: value !== undefined };
  });
}

/** The unique names of the unfilled variables among `parts`, in order of first appearance. */
export function missingNames(parts: readonly InterpolatedPart[]): string[] {
  const names = new Set<string>();
  for (const part of parts) {
    if (part.type === 'variable' && !part.filled) names.add(part.name);
  }
  return [...names];
}

/** Joins parts into text; unfilled placeholders become nothing with `'empty'`, else their raw text. */
export function joinParts(parts: readonly InterpolatedPart[], missing: MissingMode): string {
  let text = '';
  for (const part of parts) {
    if (part.type === 'text') text += part.value;
    else text += part.value ?? (missing === 'empty' ? '' : part.raw);
  }
  return text;
}

/** One text per template, in the same order. */
type Texts<Templates extends readonly string[]> = { [Index in keyof Templates]: string };

/**
 * Interpolates several templates with the same values and options: `interpolate` and `chatMessages` are
 * built on it. With `missing: 'throw'`, one `MissingVariablesError` lists the missing names of them all.
 */
export function interpolateAll<const Templates extends readonly string[]>(
  templates: Templates,
  values: TemplateValues,
  options: InterpolateOptions | undefined,
): Texts<Templates> {
  const missing = options?.missing ?? 'keep';
  // Validated at run time too: plain JavaScript callers get no type check.
  if (missing !== 'keep' && missing !== 'empty' && missing !== 'throw') {
    throw new TypeError(`Unknown missing mode ${JSON.stringify(missing)}: expected 'keep', 'empty' or 'throw'`);
  }
  const parts = templates.map((template) => interpolateParts(template, values));
  if (missing === 'throw') {
    const names = missingNames(parts.flat());
    if (names.length > 0) throw new MissingVariablesError(names);
  }
  return parts.map((templateParts) => joinParts(templateParts, missing)) as Texts<Templates>;
}

/**
 * Fills the `${name}` placeholders of `template` from `values`. Linear in the template's length, and
 * never evaluates anything. See `parseTemplate` for what a placeholder is and `interpolateParts` for how
 * values are looked up and written.
 *
 * @throws {MissingVariablesError} with `missing: 'throw'`, listing every missing name.
 * @example
 * interpolate('Dear ${ customer.name }, ${greeting}', { customer: { name: 'Ada' } })
 * // 'Dear Ada, ${greeting}'
 * interpolate('Dear ${name}', {}, { missing: 'empty' }) // 'Dear '
 */
export function interpolate(template: string, values: TemplateValues, options?: InterpolateOptions): string {
  const [text] = interpolateAll([template], values, options);
  return text;
}
