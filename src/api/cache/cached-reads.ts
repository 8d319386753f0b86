// A cached client's reads. Once attached to a client, the cache makes each read of content deliver what it
// made once for the record (its representation): to the client's methods, the value parsed once for the
// reads in flight; to the handler, the bytes and their ETag. Everything else of a read (the key, the
// deadline and the caller's abort, the account's usage, every error) stays the client's own pipeline: the
// read runs through `request`, with a `fetch` that hands it the representation instead of a body to read
// and parse again.
import type { PromptApiClient } from '../client-types.ts';
import type { RateLimit } from '../types.ts';
import type { ReadOutcome } from './fleet.ts';
import { itemPath, listPath, refuseUnaddressable } from '../client.ts';
import { type RequestContext, request } from '../request.ts';
import { andThen, type Eventually, isPending } from './eventually.ts';
import { parseComposer, parseComposerList, parsePrompt, parsePromptList, ShapeError } from '../validate.ts';
import { type BodyParser, type Payload, payloadOf, type Representation } from './representation.ts';

/** What the cache answers a client's read with: content as its representation, anything else as a `Response`. */
export type CachedRead =
  | {
      representation: Representation;
      /** The answer as a `Response` (its headers carry the account's usage), with `body` for a body. */
      replay(body: string): Response;
    }
  | { response: Response };

/** Content the cache holds, with the account's latest usage. */
export interface HeldContent {
  representation: Representation;
  rateLimit: RateLimit | undefined;
}

/** The cache's reads for one client, in front of its `fetch`; `onOutcome` hears how each was answered. */
export interface CacheReader {
  /** Reads `url` with the request's `headers`, fetching what the cache lacks. */
  read(url: string, headers: Headers, onOutcome?: (outcome: ReadOutcome) => void): Promise<CachedRead>;
  /**
   * Content the cache holds for `url` (no request, no wait beyond its store budget), or `undefined`: at
   * once when its stores answer at once.
   */
  held(url: string, headers: Headers, onOutcome?: (outcome: ReadOutcome) => void): Eventually<HeldContent | undefined>;
}

/** One of the four reads, as the handler names it. */
export interface PayloadRoute {
  kind: 'prompts' | 'composers';
  /** Absent for a list. */
  id?: string;
  version?: string;
  includeVersions?: boolean;
}

/**
 * How the handler reads a payload (bytes and ETag, made once per record) through a client with a cache.
 * Not public: a client without a cache lacks it, and the handler reads its value instead.
 */
export const READ_PAYLOAD: unique symbol = Symbol('prompt-composer-react: read payload');

/**
 * A client whose payloads the handler can read. `signal` is asked for only when the read goes through the
 * pipeline (a `Request`'s signal is made on first access); `onOutcome` hears how the cache answered.
 */
export interface PayloadReader {
  /** At once when the cache holds the payload (and its stores answer at once); throws what the read's promise would reject with. */
  [READ_PAYLOAD](route: PayloadRoute, signal?: () => AbortSignal, onOutcome?: (outcome: ReadOutcome) => void): Eventually<Payload>;
}

/** What a read makes of a valid body: from its representation, or from the value a `Response` gave. */
interface Delivery<R> {
  represented(representation: Representation, key: string | undefined): Eventually<R>;
  parsed(value: unknown): Eventually<R>;
}

const PARSERS = {
  prompts: { item: parsePrompt, list: parsePromptList },
  composers: { item: parseComposer, list: parseComposerList },
} as const;

/** The key a request carries (for the representation's check that the key is in no value). */
const bearerOf = (headers: Headers) => headers.get('authorization')?.replace(/^Bearer\s+/i, '') || undefined;

/** A body that is not JSON, as the contract check reports it (the client's pipeline then says `INVALID_RESPONSE`). */
function asShapeError(error: unknown): never {
  throw error instanceof SyntaxError ? new ShapeError('$', 'a JSON body', 'text that is not JSON') : error;
}

/** Hears how the cache answered a read, when anyone asks. */
type Observer = ((outcome: ReadOutcome) => void) | undefined;

/** The key a pipeline sends, when it is known at once: a string (a key function is the pipeline's to call). */
function plainKey(apiKey: RequestContext['apiKey']): string | undefined | false {
  if (typeof apiKey === 'function') return false;
  // A key a header cannot carry is the pipeline's to refuse, with its own error.
  return apiKey && !/^[\x21-\x7e]+$/.test(apiKey) ? false : apiKey || undefined;
}

/**
 * Makes `client`'s reads deliver what the cache made once per record, and gives it the handler's
 * `READ_PAYLOAD`. `pipeline` is the client's request pipeline (the `RequestContext` that
 * `createPromptApiClient` hands its cache), `reader` the cache's reads in front of its `fetch`.
 *
 * Content the cache holds is delivered at once, without the pipeline's deadline, abort and response:
 * answering it waits on nothing but the store's budget. Anything else (a miss, an error, a key function)
 * goes through the pipeline, as every read did before.
 */
