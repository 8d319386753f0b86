/*
 * Structured data (a prompt's input data, its schema fields) compared field by field: which fields were
 * added, removed or changed, with their values as JSON text.
 */

/** How a field changed between two versions. */
export type FieldChangeKind = 'added' | 'removed' | 'changed';

/** A field that changed: where it is (`customer.name`, `tags[2]`), and its values as JSON text (`null`: none). */
export interface FieldChange {
  path: string;
  change: FieldChangeKind;
  before: string | null;
  after: string | null;
}

type JsonObject = Readonly<Record<string, unknown>>;

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);
/** A value as JSON text, as the version wrote it. */
const json = (value: unknown): string => JSON.stringify(value) ?? 'null';
/** JSON text with the keys of objects sorted, so `{a, b}` and `{b, a}` compare equal. */
const sorted = (value: unknown): string =>
  JSON.stringify(value, (_, inner: unknown) => (isObject(inner) ? Object.fromEntries(Object.entries(inner).sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0))) : inner)) ?? 'null';

/** A key after its parent's path: `customer.name`, or `["first name"]` where the key is not a plain name. */
function childPath(parent: string, key: string): string {
  if (/^[A-Za-z_$][\w$]*$/.test(key)) return parent ? `${parent}.${key}` : key;
  return `${parent}[${JSON.stringify(key)}]`;
}

/** How fields of an object that only one version has are listed: each of their own fields, or whole. */
export type Expand = 'fields' | 'whole';

function compare(before: unknown, after: unknown, path: string, expand: Expand, changes: FieldChange[]): void {
  if (isObject(before) && isObject(after)) {
    // The newer version's order, then the fields it no longer has.
    for (const key of Object.keys(after)) {
      const child = childPath(path, key);
      if (Object.hasOwn(before, key)) compare(before[key], after[key], child, expand, changes);
      else if (expand === 'fields' && isObject(after[key]) && Object.keys(after[key]).length > 0) compare({}, after[key], child, expand, changes);
      else changes.push({ path: child, change: 'added', before: null, after: json(after[key]) });
    }
    for (const key of Object.keys(before)) {
      if (Object.hasOwn(after, key)) continue;
      const child = childPath(path, key);
      if (expand === 'fields' && isObject(before[key]) && Object.keys(before[key]).length > 0) compare(before[key], {}, child, expand, changes);
      else changes.push({ path: child, change: 'removed', before: json(before[key]), after: null });
    }
    return;
  }
  // Arrays and values are compared whole: `["low","high"]` → `["low","medium","high"]` reads better than a change per index.
  if (sorted(before) !== sorted(after)) changes.push({ path, change: 'changed', before: json(before), after: json(after) });
}

/**
 * The fields that differ between two values: objects field by field at any depth (the newer version's order,
 * removed fields after), arrays and other values whole, as JSON text (objects' keys in any order compare
 * equal; the text keeps the version's order). An object only one version has is listed field by field
 * (`expand: 'fields'`, input data: `customer.name`, `customer.plan`) or as one field (`'whole'`, a schema's
 * fields: `nextStep` and its definition). Where one version has an object and the other none (`null`,
 * `undefined`), its fields are added or removed; two values that are not both objects are one field, at `''`.
 *
 * @example
 * compareFields({ customer: { name: 'Ada' }, tier: 'Pro' }, { customer: { name: 'Ada', plan: 'Pro' } })
 * // [{ path: 'customer.plan', change: 'added', before: null, after: '"Pro"' },
 * //  { path: 'tier', change: 'removed', before: '"Pro"', after: null }]
 * @default expand 'fields'
 */
export function compareFields(before: unknown, after: unknown, expand: Expand = 'fields'): FieldChange[] {
  const none = (value: unknown) => value === null || value === undefined;
  const changes: FieldChange[] = [];
  compare(none(before) && isObject(after) ? {} : before, none(after) && isObject(before) ? {} : after, '', expand, changes);
  return changes;
}
