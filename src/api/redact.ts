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
  const replaced = text.replaceAll(key, '(API key)');
  return holdsKey(replaced, key) ? '(API key)' : replaced;
}

/** Parses JSON `text` with `key` taken out of every string value (`redactText`). */
export const parseWithoutKey = (text: string, key: string): unknown =>
  JSON.parse(text, (_name, value: unknown) => (typeof value === 'string' ? redactText(value, key) : value));
