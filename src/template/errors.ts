const brand = Symbol.for('prompt-composer-react.MissingVariablesError');

/**
 * Thrown by `interpolate` (and `chatMessages`) with `missing: 'throw'` when variables have no usable value.
 * Lists every missing name at once, not only the first.
 *
 * @example
 * try { interpolate(template, values, { missing: 'throw' }) } catch (error) {
 *   if (isMissingVariablesError(error)) highlightFields(error.names)
 * }
 */
export class MissingVariablesError extends Error {
  override name = 'MissingVariablesError';
  /** Every missing variable name, dotted names as written, unique, in order of first appearance. */
  readonly names: string[];

  constructor(names: readonly string[]) {
    const list = names.join(', ');
    super(`Missing ${names.length === 1 ? 'a value for template variable' : 'values for template variables'}: ${list}`);
    this.names = [...names];
    Object.defineProperty(this, brand, { value: true });
  }
}

/**
 * Whether `value` is a `MissingVariablesError`, also when it comes from another realm or another copy of
 * this package.
 */
export function isMissingVariablesError(value: unknown): value is MissingVariablesError {
  return typeof value === 'object' && value !== null && brand in value;
}
