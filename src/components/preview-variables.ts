import type { ComposerSegment } from '../api/types.ts';
import { extractVariables } from '../template/parse.ts';

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

/** `values` with one name set; an empty text removes the name, so its placeholder shows as unfilled. */
export function withValue(values: PreviewValues, name: string, value: string): PreviewValues {
  if (value === '') {
    if (!Object.hasOwn(values, name)) return values;
    const { [name]: _removed, ...rest } = values;
    return rest;
  }
  return values[name] === value ? values : { ...values, [name]: value };
}
