// A body the cache answers with, made once per record and shared by every read of it, instead of once per
// read. A client read in the server process (a Server Component, a route loader) gets the value parsed
// from it, validated and without the key, parsed once for the reads in flight; the handler gets its
// UTF-8 bytes, their ETag and their compressed variants, made once for the record's life. Each is made on
// the first read that asks for it: a client read never pays for the handler's bytes, nor the handler for
// the client's value. What a record is made of never changes: a refresh stores a new record, which gets
// a representation of its own.
import { withoutKey } from '../redact.ts';
import { recentlyRead } from './remembered.ts';

/** Parses and validates a body's JSON (the client's `parse*`): throws `ShapeError` when it breaks the contract. */
export type BodyParser<T> = (json: unknown) => T;

/** What the handler sends for a record: the same bytes and tag on every server that holds the record. */
export interface Payload {
  /** The body as UTF-8: the stored JSON, validated; serialized again only where the key was taken out. */
  readonly bytes: Uint8Array<ArrayBuffer>;
  /** A strong ETag of `bytes`: 160 bits of their SHA-256, quoted. */
  readonly tag: string;
  /**
   * The bytes in `encoding`, made by `encode` once (concurrent callers share the one job) and kept with
   * the record. `undefined` when `encode` gives nothing back (the runtime cannot make that encoding).
   */
  encoded(encoding: string, encode: (bytes: Uint8Array<ArrayBuffer>) => Promise<Uint8Array | undefined>): Promise<Uint8Array | undefined>;
}

/** A stored body, and what reads make of it once. */
export interface Representation {
  /**
   * The body, as stored (what a `Response` of the cache carries). A large body whose bytes the handler
   * holds is not held twice: its text is decoded from them again when asked for.
   */
  readonly text: string;
  /**
   * The body parsed with `parse`, without `key`: one value for the reads that overlap (and those within a
   * second of the last), deeply frozen. Each read gets its own copy of the top level (an array or an
   * object it may change); what the copy holds is shared and read-only.
   * @throws What `parse` throws (the body breaks the contract), or `SyntaxError` (not JSON), every time.
   */
  value<T>(parse: BodyParser<T>, key: string | null | undefined): T;
  /**
   * What the handler sends, checked as `value` is, made once: at once once it is made.
   * @throws What `value` throws, at once (not in the promise), every time.
   */
  payload(parse: BodyParser<unknown>, key: string | null | undefined): Payload | Promise<Payload>;
}

/** How long a parsed value stays held after its last read: reads that overlap, or come close, share it. */
const LINGER_MS = 1000;

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Bodies at least this long are held once: as bytes, once the handler has made them. */
const RELEASE_TEXT_BYTES = 1_000_000;

/** `value` and everything it holds, frozen; returned. */
function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  for (const item of Object.values(value)) deepFreeze(item);
  return Object.freeze(value);
}

/** A copy of the top level of a shared value, for one reader. */
function ownCopy<T>(value: T): T {
  if (Array.isArray(value)) return value.slice() as T;
  return typeof value === 'object' && value !== null ? { ...value } : value;
}

/** The body parsed, without the key, and validated; says whether the key had to be taken out. */
function check<T>(text: string, parse: BodyParser<T>, key: string | null | undefined): { value: T; redacted: boolean } {
  let redacted = false;
  const json: unknown = JSON.parse(text);
  const clean = key ? withoutKey(json, key, () => (redacted = true)) : json;
  return { value: parse(clean), redacted };
}

/** A strong ETag: the first 160 bits of the SHA-256 of `bytes`, base64url, quoted. */
export async function entityTag(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  let binary = '';
  for (const byte of digest) binary += String.fromCharCode(byte);
  return `"${btoa(binary).replaceAll('+', '-').replaceAll('/', '_').slice(0, 27)}"`;
}

/** The payload of a body already checked (validated, without the key): its bytes and their tag. */
export async function payloadOf(text: string): Promise<Payload> {
  const bytes = encoder.encode(text);
  const tag = await entityTag(bytes);
  const variants = new Map<string, Promise<Uint8Array | undefined>>();
  return {
    bytes,
    tag,
    encoded(encoding, encode) {
      let variant = variants.get(encoding);
      if (!variant) {
        // A failed encoding is not kept: the next read tries again.
        variant = encode(bytes).catch((error: unknown) => {
          variants.delete(encoding);
          throw error;
        });
        variants.set(encoding, variant);
      }
      return variant;
    },
  };
}

/** The representation of a stored body. */
export function createRepresentation(body: string): Representation {
  let text: string | undefined = body;
  let bytes: Uint8Array | undefined;
  let held: unknown;
  let weak: WeakRef<object> | undefined;
  let lastRead = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let payload: Promise<Payload> | undefined;
  let made: Payload | undefined;
  // A body that fails its check fails every read the same way, without being parsed again.
  let failure: { error: unknown } | undefined;

  /** Lets go of the held value once no read has asked for it for LINGER_MS (a WeakRef keeps it until GC). */
  const linger = () => {
    timer = setTimeout(() => (Date.now() - lastRead < LINGER_MS ? linger() : ((held = undefined), (timer = undefined))), LINGER_MS);
    (timer as { unref?: () => void }).unref?.();
  };

  /** The body's text: held, or decoded again from the bytes that replaced it. */
  const textNow = () => text ?? decoder.decode(bytes);

  return {
    get text() {
      return textNow();
    },
    value<T>(parse: BodyParser<T>, key: string | null | undefined): T {
      if (failure) throw failure.error;
      let shared = (held ?? weak?.deref()) as T | undefined;
      if (shared === undefined) {
        try {
          shared = deepFreeze(check(textNow(), parse, key).value);
        } catch (error) {
          failure = { error };
          throw error;
        }
        if (typeof shared === 'object' && shared !== null) weak = new WeakRef(shared);
      }
      held = shared;
      lastRead = Date.now();
      if (!timer) linger();
      return ownCopy(shared);
    },
    payload(parse, key) {
      if (failure) throw failure.error;
      if (made) return made;
      if (!payload) {
        let checked: { value: unknown; redacted: boolean };
        const source = textNow();
        try {
          checked = check(source, parse, key);
        } catch (error) {
          failure = { error };
          throw error;
        }
        payload = payloadOf(checked.redacted ? JSON.stringify(checked.value) : source);
        const release = !checked.redacted && source.length >= RELEASE_TEXT_BYTES;
        payload.then((done) => {
          made = done;
          // The bytes say what the text says (nothing was taken out): a large text is not held beside them.
          if (release) {
            bytes = done.bytes;
            text = undefined;
          }
        }, () => {});
      }
      return payload;
    },
  };
}

/**
 * The representations of bodies stored under keys, the least recently read dropped past `capacity()` (in
 * `recentlyRead`'s order): a key read again with the same body gets the same representation, with another
 * body (a refresh) a new one.
 */
export function representationsByKey(capacity: () => number): (key: string, text: string) => Representation {
  const held = recentlyRead<{ representation: Representation; placed: number }>(capacity);
  return (key, text) => {
    const slot = held.get(key);
    if (slot?.representation.text === text) return slot.representation;
    const representation = createRepresentation(text);
    held.set(key, { representation, placed: 0 });
    return representation;
  };
}