export function decorate(client: PromptApiClient, pipeline: RequestContext, reader: CacheReader): void {
  let lastUsage: RateLimit | undefined;
  /** The account's usage, as a response's headers would have recorded it (only when it changed). */
  const recordUsage = (rateLimit: RateLimit | undefined) => {
    if (!rateLimit || rateLimit.limit <= 0) return;
    if (lastUsage?.limit === rateLimit.limit && lastUsage.remaining === rateLimit.remaining && lastUsage.reset === rateLimit.reset) return;
    lastUsage = rateLimit;
    pipeline.usage.recordRateLimit(rateLimit);
  };

  // What the pipeline would send (its key, and the headers that carry it), made again only when its key
  // changes; `undefined` for a key only the pipeline may send (a function, one no header can carry).
  let sent: { apiKey: RequestContext['apiKey']; as: { key: string | undefined; headers: Headers } | undefined } | undefined;
  const sending = () => {
    const { apiKey } = pipeline;
    if (!sent || sent.apiKey !== apiKey) {
      const key = plainKey(apiKey);
      let as: { key: string | undefined; headers: Headers } | undefined;
      if (key !== false) {
        const headers = new Headers(pipeline.headers);
        headers.set('Accept', 'application/json');
        if (key) headers.set('Authorization', `Bearer ${key}`);
        as = { key, headers };
      }
      sent = { apiKey, as };
    }
    return sent.as;
  };

  /** Content the cache holds for `url`, read with the headers the pipeline would send. */
  function held(url: string, onOutcome: Observer): Eventually<{ content: HeldContent; key: string | undefined } | undefined> {
    const request = sending();
    if (!request) return undefined;
    return andThen(reader.held(url, request.headers, onOutcome), (content) => content && { content, key: request.key });
  }

  /** Reads `path` through the pipeline, delivering from the representation when the cache answers content. */
  function throughPipeline<R>(path: string, parse: BodyParser<unknown>, delivery: Delivery<R>, signal: AbortSignal | undefined, onOutcome: Observer): Promise<R> {
    let found: { representation: Representation; key: string | undefined } | undefined;
    const context: RequestContext = {
      ...pipeline,
      async fetch(input, init) {
        const headers = new Headers(init?.headers);
        const answer = await reader.read(String(input), headers, onOutcome);
        if ('response' in answer) return answer.response;
        found = { representation: answer.representation, key: bearerOf(headers) };
        // The pipeline reads the account's usage from the headers; the body it parses stands for nothing.
        return answer.replay('null');
      },
    };
    const deliver = (json: unknown): Eventually<R> => {
      if (!found) return delivery.parsed(parse(json));
      try {
        return delivery.represented(found.representation, found.key);
      } catch (error) {
        return asShapeError(error);
      }
    };
    // A promise `deliver` gives (a payload being made) is the pipeline's to wait for, as any async step's.
    return request(context, path, deliver, signal) as Promise<R>;
  }

  /**
   * A read of `path` (at `url`, the client's base URL before it): what the cache holds, delivered at once;
   * else (or when it breaks the contract) the pipeline's. The handler's `signal` comes as a function: it
   * is made only for a read that goes through the pipeline.
   */
  function read<R>(
    { path, url }: { path: string; url: string },
    parse: BodyParser<unknown>,
    delivery: Delivery<R>,
    signal: AbortSignal | (() => AbortSignal) | undefined,
    onOutcome?: Observer,
  ): Eventually<R> {
    // The pipeline says how a held body breaks the contract (the representation remembers: it is not parsed again).
    const pipelined = () => throughPipeline(path, parse, delivery, typeof signal === 'function' ? signal() : signal, onOutcome);
    if (typeof signal === 'object' && signal.aborted) return pipelined();
    return andThen(held(url, onOutcome), (found) => {
      if (!found) return pipelined();
      let delivered: Eventually<R>;
      try {
        delivered = delivery.represented(found.content.representation, found.key);
      } catch {
        return pipelined();
      }
      const { rateLimit } = found.content;
      if (!isPending(delivered)) {
        recordUsage(rateLimit);
        return delivered;
      }
      return delivered.then((value) => {
        recordUsage(rateLimit);
        return value;
      }, pipelined);
    });
  }

  // A client's method always answers with a promise (an `async` one: what throws rejects it).
  const readValue = async <T>(path: string, parse: BodyParser<T>, signal: AbortSignal | undefined) =>
    read<T>({ path, url: `${pipeline.baseUrl}${path}` }, parse, { represented: (representation, key) => representation.value(parse, key), parsed: (parsed) => parsed as T }, signal);

  client.getPrompt = (id, { version, signal } = {}) =>
    refuseUnaddressable('prompts', id, version) ?? readValue(itemPath('prompts', id, version), parsePrompt, signal);
  client.listPrompts = ({ includeVersions, signal } = {}) => readValue(listPath('prompts', includeVersions), parsePromptList, signal);
  client.getComposer = (id, { version, signal } = {}) =>
    refuseUnaddressable('composers', id, version) ?? readValue(itemPath('composers', id, version), parseComposer, signal);
  client.listComposers = ({ includeVersions, signal } = {}) => readValue(listPath('composers', includeVersions), parseComposerList, signal);

  /** A handler route's read (its path, URL and parser), made once: the handler hands the same route for the same URL. */
  const payloadReads = new WeakMap<PayloadRoute, { path: string; url: string; parse: BodyParser<unknown>; delivery: Delivery<Payload> }>();
  const payloadReader: PayloadReader = {
    [READ_PAYLOAD](route, signal, onOutcome) {
      let planned = payloadReads.get(route);
      if (!planned) {
        const { kind, id, version, includeVersions } = route;
        const refused = id === undefined ? null : refuseUnaddressable(kind, id, version);
        if (refused) return refused;
        const parse = id === undefined ? PARSERS[kind].list : PARSERS[kind].item;
        const path = id === undefined ? listPath(kind, includeVersions) : itemPath(kind, id, version);
        const delivery: Delivery<Payload> = {
          represented: (representation, key) => representation.payload(parse, key),
          parsed: (parsed) => payloadOf(JSON.stringify(parsed)),
        };
        planned = { path, url: `${pipeline.baseUrl}${path}`, parse, delivery };
        payloadReads.set(route, planned);
      }
      return read(planned, planned.parse, planned.delivery, signal, onOutcome);
    },
  };
  Object.assign(client, payloadReader);
}
