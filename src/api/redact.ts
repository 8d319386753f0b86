// The API key kept out of what a response brings in. An upstream (or a proxy) that echoes the key may
// escape it in JSON (`\/`, `\u0070`, `\"`) or percent-encode it (in a URL), so the key is looked for in
// decoded text: in JSON string values after parsing, and in percent-decoded strings.

const PERCENT_ESCAPE = /%([\da-f]{2})/gi;
const decodeByte = (_escape: string, hex: string) => String.fromCharCode(parseInt(hex, 16));

/** Whether `text` holds `key`, as it is or percent-encoded (once or more). */
export function holdsKey(text: string, key: string): boolean {
  // Each round decodes one more layer of percent-encoding, until there is none left to decode.
  for (let current = text, previous = ''; current !== previous; previous = current, current = current.replace(PERCENT_ESCAPE, decodeByte)) {
    if (current.includes(key)) return true;
  }
  return false;
}

/**
 * `text` without `key`: each plain occurrence becomes `(API key)`; a string that still holds it once
 * percent-decoded (a URL that carries it) becomes `(API key)` as a whole.
 */
export function redactText(text: string, key: string): string {
  // Most strings hold neither the key nor a percent escape: they are returned without a copy.
  if (!text.includes(key) && !text.includes('%')) return text;
  const replaced = text.replaceAll(key, '(API key)');
  return holdsKey(replaced, key) ? '(API key)' : replaced;
}

/**
 * A parsed JSON value without `key` in any string or property name (`redactText`), changed in place.
 * `onFound` is called for each string that held the key. A walk over the parsed value, not a
 * `JSON.parse` reviver: a reviver made parsing a list of 10,000 prompts three to five times slower.
 */
export function withoutKey(value: unknown, key: string, onFound?: () => void): unknown {
  if (typeof value === 'string') {
    const clean = redactText(value, key);
    if (clean !== value) onFound?.();
    return clean;
  }
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) value[index] = withoutKey(value[index], key, onFound);
    return value;
  }
  const record = value as Record<string, unknown>;
  for (const name of Object.keys(record)) {
    const cleanName = redactText(name, key);
    const cleanValue = withoutKey(record[name], key, onFound);
    if (cleanName !== name) {
      onFound?.();
      delete record[name];
    }
    record[cleanName] = cleanValue;
  }
  return value;
}
