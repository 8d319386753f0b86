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

/** What a `RecentlyRead` holds under a key: anything that carries when it was last put last in line. */
export interface Placed {
  /** When it was last put last in line, as a count of its map's placements (set by the map). */
  placed: number;
}

/** A map that keeps what was read recently, as `recentlyRead` makes it. */
export interface RecentlyRead<T extends Placed> {
  /** What is held under `key`, put last in line again when it is about among the older half. */
  get(key: string): T | undefined;
  /** What is held under `key`, left where it is in line (a look, not a read). */
  peek(key: string): T | undefined;
  /** Holds `slot` under `key`, last in line, then drops the least recently read past `capacity()`. */
  set(key: string, slot: T): void;
  /** Forgets `key`: whether it was held. */
  delete(key: string): boolean;
}

/**
 * A map that drops what was read least recently past `capacity()` (asked at each write). A read puts its
 * key last in line again only once as many keys as half the map holds were put in line since it was (about:
 * once it is among the older half): a key read on every request is not moved on every read, and a key read
 * at least once every half of the map's turnover is never dropped. With one or two keys, that is exact
 * least-recently-used order.
 */
export function recentlyRead<T extends Placed>(capacity: () => number): RecentlyRead<T> {
  // A Map iterates in insertion order: deleting and setting a key again puts it last.
  const slots = new Map<string, T>();
  let placements = 0;
  return {
    get(key) {
      const slot = slots.get(key);
      if (slot && placements - slot.placed >= slots.size / 2) {
        slots.delete(key);
        slots.set(key, slot);
        slot.placed = ++placements;
      }
      return slot;
    },
    peek: (key) => slots.get(key),
    set(key, slot) {
      slots.delete(key);
      slot.placed = ++placements;
      slots.set(key, slot);
      dropOldest(slots, capacity());
    },
    delete: (key) => slots.delete(key),
  };
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
