import type { QueryClient } from '@tanstack/react-query';
import type { PromptApiClient } from '../api/client.ts';
import { isPromptApiError } from '../api/errors.ts';
import { type Collection, fromList, indexOf, type Item } from './collections.ts';
import { markListed, nextOrder } from './freshness.ts';

/*
 * Detail reads coalesced into their collection's list endpoint, per kind (one collection of one client
 * scope in one QueryClient). A read is routed in one place, `route`: to the kind's newest list in flight
 * when that list is new enough for it (`accepts`, which its query function gives), else to the open
 * batch, else (a read that opts out of batches) to its own request. It ends in one place, `end`: with an
 * item of its list, its own request, or its list's failure. Nothing else holds a read: a list ends in
 * `retire`, then its answer hands each of its reads to `end`, and its abort by its query hands them back
 * to `route`; a batch is decided at the end of its tick (`decide`), where each read goes to a list in
 * flight that it accepts, or to the batch's own list request, or to `end`. So every read ends, and takes
 * no list older than it accepts.
 *
 * The tick is a microtask: a batch opens with its first read and is decided in the microtask after it.
 * TanStack starts the queryFns of the queries that mount in one React commit synchronously, in one pass
 * over the commit's effects (children first, so a list beside its details starts last, still in that
 * pass). StrictMode's second mount and a parent's new `key` abort and restart reads in that same pass: a
 * list query aborted meanwhile hands its reads back to `route`, and a batch's own list is aborted only if
 * no read is left at the tick's end.
 */

/** From how many distinct ids read at their latest version in one tick one list request replaces them. */
export const DEFAULT_BATCH_THRESHOLD = 2;

/** A list request in flight, or a batch: the reads of a tick, their request not yet sent. */
interface List {
  readers: Set<Read>;
  /** When its request was sent (ms since the epoch); a batch has none yet. */
  sentAt?: number;
  /** Its request's place in the order of list requests, forced reads and invalidations (`nextOrder`). */
  order?: number;
  /** A batch's own request, aborted when its last read leaves. A list query's request belongs to its query. */
  controller?: AbortController;
  /** Answered, failed or aborted: it takes no more reads. */
  done?: boolean;
}

/** A list whose request was sent. */
export type SentList = List & { sentAt: number; order: number };

/** What a query function says of a read: what it reads, and which lists' answers are new enough for it. */
export interface ReadRequest<T extends Item> {
  id: string;
  version: string | undefined;
  /** Its batch threshold: `Infinity` keeps it out of batches (it waits only for a list query in flight). */
  threshold: number;
  /**
   * Whether the answer of `list`, a list in flight sent before the read started, is new enough for it.
   * (A batch's list is sent after its reads started: they all take it.)
   */
  accepts(list: SentList): boolean;
  /** Its own request (sends nothing once its signal is aborted). */
  own(): Promise<T>;
}

/** A read waiting for a list: its request, where it waits, and how its query function settles. */
interface Read extends ReadRequest<Item> {
  waitsIn?: List;
  settle(answer: Item | Promise<Item>): void;
}

/** One kind: its newest list in flight and its open batch, with what they need to send and settle. */
interface Kind {
  list?: SentList;
  batch?: List;
  /** How many of its lists are in flight (the newest, and older ones still answering). */
  sending: number;
  client: PromptApiClient;
  collection: Collection<Item>;
  queryClient: QueryClient;
  /** Drops the kind from its QueryClient's map. */
  forget(): void;
}

/** Each QueryClient's kinds with something in flight, by the key of `all()`. */
const kindsByQueryClient = new WeakMap<QueryClient, Map<string, Kind>>();

function kindOf(queryClient: QueryClient, client: PromptApiClient, collection: Collection<Item>): Kind {
  let kinds = kindsByQueryClient.get(queryClient);
  if (!kinds) kindsByQueryClient.set(queryClient, (kinds = new Map()));
  const key = JSON.stringify(collection.keys.all(client));
  let kind = kinds.get(key);
  if (!kind) kinds.set(key, (kind = { sending: 0, client, collection, queryClient, forget: () => kinds.delete(key) }));
  return kind;
}

/**
 * Forgets `kind` once nothing of it is in flight (no batch, no list): a QueryClient keeps nothing of the
 * reads that ended. Called once an event has placed every read it moved, never in between.
 */
function forgetIfIdle(kind: Kind): void {
  if (!kind.batch && !kind.sending) kind.forget();
}

/**
 * Failures a read's own request would meet too, so it takes the list's error instead of sending: the
 * account's (a 401, a 429) and the connection's (no response at all: a network error). Anything else may
 * be the list's alone: a timeout (a list is larger and slower than its item), a 5xx, a malformed body; or
 * costs nothing to learn exactly (the quota guard refuses each read without sending): the read sends.
 */
function sharedFailure(error: unknown): boolean {
  return isPromptApiError(error) && (error.status === 401 || error.status === 429 || error.code === 'NETWORK_ERROR');
}

function join(list: List, read: Read): void {
  list.readers.add(read);
  read.waitsIn = list;
}

/** The one place a read goes: the newest list in flight if it accepts it, else the open batch; opted out, its own request. */
function route(kind: Kind, read: Read): void {
  const { list } = kind;
  const optedOut = read.threshold === Infinity;
  // A read that opts out of batches waits for a list query only, never for a batch's list.
  if (list && read.accepts(list) && !(optedOut && list.controller)) return join(list, read);
  if (optedOut) return end(kind, read, read.own());
  if (!kind.batch) {
    const batch: List = (kind.batch = { readers: new Set() });
    queueMicrotask(() => decide(kind, batch));
  }
  join(kind.batch, read);
}

