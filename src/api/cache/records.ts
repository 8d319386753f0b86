// What the cache keeps for each account, and where: entries (a pinned version, an item refreshed alone, a
// remembered 404 or failure), each kind's index (a large body, read once per refresh, and a small stamp
// read on every request), and the account's record. Of the shared store's copy and memory's, the newer
// wins; what the shared store lost (restarted empty, evicted) is given back to it.
import { andThen, type Eventually } from './eventually.ts';
import { createIndexes } from './indexes.ts';
import type { Budget, Layers } from './layers.ts';
import { indexList } from './list-index.ts';
import { type AccountRecord, accountKey, backoffMs, ENTRY_BACKOFF_MAX_MS, decode, isPinned, keyOf, type ListStamp, type Route, type StoredResponse, validItem, versionsListUrl } from './policy.ts';
import { recentlyRead } from './remembered.ts';
import { representationsByKey } from './representation.ts';
import type { Fetched } from './upstream.ts';


/** What the records need from the cache's options. */
export interface RecordsOptions {
  notFoundTtlMs: number;
  errorTtlMs: number;
  /** Tracks background work (`idle()` waits for it). */
  track: <T>(work: Promise<T>) => Promise<T>;
  /** How many entries memory keeps: as many representations of entries are kept. */
  capacity: () => number;
  /** How many accounts' indexes memory keeps, those read last. */
  maxAccounts: number;
}

/**
 * An entry's TTL in the store: none for content (a refresh replaces it); for the rest its freshness, and
 * for a failure `ENTRY_BACKOFF_MAX_MS` more, so that its count of failures in a row outlives its back-off.
 */
const storeTtl = (record: StoredResponse) => {
  if ((record.status === 200 && !record.invalid) || record.freshUntil === null) return undefined;
  return Math.max(1, record.freshUntil - Date.now()) + (record.failures ? ENTRY_BACKOFF_MAX_MS : 0);
};

