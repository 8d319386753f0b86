/** A run of literal text in a template, placeholders that are not valid names included. */
export interface TemplateTextToken {
  type: 'text';
  /** The text exactly as written. */
  value: string;
}

/** A `${name}` placeholder in a template. */
export interface TemplateVariableToken {
  type: 'variable';
  /** The name as written, without the surrounding whitespace, for example `customer.name`. */
  name: string;
  /** The name split at its dots, for example `['customer', 'name']`. */
  path: string[];
  /** The exact source text of the placeholder, for example `${ customer.name }`. */
  raw: string;
  /** Offset of the placeholder's `$` in the template. */
  start: number;
  /** Offset just past the placeholder's `}`: `template.slice(start, end) === raw`. */
  end: number;
}

/** One piece of a parsed template. Joining each text token's `value` and each variable's `raw` gives back the template. */
export type TemplateToken = TemplateTextToken | TemplateVariableToken;

/**
 * `${`, then anything without a brace, then `}`. Each match attempt stops at the next brace, so the scan
 * is linear in the template's length; nested `${a${b}}` matches the innermost `${b}`.
 */
const PLACEHOLDER = /\$\{([^{}]*)\}/g;

/**
 * One or more dot-separated segments. A segment starts with a Unicode letter, `_` or `$` and goes on with
 * letters, combining marks, decimal digits, `_`, `$` or `-`. Segments cannot hold a dot, so the match is
 * unambiguous and linear.
 */
const NAME = /^[\p{L}_$][\p{L}\p{M}\p{Nd}_$-]*(?:\.[\p{L}_$][\p{L}\p{M}\p{Nd}_$-]*)*$/u;

/**
 * Splits a template into literal text and `${name}` placeholders. Nothing is evaluated.
 *
 * - Whitespace inside the braces is allowed and trimmed: `${ name }` is the variable `name`.
 * - A name is dot-separated segments (`customer.name`); each segment starts with a letter, `_` or `$`
 *   and goes on with letters, digits, `_`, `$` or `-`. Any other `${...}` (`${}`, `${1+1}`, `${a b}`)
 *   is literal text.
 * - An unterminated `${` is literal text; in `${a${b}}` only `${b}` is a placeholder.
 * - There is no escape syntax. Adjacent text is merged into one token, and text tokens are never empty.
 *
 * @example
 * parseTemplate('Hi ${ user.name }!')
 * // [{ type: 'text', value: 'Hi ' },
 * //  { type: 'variable', name: 'user.name', path: ['user', 'name'], raw: '${ user.name }', start: 3, end: 17 },
 * //  { type: 'text', value: '!' }]
 */
export function parseTemplate(template: string): TemplateToken[] {
  const tokens: TemplateToken[] = [];
  let textStart = 0;
  for (const match of template.matchAll(PLACEHOLDER)) {
    const name = (match[1] ?? '').trim();
    if (!NAME.test(name)) continue;
    const start = match.index;
    const raw = match[0];
    if (start > textStart) tokens.push({ type: 'text', value: template.slice(textStart, start) });
    textStart = start + raw.length;
    tokens.push({ type: 'variable', name, path: name.split('.'), raw, start, end: textStart });
  }
  if (textStart < template.length) tokens.push({ type: 'text', value: template.slice(textStart) });
  return tokens;
}

/**
 * The unique variable names of a template, dotted names as written (`customer.name`), in order of first
 * appearance. Uses the same rules as `parseTemplate`.
 *
 * @example
 * extractVariables('${a} ${ b.c } ${a} ${1+1}') // ['a', 'b.c']
 */
export function extractVariables(template: string): string[] {
  const names = new Set<string>();
  for (const token of parseTemplate(template)) {
    if (token.type === 'variable') names.add(token.name);
  }
  return [...names];
}
