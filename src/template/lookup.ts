/**
 * The values a template is filled from: names map to values, and dotted names walk into nested objects.
 * Only own properties are read, never the prototype chain.
 */
export type TemplateValues = Readonly<Record<string, unknown>>;

/** Whether `value` is a Date, also from another realm: `getTime` checks the internal date slot. */
function isDate(value: object): value is Date {
  try {
    Date.prototype.getTime.call(value);
    return true;
  } catch {
    return false;
  }
}

/**
 * The text a value is written as, or `undefined` when it counts as missing: `null`, `undefined`,
 * functions, symbols, and values that cannot be turned into text (an invalid Date, a cyclic object, an
 * object holding a BigInt, a `toJSON` that throws or returns `undefined`).
 */
function toText(value: unknown): string | undefined {
  switch (typeof value) {
    case 'string':
      return value;
    case 'number':
    case 'boolean':
    case 'bigint':
      return String(value);
    case 'object': {
      if (value === null) return undefined;
      try {
        // An invalid Date throws here, and counts as missing.
        if (isDate(value)) return Date.prototype.toISOString.call(value);
        // JSON.stringify returns undefined when a toJSON does; the declared type does not say so.
        const json: string | undefined = JSON.stringify(value);
        return json;
      } catch {
        return undefined;
      }
    }
    default:
      return undefined;
  }
}

/** Whether `container` is an object with `key` as an own property; primitives have none to walk into. */
function hasOwn(container: unknown, key: string): container is Record<string, unknown> {
  return typeof container === 'object' && container !== null && Object.hasOwn(container, key);
}

/**
 * Looks a variable up and turns it into text; `undefined` means missing. Walks `path` over own
 * properties only. An own property named exactly like the whole dotted name (`values['customer.name']`)
 * wins over walking the path, so flat form state works as well as nested objects.
 */
export function lookupVariable(values: TemplateValues, name: string, path: readonly string[]): string | undefined {
  let current: unknown = values;
  for (const segment of hasOwn(values, name) ? [name] : path) {
    if (!hasOwn(current, segment)) return undefined;
    current = current[segment];
  }
  return toText(current);
}

/** Remembers each name's text within one interpolation, so a repeated name is looked up and stringified once. */
export function createLookup(values: TemplateValues): (name: string, path: readonly string[]) => string | undefined {
  const cache = new Map<string, string | undefined>();
  return (name, path) => {
    if (cache.has(name)) return cache.get(name);
    const text = lookupVariable(values, name, path);
    cache.set(name, text);
    return text;
  };
}