/** The records of one cache, over its layers. */
export function createRecords(layers: Layers, { notFoundTtlMs, errorTtlMs, track, capacity, maxAccounts }: RecordsOptions) {
  const indexes = createIndexes(layers, track, maxAccounts);
  const entryRepresentations = representationsByKey(capacity);
  /** The last text read under each key and what it decoded to: an unchanged record is not parsed per read. */
  const decoded = recentlyRead<{ text: string; value: object | undefined; placed: number }>(capacity);

  /**
   * `text` decoded, the same object while the key's text does not change (nothing here changes a decoded
   * record: a new one is written instead). The least recently read go first, past `capacity()`.
   */
  function decodeOf<T extends object>(key: string, text: string | undefined): T | undefined {
    if (text === undefined) return undefined;
    const held = decoded.get(key);
    if (held?.text === text) return held.value as T | undefined;
    const value = decode<T>(text);
    decoded.set(key, { text, value, placed: 0 });
    return value;
  }

  /**
   * Gives the shared store a stamp (`text`, changed at `updatedAt`) that memory holds, unless memory holds
   * a newer one by now: a write that waited (for a list's body) never sets the fleet back to an older list.
   */
  function shareUnlessNewer(stampKey: string, text: string, updatedAt: number): Promise<void> | undefined {
    const held = decode<ListStamp>(layers.peek(stampKey));
    return held && held.updatedAt > updatedAt ? undefined : layers.share(stampKey, text);
  }

  /**
   * The newer of the shared store's and memory's copies (by `time`). A copy the shared store answered is
   * kept in memory too (for when it is down); one it lost is given back to it by `restore`. At once when
   * the store answers at once.
   */
  function readNewest<T extends object>(
    key: string,
    budget: Budget | undefined,
    time: (record: T) => number,
    ttl: (record: T) => number | undefined,
    restore: (record: T, text: string) => void,
  ): Eventually<T | undefined> {
    return andThen(layers.read(key, budget), ({ shared, memory, answered }) => {
      const fromShared = decodeOf<T>(key, shared);
      // Once a copy is remembered both layers hold the same text: parsed once.
      const fromMemory = memory === shared ? fromShared : decodeOf<T>(key, memory);
      if (fromShared && (!fromMemory || time(fromShared) >= time(fromMemory))) {
        if (shared !== memory) layers.remember(key, shared as string, ttl(fromShared));
        return fromShared;
      }
      if (fromMemory && answered && shared === undefined) restore(fromMemory, memory as string);
      return fromMemory;
    });
  }

  const readEntry = (partition: string, url: string, budget?: Budget) =>
    readNewest<StoredResponse>(keyOf(partition, 'entry', url), budget, (record) => record.fetchedAt, storeTtl, (record, text) => {
      void track(layers.write(keyOf(partition, 'entry', url), text, storeTtl(record)));
    });

  const readStamp = (partition: string, url: string, budget?: Budget) =>
    readNewest<ListStamp>(keyOf(partition, 'stamp', url), budget, (stamp) => stamp.updatedAt, () => undefined, (stamp, text) => {
      const index = indexes.held(partition, url);
      const body = index && index.fetchedAt === stamp.fetchedAt ? layers.share(keyOf(partition, 'list', url), `${index.fetchedAt}\n${index.body}`) : Promise.resolve();
      // The shared store gets the stamp back once it holds the body, unless a newer stamp came meanwhile
      // (a refresh while the body was on its way): memory is never set back to the older one.
      void track(body.then(() => shareUnlessNewer(keyOf(partition, 'stamp', url), text, stamp.updatedAt)));
    });

  /**
   * What the shared store says of the account wins (deleting it there lifts a remembered 429 everywhere).
   * At once when the store answers at once.
   */
  function readAccount(partition: string, budget?: Budget): Eventually<AccountRecord> {
    const key = accountKey(partition);
    return andThen(layers.read(key, budget), ({ shared, memory, answered }) => {
      if (answered && shared !== memory) layers.remember(key, shared ?? '{}');
      return decodeOf<AccountRecord>(key, answered ? shared : memory) ?? {};
    });
  }

  /** Writes the account's record for the fleet (memory at once). */
  const writeAccount = (partition: string, account: AccountRecord) => track(layers.write(accountKey(partition), JSON.stringify(account)));

  /**
   * Stores a list's answer and resolves once the shared store has it. A list (valid or not) becomes the
   * index, body before stamp; a list that breaks the contract does not replace a valid one, which keeps
   * answering (stale) while items refresh alone. Anything else is a failure beside the last index, with
   * its back-off.
   */
  function saveList(partition: string, route: Route, { record, json }: Fetched, freshForMs: number): Promise<unknown> {
    const url = versionsListUrl(route);
    const now = record.fetchedAt;
    const stampKey = keyOf(partition, 'stamp', url);
    const previous = decode<ListStamp>(layers.peek(stampKey)) ?? { updatedAt: 0 };
    const index = record.status === 200 ? indexList(route.kind, json, record.body, now) : undefined;
    const failures = index?.valid ? 0 : (previous.failures ?? 0) + 1;
    const failure = { ...record, body: record.status === 200 ? '' : record.body, freshUntil: now + backoffMs(failures, errorTtlMs, freshForMs) };
    if (!index || (!index.valid && previous.fetchedAt !== undefined && !previous.invalid)) {
      return layers.write(stampKey, JSON.stringify({ ...previous, updatedAt: now, failure, failures } satisfies ListStamp));
    }
    indexes.hold(partition, url, index);
    const stamp: ListStamp = { updatedAt: now, fetchedAt: now, freshUntil: now + freshForMs, bytes: record.body.length };
    if (!index.valid) Object.assign(stamp, { invalid: true, failure, failures });
    // Memory at once (this server answers from it); the shared store gets the body before the stamp, and
    // the stamp only while no newer one has come meanwhile (a slow store may take the body for seconds).
    const text = JSON.stringify(stamp);
    layers.remember(stampKey, text);
    return layers.share(keyOf(partition, 'list', url), `${now}\n${record.body}`).then(() => shareUnlessNewer(stampKey, text, now));
  }

  /**
   * Stores an item's answer, and says whether it failed (5xx, no answer, outside the contract) and for how
   * long the entry backs off: `errorTtlMs`, doubling with each failure in a row, at most one refresh
   * interval (`freshForMs`) or `ENTRY_BACKOFF_MAX_MS`, the longer. Content already held is kept, with its back-off; else the failure is remembered
   * (and served) for the back-off, and its count kept one interval longer.
   */
  function saveEntry(partition: string, route: Route, { record, json }: Fetched, freshForMs: number): { failed: boolean; written: Promise<unknown>; backoffMs?: number } {
    const key = keyOf(partition, 'entry', route.url);
    const now = record.fetchedAt;
    const { status } = record;
    if (status === 0 || status >= 500 || (status === 200 && !validItem(route.kind, json))) {
      const current = decode<StoredResponse>(layers.peek(key));
      const failures = (current?.failures ?? 0) + 1;
      const wait = backoffMs(failures, errorTtlMs, Math.max(freshForMs, ENTRY_BACKOFF_MAX_MS));
      const failure: StoredResponse =
        current?.status === 200 && !current.invalid
          ? { ...current, failures, backoffUntil: now + wait }
          : { ...record, ...(status === 200 && { invalid: true }), failures, freshUntil: now + wait };
      return { failed: true, written: layers.write(key, JSON.stringify(failure), storeTtl(failure)), backoffMs: wait };
    }
    if (status !== 200) return { failed: false, written: layers.write(key, JSON.stringify({ ...record, freshUntil: now + notFoundTtlMs }), notFoundTtlMs) };
    return { failed: false, written: layers.write(key, JSON.stringify({ ...record, freshUntil: isPinned(route) ? null : now + freshForMs })) };
  }

  /** Keeps an answer as the read's own entry (a pinned version found in the index). */
  const keepEntry = (partition: string, route: Route, record: StoredResponse) => track(layers.write(keyOf(partition, 'entry', route.url), JSON.stringify(record)));

  return {
    /** Published versions the indexes name, for sizing memory. */
    versionCount: indexes.versionCount,
    readEntry,
    readStamp,
    readAccount,
    listIndexOf: indexes.listIndexOf,
    writeAccount,
    saveList,
    saveEntry,
    keepEntry,
    /**
     * The representation of an entry's body: the same for every read of the same record (a refresh is a
     * new record, with a new body), so that what reads make of it is made once.
     */
    representationOf: (partition: string, url: string, record: StoredResponse) => entryRepresentations(keyOf(partition, 'entry', url), record.body),
  };
}

/** The records of one cache. */
export type Records = ReturnType<typeof createRecords>;
