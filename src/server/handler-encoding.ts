// Compression, made once per record: which encoding a request accepts, its ETag, and the encoder for it.
// Brotli and gzip from `node:zlib` where the runtime has it (Node, Bun, Deno; asked for at run time, so
// that runtimes without it still load this), else gzip from the web's `CompressionStream`.
import type { Payload } from '../api/cache/representation.ts';

/** The encodings the handler makes, in the order it prefers them when a request accepts both alike. */
export type Encoding = 'br' | 'gzip';

const PREFERENCE: readonly Encoding[] = ['br', 'gzip'];

/** Bodies shorter than this go as they are: compressing them saves less than the header costs. */
export const MIN_COMPRESSED_BYTES = 1024;

/** Brotli's quality: 5 compresses about as tightly as gzip's best, a few times faster than 9 and 11. */
const BROTLI_QUALITY = 5;

/** What `node:zlib` offers here, when the runtime has it. */
interface Zlib {
  gzip(bytes: Uint8Array, callback: (error: Error | null, result: Uint8Array) => void): void;
  brotliCompress(bytes: Uint8Array, options: object, callback: (error: Error | null, result: Uint8Array) => void): void;
  constants: { BROTLI_PARAM_QUALITY: number; BROTLI_PARAM_SIZE_HINT: number };
}

let zlib: Zlib | null | undefined;

/** `node:zlib`, asked of the runtime once (Node 20.16+, Bun, Deno), or `null` where it has none. */
function nodeZlib(): Zlib | null {
  if (zlib === undefined) {
    const runtime = (globalThis as { process?: { getBuiltinModule?: (name: string) => unknown } }).process;
    try {
      zlib = (runtime?.getBuiltinModule?.('node:zlib') as Zlib | undefined) ?? null;
    } catch {
      zlib = null;
    }
  }
  return zlib;
}

/** `bytes` gzipped with the web's `CompressionStream` (workers, Edge). */
async function webGzip(bytes: Uint8Array<ArrayBuffer>): Promise<Uint8Array | undefined> {
  if (typeof CompressionStream !== 'function') return undefined;
  const stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream('gzip'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** Encodes `bytes`, or gives `undefined` when this runtime cannot make `encoding`. */
export function encode(encoding: Encoding, bytes: Uint8Array<ArrayBuffer>): Promise<Uint8Array | undefined> {
  const node = nodeZlib();
  if (!node) return encoding === 'gzip' ? webGzip(bytes) : Promise.resolve(undefined);
  return new Promise((resolve, reject) => {
    const done = (error: Error | null, result: Uint8Array) => (error ? reject(error) : resolve(result));
    if (encoding === 'gzip') node.gzip(bytes, done);
    else {
      const params = { [node.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [node.constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength };
      node.brotliCompress(bytes, { params }, done);
    }
  });
}

/**
 * The encodings `Accept-Encoding` allows, best first: by their weight (`q`), then br before gzip. An
 * encoding it does not name takes the weight of `*`; a weight of 0 refuses it.
 */
export function acceptedEncodings(header: string | null): Encoding[] {
  if (!header) return [];
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...parameters] = part.split(';').map((piece) => piece.trim().toLowerCase());
    const weight = parameters.find((parameter) => parameter.startsWith('q='));
    const q = weight === undefined ? 1 : Number(weight.slice(2));
    if (name && !weights.has(name)) weights.set(name, Number.isFinite(q) ? q : 0);
  }
  const weightOf = (encoding: Encoding) => weights.get(encoding) ?? weights.get('*') ?? 0;
  return PREFERENCE.filter((encoding) => weightOf(encoding) > 0).sort((a, b) => weightOf(b) - weightOf(a));
}

/** The ETag of the payload in `encoding`: its own tag, told apart from the others (`"…-gzip"`). */
export function encodedTag(payload: Payload, encoding: Encoding | undefined): string {
  return encoding ? `${payload.tag.slice(0, -1)}-${encoding}"` : payload.tag;
}

/**
 * What to send: the first of `accepted` the runtime can make, made once per record (concurrent requests
 * share the one job), or the bytes as they are when none is accepted or the body is short.
 */
export async function chooseEncoding(
  payload: Payload,
  accepted: readonly Encoding[],
): Promise<{ encoding: Encoding | undefined; bytes: Uint8Array }> {
  if (payload.bytes.byteLength >= MIN_COMPRESSED_BYTES) {
    for (const encoding of accepted) {
      const bytes = await payload.encoded(encoding, (raw) => encode(encoding, raw));
      if (bytes) return { encoding, bytes };
    }
  }
  return { encoding: undefined, bytes: payload.bytes };
}
