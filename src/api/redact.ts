// The API key kept out of what a response brings in. An upstream (or a proxy) that echoes the key may
// escape it in JSON (`\/`, `\u0070`, `\"`) or percent-encode it (in a URL), so the key is looked for in
// decoded text: in JSON values after parsing, and in percent-decoded strings.

/** What stands where the key was. */
export const KEY_PLACEHOLDER = '(API key)';

/** `text` with its percent-escapes decoded, repeatedly (a double encoding), byte by byte. */
function percentDecoded(text: string): string {
  let decoded = text;
  let previous: string;
  do {
    previous = decoded;
    decoded = decoded.replace(/%([\da-f]{2})/gi, (_escape, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  } while (decoded !== previous);
  return decoded;
}

/** Whether `text` holds `key`, as it is or percent-encoded (once or more). */
export function holdsKey(text: string, key: string): boolean {
  return text.includes(key) || (text.includes('%') && percentDecoded(text).includes(key));
}

/**
 * `text` without `key`: each plain occurrence becomes `(API key)`; a string that still holds it once
 * percent-decoded (a URL that carries it) becomes `(API key)` as a whole.
 */
function redactText(text: string, key: string): string {
  if (!holdsKey(text, key)) return text;
  const replaced = text.replaceAll(key, KEY_PLACEHOLDER);
  return holdsKey(replaced, key) ? KEY_PLACEHOLDER : replaced;
}

/**
 * A parsed JSON value without `key` in any string or property name (see `redactText`). Arrays and
 * objects are changed in place; `onFound` is called for each string that held the key.
 */
export function redactKey(value: unknown, key: string, onFound?: () => void): unknown {
  if (typeof value === 'string') {
    const clean = redactText(value, key);
    if (clean !== value) onFound?.();
    return clean;
  }
  if (typeof value !== 'object' || value === null) return value;
  const record = value as Record<string, unknown>;
  for (const name of Object.keys(record)) {
    const cleanName = Array.isArray(value) ? name : (redactKey(name, key, onFound) as string);
    const cleanValue = redactKey(record[name], key, onFound);
    if (cleanName !== name) delete record[name];
    record[cleanName] = cleanValue;
  }
  return value;
}
