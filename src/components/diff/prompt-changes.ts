import type { Prompt, PromptConfig, PromptSegment, SchemaField } from '../../api/types.ts';
import type { DiffCatalog, DiffSetting } from '../../catalog/catalog.ts';
import { enumerate, fillText } from '../../catalog/format.ts';
import { extractVariables } from '../../template/parse.ts';
import { type DiffPart, hasChanges, wordDiff } from './text-diff.ts';

/** A setting whose value changed, both values as text (`null`: none). */
export interface ValueChange {
  /** What changed: the catalog names it (`diff.rows`, `diff.changed`). */
  setting: DiffSetting;
  before: string | null;
  after: string | null;
}

/** Names added to and removed from a list (variables, schema fields), and those kept but changed. */
export interface NamesChange {
  added: string[];
  removed: string[];
  changed: string[];
}

/** How two configurations differ: settings, schema fields, and whether the input data changed. */
export interface ConfigChanges {
  values: ValueChange[];
  schema: NamesChange;
  inputData: boolean;
}

/** How two versions of a prompt differ. A message is `null` when it did not change. */
export interface PromptChanges {
  name: ValueChange | null;
  config: ConfigChanges;
  variables: NamesChange;
  systemMessage: DiffPart[] | null;
  userMessage: DiffPart[] | null;
  /** Whether nothing but (possibly) the version differs. */
  identical: boolean;
}

/** A configuration as the diff reads it: a prompt's, a prompt segment's (model and temperature only) or a composer's. */
export type ComparedConfig = Partial<Pick<PromptConfig, 'model' | 'temperature' | 'schema' | 'inputData' | 'inputDataRootName'>>;

const stableJson = (value: unknown) => JSON.stringify(value) ?? 'undefined';

/** Schema fields by `name` where they have one (the contract leaves their fields open), else by position. */
function fieldsByName(fields: readonly SchemaField[], words: DiffCatalog): Map<string, string> {
  const name = (field: SchemaField, index: number) => (typeof field.name === 'string' ? field.name : fillText(words.diff.unnamedField, { number: index + 1 }, words.locale));
  return new Map(fields.map((field, index) => [name(field, index), stableJson(field)]));
}

function compareNames(before: Map<string, string>, after: Map<string, string>): NamesChange {
  return {
    added: [...after.keys()].filter((name) => !before.has(name)),
    removed: [...before.keys()].filter((name) => !after.has(name)),
    changed: [...after.keys()].filter((name) => before.has(name) && before.get(name) !== after.get(name)),
  };
}

const shown = (value: string | number | null | undefined) => (value === null || value === undefined || value === '' ? null : String(value));

/** How `after` differs from `before`; settings that neither configuration has are skipped. */
export function compareConfig(before: ComparedConfig, after: ComparedConfig, words: DiffCatalog): ConfigChanges {
  const values: ValueChange[] = [];
  const settings = [['model', 'model'], ['temperature', 'temperature'], ['inputDataRoot', 'inputDataRootName']] as const;
  for (const [setting, key] of settings) {
    if (!(key in before) && !(key in after)) continue;
    if (before[key] !== after[key]) values.push({ setting, before: shown(before[key]), after: shown(after[key]) });
  }
  return {
    values,
    schema: compareNames(fieldsByName(before.schema ?? [], words), fieldsByName(after.schema ?? [], words)),
    inputData: ('inputData' in before || 'inputData' in after) && stableJson(before.inputData) !== stableJson(after.inputData),
  };
}

/** Whether a configuration comparison found anything. */
export function configChanged({ values, schema, inputData }: ConfigChanges): boolean {
  return values.length > 0 || namesChanged(schema) || inputData;
}

/** Whether a list comparison found anything. */
export function namesChanged({ added, removed, changed }: NamesChange): boolean {
  return added.length + removed.length + changed.length > 0;
}

function variablesOf(prompt: Prompt | PromptSegment): Map<string, string> {
  const names = extractVariables(`${prompt.systemMessage}\n${prompt.userMessage}`);
  return new Map(names.map((name) => [name, name]));
}

function messageDiff(before: string, after: string): DiffPart[] | null {
  if (before === after) return null;
  const parts = wordDiff(before, after);
  // Whitespace alone: show the newer text, marked as changed by the caller.
  return hasChanges(parts) ? parts : [{ type: 'same', value: after }];
}

/**
 * How two versions of a prompt (or prompt segment) differ: name, settings, schema fields, input data,
 * variables (by `${name}` in either message) and a word diff of each message that changed.
 */
export function comparePrompts(before: Prompt | PromptSegment, after: Prompt | PromptSegment, words: DiffCatalog): PromptChanges {
  const config = compareConfig(before.config, after.config, words);
  const variables = compareNames(variablesOf(before), variablesOf(after));
  const name = before.promptName === after.promptName ? null : ({ setting: 'name', before: before.promptName, after: after.promptName } as const);
  const systemMessage = messageDiff(before.systemMessage, after.systemMessage);
  const userMessage = messageDiff(before.userMessage, after.userMessage);
  const identical = !name && !configChanged(config) && !systemMessage && !userMessage;
  return { name, config, variables, systemMessage, userMessage, identical };
}

/** What changed, in the catalog's words: `Changes: model, temperature, user message.`, or that nothing did. */
export function changesSummary(changes: PromptChanges, words: DiffCatalog): string {
  const { diff } = words;
  if (changes.identical) return diff.identical;
  const { name, config, variables, systemMessage, userMessage } = changes;
  const changed = [
    name ? diff.changed.name : '',
    ...config.values.map((value) => diff.changed[value.setting]),
    namesChanged(config.schema) ? diff.changed.schema : '',
    config.inputData ? diff.changed.inputData : '',
    systemMessage ? diff.changed.systemMessage : '',
    userMessage ? diff.changed.userMessage : '',
    variables.added.length + variables.removed.length > 0 ? diff.changed.variables : '',
  ].filter(Boolean);
  return fillText(diff.summary, { changes: enumerate(changed, words.list) }, words.locale);
}

/** "From version 1.0.0 to 2.0.0", or the one version when both are the same. */
export function versionRange(before: string, after: string, words: DiffCatalog): string {
  return before === after ? fillText(words.diff.version, { version: after }, words.locale) : fillText(words.diff.versions, { from: before, to: after }, words.locale);
}
