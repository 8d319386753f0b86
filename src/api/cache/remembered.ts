// Memory that stays bounded whatever is asked: what a server reads from the same strings again and again
// (a request URL's route), read once per string, and maps that drop what was read least recently. Random
// inputs (ids that come and go, an attacker's) cost memory for a while and nothing more.

/** How many inputs are remembered, the oldest forgotten first: random ids come and go. */
const REMEMBERED_INPUTS = 1000;
/** Inputs longer than this are read each time, never remembered: memory stays small whatever is asked. */
const REMEMBERED_INPUT_LENGTH = 512;

/** Drops the oldest entries of `map` (the first inserted) past `limit`: a map read least recently first. */
export function dropOldest(map: Map<unknown, unknown>, limit: number): void {
  if (map.size <= limit) return;
  for (const oldest of map.keys()) {
    if (map.size <= limit) break;
    map.delete(oldest);
  }
}

/**
 * `read`, remembering what it gave for the last `REMEMBERED_INPUTS` inputs of up to
 * `REMEMBERED_INPUT_LENGTH` characters. What it gives is shared by every later call with the same input:
 * never change it (freeze what can be frozen).
 */
export function remembered<T extends object | null>(read: (input: string) => T): (input: string) => T {
  const values = new Map<string, T>();
  return (input) => {
    // One lookup for a URL read before (routes and targets are never `undefined`; a `null` is remembered).
    const held = values.get(input);
    if (held !== undefined) return held;
    const value = read(input);
    if (input.length <= REMEMBERED_INPUT_LENGTH) {
      values.set(input, value);
      dropOldest(values, REMEMBERED_INPUTS);
    }
    return value;
  };
}