/**
 * The one place a read ends: it leaves its list or batch and settles with `answer`. A batch's list left
 * without reads is aborted at the tick's end, unless one came back to it (StrictMode's remount).
 */
function end(kind: Kind, read: Read, answer: Item | Promise<Item>): void {
  const list = read.waitsIn;
  delete read.waitsIn;
  list?.readers.delete(read);
  if (list?.controller && !list.done && !list.readers.size) {
    queueMicrotask(() => {
      if (list.done || list.readers.size) return;
      retire(kind, list);
      list.controller?.abort();
      forgetIfIdle(kind);
    });
  }
  read.settle(answer);
}

/** The one place a list ends: no longer in flight, it takes no more reads. Returns the reads that waited for it. */
function retire(kind: Kind, list: List): Read[] {
  list.done = true;
  if (kind.list === list) delete kind.list;
  kind.sending--;
  const readers = [...list.readers];
  list.readers.clear();
  return readers;
}

/**
 * Sends `list`'s request: it is the kind's newest list in flight until it ends, and its reads then take
 * its items, or send their own, or take its failure. A batch's list also fills the list's cache entry,
 * unless a newer list is there. Returns the items, marked with the time the request was sent.
 */
function send(kind: Kind, list: List, includeVersions: boolean | undefined, signal: AbortSignal): Promise<Item[]> {
  const sent = Object.assign(list, { sentAt: Date.now(), order: nextOrder() });
  kind.list = sent;
  kind.sending++;
  const { queryClient, client, collection } = kind;
  const items = collection.list(client, { includeVersions, signal }).then((answer) => markListed(answer, sent.sentAt));
  items.then(
    (answer) => {
      if (list.done) return;
      const key = collection.keys.list(client);
      if (list.controller && (queryClient.getQueryState(key)?.dataUpdatedAt ?? -1) < sent.sentAt) {
        queryClient.setQueryData(key, answer, { updatedAt: sent.sentAt });
      }
      const index = indexOf(collection, answer);
      for (const read of retire(kind, list)) {
        // The item at the read's version, else its own request (an id the list lacks gets its real error).
        const item = index.get(read.id);
        end(kind, read, item && (read.version ?? item.version) === item.version ? fromList(item, sent.sentAt) : read.own());
      }
      forgetIfIdle(kind);
    },
    (error: unknown) => {
      if (list.done) return;
      for (const read of retire(kind, list)) end(kind, read, sharedFailure(error) ? Promise.reject(error) : read.own());
      forgetIfIdle(kind);
    },
  );
  return items;
}

/**
 * The end of a batch's tick: its reads take a list sent meanwhile if they accept it; the rest become one
 * list request when they ask for enough distinct ids at their latest version (their lowest threshold),
 * else each sends its own.
 */
function decide(kind: Kind, batch: List): void {
  delete kind.batch;
  const { list } = kind;
  for (const read of batch.readers) {
    if (list && read.accepts(list)) {
      batch.readers.delete(read);
      join(list, read);
    }
  }
  const readers = [...batch.readers];
  const ids = new Set(readers.filter((read) => read.version === undefined).map((read) => read.id));
  if (ids.size > 0 && ids.size >= readers.reduce((lowest, read) => Math.min(lowest, read.threshold), Infinity)) {
    batch.controller = new AbortController();
    void send(kind, batch, false, batch.controller.signal);
  } else for (const read of readers) end(kind, read, read.own());
  forgetIfIdle(kind);
}

/**
 * The request of a list query: detail reads that start while it is in flight may wait for it. Aborted by
 * its query (unmounted, StrictMode's first mount, cancelled), it hands its reads back to `route`.
 */
export function requestList<T extends Item>(
  queryClient: QueryClient,
  client: PromptApiClient,
  collection: Collection<T>,
  includeVersions: boolean | undefined,
  signal: AbortSignal,
): Promise<T[]> {
  const kind = kindOf(queryClient, client, collection);
  const list: List = { readers: new Set() };
  const onAbort = () => {
    if (list.done) return;
    for (const read of retire(kind, list)) route(kind, read);
    forgetIfIdle(kind);
  };
  signal.addEventListener('abort', onAbort);
  return send(kind, list, includeVersions, signal).finally(() => signal.removeEventListener('abort', onAbort)) as Promise<T[]>;
}

/**
 * A detail read that may take its item from a list of its kind. It settles when it ends: with a list's
 * item, its own request, or a list's failure. Aborted, it leaves at once and its own request (never sent,
 * the signal being aborted) ends it: TanStack settles an aborted query without waiting for its queryFn.
 */
export function readThroughList<T extends Item>(
  queryClient: QueryClient,
  client: PromptApiClient,
  collection: Collection<T>,
  request: ReadRequest<T>,
  signal: AbortSignal,
): Promise<T> {
  const kind = kindOf(queryClient, client, collection);
  return new Promise<T>((resolve) => {
    const onAbort = () => end(kind, read, request.own());
    const read: Read = {
      ...request,
      settle(answer) {
        signal.removeEventListener('abort', onAbort);
        resolve(answer as T | Promise<T>);
      },
    };
    signal.addEventListener('abort', onAbort);
    route(kind, read);
    forgetIfIdle(kind);
  });
}

/**
 * How many kinds of `queryClient` have a list in flight or reads still to decide: none once every read
 * has settled or left. Not part of the package's API: for the test that checks nothing is kept.
 */
export function kindsInFlight(queryClient: QueryClient): number {
  return kindsByQueryClient.get(queryClient)?.size ?? 0;
}
