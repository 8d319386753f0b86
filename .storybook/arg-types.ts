import type { ArgTypesEnhancer, StrictInputType } from 'storybook/internal/types';

/** A one-line JSDoc keeps its `@default` in the description react-docgen hands over; this finds it. */
const INLINE_DEFAULT = /\s*@default\s+(.*)$/s;

/** Defaults react-docgen reads from the code, spelled as a reader would write them. */
const DEFAULT_SPELLING: Record<string, string> = { 'Object.freeze({})': '{}' };

/** The type as written (`2 | 3 | 4 | 5`, `Prompt | PromptSegment`) where react-docgen only says `union`. */
function typeSummary(argType: StrictInputType): string | undefined {
  const summary = argType.table?.type?.summary;
  const raw = (argType.type as { raw?: string } | undefined)?.raw;
  if (raw && (summary === 'union' || summary === 'Readonly' || summary === 'other')) return raw;
  return summary;
}

/**
 * Props tables as a reader expects them: the default in the Default column (never `undefined`, never a
 * module constant's initializer), not as `@default ...` text in the description, and union types written
 * out. The JSDoc stays the source of truth; this only moves what react-docgen left in the wrong column.
 */
export const cleanArgTypes: ArgTypesEnhancer = ({ argTypes }) => {
  const cleaned: typeof argTypes = {};
  for (const [name, argType] of Object.entries(argTypes)) {
    const inline = argType.description?.match(INLINE_DEFAULT);
    const fromJsDoc = inline?.[1]?.trim();
    const fromCode = argType.table?.defaultValue?.summary;
    const value = fromCode ?? fromJsDoc;
    const defaultValue = value === undefined || value === 'undefined' ? undefined : { summary: DEFAULT_SPELLING[value] ?? value };
    const summary = typeSummary(argType);
    cleaned[name] = {
      ...argType,
      description: inline ? argType.description?.replace(INLINE_DEFAULT, '') : argType.description,
      table: {
        ...argType.table,
        ...(summary === undefined ? {} : { type: { ...argType.table?.type, summary } }),
        defaultValue,
      },
    };
  }
  return cleaned;
};
