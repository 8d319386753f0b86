// The text of the declaration file `typegen` writes: the account's prompts and composers as a `Register`
// augmentation. Pure and deterministic (sorted, no dates), so `--check` can compare it byte for byte.
import type { Composer, Prompt } from '../api/types.ts';
import { extractVariables } from '../template/parse.ts';

/** One variable name segment: a leaf when it has no children; `required` when some use of it is. */
interface VariableNode {
  required: boolean;
  children: Map<string, VariableNode>;
}

/** A version's variables, or `null` when the service does not list them. */
type Variables = Map<string, VariableNode> | null;

interface Entry {
  id: string;
  latest: string;
  versions: Map<string, Variables>;
}

/** Code-point order: the same on every machine and locale. */
function byCodePoint(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Two runs of digits by their value, at any length: `9` before `10`, `007` equal to `7`. */
function byValue(a: string, b: string): number {
  const x = a.replace(/^0+(?=\d)/, '');
  const y = b.replace(/^0+(?=\d)/, '');
  return x.length - y.length || byCodePoint(x, y);
}

/** `1.9.0` before `1.10.0`: runs of digits compare by value, the rest by code point. */
function compareVersions(a: string, b: string): number {
  const left = a.match(/\d+|\D+/g) ?? [];
  const right = b.match(/\d+|\D+/g) ?? [];
  for (let index = 0; index < Math.min(left.length, right.length); index++) {
    const x = left[index] as string;
    const y = right[index] as string;
    const order = /^\d/.test(x) && /^\d/.test(y) ? byValue(x, y) : byCodePoint(x, y);
    if (order !== 0) return order;
  }
  return left.length - right.length || byCodePoint(a, b);
}

/** Adds dotted `names` to a tree: `customer.name` becomes `customer: { name }`. */
function addNames(tree: Map<string, VariableNode>, names: Iterable<string>, required: boolean): void {
  for (const name of names) {
    let level = tree;
    for (const segment of name.split('.')) {
      const node = level.get(segment) ?? { required: false, children: new Map() };
      node.required ||= required;
      level.set(segment, node);
      level = node.children;
    }
  }
}

function variablesOf(required: Iterable<string>, optional: Iterable<string> = []): Map<string, VariableNode> {
  const tree = new Map<string, VariableNode>();
  addNames(tree, required, true);
  addNames(tree, optional, false);
  return tree;
}

/**
 * A prompt's versions. The latest version's variables are those of both of its messages (the list holds
 * both). An older version's list entry holds its user message only: its variables are required, and the
 * latest system message's variables are optional (that version's system message may or may not use them).
 */
function promptEntry(prompt: Prompt): Entry {
  const systemNames = extractVariables(prompt.systemMessage);
  const versions = new Map<string, Variables>();
  for (const { version, userMessage } of prompt.publishedVersions ?? []) {
    versions.set(version, userMessage === undefined ? null : variablesOf(extractVariables(userMessage), systemNames));
  }
  const latestUser = prompt.publishedVersions?.find((entry) => entry.version === prompt.version)?.userMessage ?? prompt.userMessage;
  versions.set(prompt.version, variablesOf([...extractVariables(latestUser), ...systemNames]));
  return { id: prompt.promptId, latest: prompt.version, versions };
}

/** A composer's versions: the variables of the latest one's prompt segments (older ones are not listed). */
function composerEntry(composer: Composer): Entry {
  const versions = new Map<string, Variables>();
  for (const { version } of composer.publishedVersions ?? []) versions.set(version, null);
  const names = composer.segments.flatMap((segment) =>
    segment.type === 'prompt' ? [...extractVariables(segment.systemMessage), ...extractVariables(segment.userMessage)] : [],
  );
  versions.set(composer.version, variablesOf(names));
  return { id: composer.composerId, latest: composer.version, versions };
}

/** A property name as written in a type literal: bare when it is a plain identifier, else quoted. */
function key(name: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? name : quote(name);
}

/**
 * Characters a diff would not show: controls, format characters (bidi overrides such as U+202E, zero-width
 * U+200B), line and paragraph separators (U+2028, U+2029), spaces other than U+0020, and the other
 * default-ignorable code points (U+3164 HANGUL FILLER, a valid letter of a variable name).
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Zs}\p{Default_Ignorable_Code_Point}]/gu;

/** `\uXXXX` (or `\u{XXXXX}` past the BMP) for one character. */
function unicodeEscape(character: string): string {
  const code = character.codePointAt(0) as number;
  return code > 0xffff ? `\\u{${code.toString(16)}}` : `\\u${code.toString(16).padStart(4, '0')}`;
}

/** A single-quoted TypeScript string literal, with every character a diff would not show escaped. */
function quote(text: string): string {
  const escaped = JSON.stringify(text).slice(1, -1).replace(/\\"/g, '"').replace(/'/g, "\\'");
  return `'${escaped.replace(INVISIBLE, (character) => (character === ' ' ? character : unicodeEscape(character)))}'`;
}

function indent(depth: number): string {
  return '  '.repeat(depth);
}

function variablesType(tree: Map<string, VariableNode>, depth: number): string {
  // An empty record of `never`, not `{}`: `{}` would take any object, unknown names included.
  if (tree.size === 0) return 'Record<string, never>';
  const lines = [...tree.keys()].sort(byCodePoint).map((name) => {
    const node = tree.get(name) as VariableNode;
    const type = node.children.size === 0 ? 'VariableValue' : variablesType(node.children, depth + 1);
    return `${indent(depth + 1)}${key(name)}${node.required ? '' : '?'}: ${type};`;
  });
  return `{\n${lines.join('\n')}\n${indent(depth)}}`;
}

function entriesType(entries: Entry[], depth: number): string {
  if (entries.length === 0) return 'Record<never, never>';
  const lines: string[] = [];
  for (const entry of [...entries].sort((a, b) => byCodePoint(a.id, b.id))) {
    lines.push(`${indent(depth + 1)}${key(entry.id)}: {`, `${indent(depth + 2)}latest: ${quote(entry.latest)};`, `${indent(depth + 2)}versions: {`);
    for (const version of [...entry.versions.keys()].sort(compareVersions)) {
      const variables = entry.versions.get(version);
      lines.push(`${indent(depth + 3)}${quote(version)}: {`);
      lines.push(`${indent(depth + 4)}variables: ${variables ? variablesType(variables, depth + 4) : 'unknown'};`);
      lines.push(`${indent(depth + 3)}};`);
    }
    lines.push(`${indent(depth + 2)}};`, `${indent(depth + 1)}};`);
  }
  return `{\n${lines.join('\n')}\n${indent(depth)}}`;
}

/** The header: what wrote the file and how to read it. No date or address, so `--check` stays stable. */
const HEADER = `/* eslint-disable */
// Generated by \`prompt-composer-react typegen\`: the prompts and composers the account has published, as
// types. Do not edit. Run the command again after publishing, and with --check in CI (see the package's
// docs/typegen.md).
//
// Variables per version, dotted names as nested objects. A prompt's latest version: both messages. Older
// versions: the service lists their user message only, so the latest system message's names are optional.
// A composer's latest version: every prompt segment; older versions are not listed (\`unknown\`).
`;

/** The declaration file for these lists (as `GET /prompts?include_versions=true` and `/composers` return them). */
export function registrySource(prompts: readonly Prompt[], composers: readonly Composer[]): string {
  const promptsType = entriesType(prompts.map(promptEntry), 2);
  const composersType = entriesType(composers.map(composerEntry), 2);
  // The import makes the file a module, so `declare module` augments the package instead of replacing it.
  const usesValue = /\bVariableValue\b/.test(promptsType + composersType);
  const moduleLine = usesValue ? "import type { VariableValue } from 'prompt-composer-react';" : 'export {};';
  return `${HEADER}
${moduleLine}

declare module 'prompt-composer-react' {
  interface Register {
    prompts: ${promptsType};
    composers: ${composersType};
  }
}
`;
}
