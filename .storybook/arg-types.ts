import type { ArgTypesEnhancer, SBType, StrictInputType } from 'storybook/internal/types';

/** What react-docgen-typescript leaves on a component: each prop's JSDoc tags, as written. */
interface DocgenInfo {
  props?: Record<string, { tags?: { default?: string } }>;
}

/** Defaults the docgen reads from the code (where the JSDoc names none), spelled as a reader would write them. */
const DEFAULT_SPELLING: Record<string, string> = { 'Object.freeze({})': '{}', '{ }': '{}' };

/** Types that are not data (objects with methods, made by a factory): a JSON editor cannot make one. */
const NOT_DATA = new Set(['HtmlSanitizer']);

/**
 * A member of a union that only refuses some literals at compile time: `('' | '.' | '..') & { readonly
 * "this id ... cannot be sent in a URL path": never }`. No value has that type (the brand is `never`); it is
 * there for the error message.
 */
const REFUSED_LITERALS = /^\(?\(?[^()]*\)? & \{ readonly "[^"]*": never; \}\)?$/;

/** The members of a union type as the docgen writes it, split at its top level only. */
function unionMembers(type: string): string[] {
  const members: string[] = [];
  let depth = 0;
  let start = 0;
  for (let index = 0; index < type.length; index += 1) {
    const character = type[index];
    if (character === '(' || character === '{' || character === '<' || character === '[') depth += 1;
    else if (character === ')' || character === '}' || character === '>' || character === ']') depth -= 1;
    else if (character === '|' && depth === 0) {
      members.push(type.slice(start, index).trim());
      start = index + 1;
    }
  }
  return [...members, type.slice(start).trim()];
}

/**
 * The type as a reader writes it: the union written out where the docgen only says `union`, and the
 * compile-time refusals of an id or a version left out (`IdOption` takes any `string` but `''`, `'.'` and
 * `'..'`; with the typegen registry, the registered ids, which the docgen writes as their union).
 */
function readableType(argType: StrictInputType): string | undefined {
  const summary = argType.table?.type?.summary;
  const raw = (argType.type as { raw?: string } | undefined)?.raw;
  if (raw && (summary === 'union' || summary === 'Readonly' || summary === 'other')) return raw;
  if (summary === undefined) return undefined;
  const kept = unionMembers(summary).filter((member) => !REFUSED_LITERALS.test(member));
  return kept.length > 0 ? kept.join(' | ') : summary;
}

/**
 * The type Storybook picks a control by: a plain `string`, `number` or `boolean` gets a text, number or
 * checkbox control; so does a `string` that may also be a list of strings (a locale and its fallbacks).
 */
function controlType(readable: string | undefined, type: SBType | undefined): SBType | undefined {
  if (readable === 'number' || readable === 'boolean') return { ...type, name: readable };
  const textual = readable !== undefined && unionMembers(readable).every((member) => /^(readonly )?string(\[\])?$/.test(member));
  return textual ? { ...type, name: 'string' } : type;
}

/**
 * Props tables as a reader expects them: the default as the JSDoc's `@default` writes it (`'local'`, `the
 * user's time zone`, a renderer's code), where the docgen would quote prose, call code `element` or show a
 * module constant's initializer; union types written out; an id or a version as `string` with a text
 * control, not its compile-time refusals with a JSON editor; no control for what no JSON can be. The JSDoc
 * and the types stay the source of truth; this only spells what the docgen spelled as the checker does.
 */
export const cleanArgTypes: ArgTypesEnhancer = ({ argTypes, component }) => {
  const documented = (component as { __docgenInfo?: DocgenInfo } | undefined)?.__docgenInfo?.props ?? {};
  const cleaned: typeof argTypes = {};
  for (const [name, argType] of Object.entries(argTypes)) {
    const fromCode = argType.table?.defaultValue?.summary;
    const value = documented[name]?.tags?.default ?? (fromCode === undefined ? undefined : (DEFAULT_SPELLING[fromCode] ?? fromCode));
    const summary = readableType(argType);
    cleaned[name] = {
      ...argType,
      type: controlType(summary, argType.type),
      ...(summary !== undefined && NOT_DATA.has(summary) ? { control: false } : {}),
      table: {
        ...argType.table,
        ...(summary === undefined ? {} : { type: { ...argType.table?.type, summary } }),
        defaultValue: value === undefined || value === 'undefined' ? undefined : { summary: value },
      },
    };
  }
  return cleaned;
};
