import type { Prompt, PromptConfig, PromptSegment, SchemaField } from '../../../api/types.ts';
import type { DiffCatalog, DiffSetting } from '../../../catalog/catalog.ts';
import { enumerate, fillText, formatNumber } from '../../../catalog/format.ts';
import { extractVariables } from '../../../template/parse.ts';
import { compareFields, type FieldChange } from './field-changes.ts';
import { type DiffRow, lineDiff } from './line-diff.ts';

/** A setting whose value changed, both values as text (`null`: none). */
export interface ValueChange {
  /** What changed: the catalog names it (`diff.rows`, `diff.changed`). */
  setting: DiffSetting;
  before: string | null;
  after: string | null;
}

/** Names added to and removed from a list (the variables of a prompt's messages). */
export interface NamesChange {
  added: string[];
  removed: string[];
}

/** How two configurations differ: settings, and the schema fields and input data field by field. */
export interface ConfigChanges {
  values: ValueChange[];
  /** The schema's fields by name (`risk.enum`, `nextStep`), each added, removed or changed. */
  schema: FieldChange[];
  /** The input data's fields (`customer.name`), each added, removed or changed. */
  inputData: FieldChange[];
}

/** How two versions of a prompt differ. A message is `null` when it did not change. */
export interface PromptChanges {
  name: ValueChange | null;
  config: ConfigChanges;
  variables: NamesChange;
  systemMessage: DiffRow[] | null;
  userMessage: DiffRow[] | null;
  /** Whether nothing but (possibly) the version differs. */
  identical: boolean;
}

/** A configuration as the diff reads it: a prompt's, a prompt segment's (model and temperature only) or a composer's. */
export type ComparedConfig = Partial<Pick<PromptConfig, 'model' | 'temperature' | 'schema' | 'inputData' | 'inputDataRootName'>>;

/**
 * Schema fields as one object keyed by `name` where a field has one (the contract leaves their fields open),
 * else by position in the catalog's words (`field 2`), each without its name.
 */
function fieldsByName(fields: readonly SchemaField[] | undefined, words: DiffCatalog): Record<string, unknown> | undefined {
  if (!fields) return undefined;
  return Object.fromEntries(
    fields.map((field, index) => {
      const { name, ...rest } = field;
      return typeof name === 'string' ? [name, rest] : [fillText(words.diff.unnamedField, { number: index + 1 }, words.locale), field];
    }),
  );
}

/** A setting's value as text: a number (the temperature) written for the catalog's language (`0,7` in German). */
function shown(value: string | number | null | undefined, words: DiffCatalog): string | null {
  if (value === null || value === undefined || value === '') return null;
  return typeof value === 'number' ? formatNumber(value, words.locale) : value;
}

/** How `after` differs from `before`; settings that neither configuration has are skipped. */
export function compareConfig(before: ComparedConfig, after: ComparedConfig, words: DiffCatalog): ConfigChanges {
  const values: ValueChange[] = [];
  const settings = [['model', 'model'], ['temperature', 'temperature'], ['inputDataRoot', 'inputDataRootName']] as const;
  for (const [setting, key] of settings) {
    if (!(key in before) && !(key in after)) continue;
    if (before[key] !== after[key]) values.push({ setting, before: shown(before[key], words), after: shown(after[key], words) });
  }
  return {
    values,
    schema: compareFields(fieldsByName(before.schema, words), fieldsByName(after.schema, words), 'whole'),
    inputData: compareFields(before.inputData, after.inputData),
  };
}

/** Whether a configuration comparison found anything. */
export function configChanged({ values, schema, inputData }: ConfigChanges): boolean {
  return values.length + schema.length + inputData.length > 0;
}

/** Whether a list comparison found anything. */
export function namesChanged({ added, removed }: NamesChange): boolean {
  return added.length + removed.length > 0;
}

function compareVariables(before: Prompt | PromptSegment, after: Prompt | PromptSegment): NamesChange {
  const variables = (prompt: Prompt | PromptSegment) => extractVariables(`${prompt.systemMessage}\n${prompt.userMessage}`);
  const older = new Set(variables(before));
  const newer = new Set(variables(after));
  return { added: [...newer].filter((name) => !older.has(name)), removed: [...older].filter((name) => !newer.has(name)) };
}

const messageDiff = (before: string, after: string): DiffRow[] | null => (before === after ? null : lineDiff(before, after));

/**
 * How two versions of a prompt (or prompt segment) differ: name, settings, schema fields and input data
 * field by field, variables (by `${name}` in either message) and a line diff of each message that changed.
 */
export function comparePrompts(before: Prompt | PromptSegment, after: Prompt | PromptSegment, words: DiffCatalog): PromptChanges {
  const config = compareConfig(before.config, after.config, words);
  const variables = compareVariables(before, after);
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
    config.schema.length > 0 ? diff.changed.schema : '',
    config.inputData.length > 0 ? diff.changed.inputData : '',
    systemMessage ? diff.changed.systemMessage : '',
    userMessage ? diff.changed.userMessage : '',
    namesChanged(variables) ? diff.changed.variables : '',
  ].filter(Boolean);
  return fillText(diff.summary, { changes: enumerate(changed, words.list) }, words.locale);
}

/** "From version 1.0.0 to 2.0.0", or the one version when both are the same. */
export function versionRange(before: string, after: string, words: DiffCatalog): string {
  return before === after ? fillText(words.diff.version, { version: after }, words.locale) : fillText(words.diff.versions, { from: before, to: after }, words.locale);
}
