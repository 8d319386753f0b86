import type { ComposerSegment } from '../../api/types.ts';
import { extractVariables } from '../../template/parse.ts';

/** Flat form state of a preview: dotted variable names (`customer.name`) map to the typed text. */
export type PreviewValues = Readonly<Record<string, string>>;

/**
 * The unique variables of some templates, in order of first appearance. `null` and `undefined` entries
 * are skipped.
 *
 * @example
 * collectVariables(['Hi ${name}', 'Dear ${ customer.name }, ${name}']) // ['name', 'customer.name']
 */
export function collectVariables(templates: ReadonlyArray<string | null | undefined>): string[] {
  const names = new Set<string>();
  for (const template of templates) {
    if (template) for (const name of extractVariables(template)) names.add(name);
  }
  return [...names];
}

/** The variables of every prompt segment of a composer (system message first, then user message). */
export function composerVariables(segments: readonly ComposerSegment[]): string[] {
  return collectVariables(segments.flatMap((segment) => (segment.type === 'prompt' ? [segment.systemMessage, segment.userMessage] : [])));
}

/**
 * The text of `name` in `values`, own properties only: a variable named `constructor`, `toString` or
 * `__proto__` must not read `Object.prototype`.
 */
export function ownValue(values: PreviewValues, name: string): string | undefined {
  return Object.hasOwn(values, name) ? values[name] : undefined;
}

/**
 * A copy of `values` without a prototype, so `__proto__` is a plain key and no name reads
 * `Object.prototype`.
 */
export function copyValues(values: PreviewValues | undefined): Record<string, string> {
  return Object.assign(Object.create(null) as Record<string, string>, values);
}

/** `values` with one name set; an empty text removes the name, so its placeholder shows as unfilled. */
export function withValue(values: PreviewValues, name: string, value: string): PreviewValues {
  const current = ownValue(values, name);
  if (value === '' ? current === undefined : current === value) return values;
  const copy = copyValues(values);
  if (value === '') delete copy[name];
  else copy[name] = value;
  return copy;
}
