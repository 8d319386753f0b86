// Each account's indexes (its kinds' lists with versions, parsed) as this server holds them, and how an
// index another server stored is loaded: one load at a time per index, a read waiting for it at most its
// store budget while an older one answers.
import type { Eventually } from './eventually.ts';
import type { Budget, Layers } from './layers.ts';
import { indexList, type ListIndex } from './list-index.ts';
import { keyOf, type ListStamp, type Route, versionsListUrl } from './policy.ts';
import { dropOldest } from './remembered.ts';
import { sleep } from './responses.ts';

/**
 * The indexes of one cache, over its layers; `track` tracks background work. Memory holds those of the
 * `maxAccounts` accounts read last: an account's index dropped past them is loaded again from the shared
 * store (one parse), or fetched again on its next read when there is none.
 */
export function createIndexes(layers: Layers, track: <T>(work: Promise<T>) => Promise<T>, maxAccounts: number) {
  /** The accounts' indexes, parsed, by partition (the account read last at the end), then list URL. */
  const accounts = new Map<string, Map<string, ListIndex>>();
  const loads = new Map<string, Promise<ListIndex | undefined>>();

  /** The account's indexes (created with `create`), now its most recently read. */
  function indexesOf(partition: string, create: true): Map<string, ListIndex>;
  function indexesOf(partition: string): Map<string, ListIndex> | undefined;
  function indexesOf(partition: string, create?: true): Map<string, ListIndex> | undefined {
    const held = accounts.get(partition) ?? (create && new Map<string, ListIndex>());
    if (!held) return undefined;
    accounts.delete(partition);
    accounts.set(partition, held);
    return held;
  }

  /** Holds `index` as the list URL's, unless a newer one is held; then drops the accounts read longest ago. */
  function hold(partition: string, url: string, index: ListIndex): ListIndex {
    const held = indexesOf(partition, true);
    const current = held.get(url);
    if (current && current.fetchedAt > index.fetchedAt) return current;
    held.set(url, index);
    dropOldest(accounts, maxAccounts);
    return index;
  }

  /** Loads an index another server stored (one load per index at a time). */
  function load(partition: string, route: Route, stamp: ListStamp): Promise<ListIndex | undefined> {
    const url = versionsListUrl(route);
    const memoryKey = `${partition} ${url}`;
    const held = () => accounts.get(partition)?.get(url);
    let loading = loads.get(memoryKey);
    if (loading) return loading;
    loading = (async () => {
      const { shared } = await layers.read(keyOf(partition, 'list', url), undefined, stamp.bytes);
      const newline = shared?.indexOf('\n') ?? -1;
      const fetchedAt = Number(shared?.slice(0, newline));
      const current = held();
      if (shared === undefined || newline < 0 || (current && current.fetchedAt >= fetchedAt)) return current;
      const body = shared.slice(newline + 1);
      let json: unknown;
      try {
        json = JSON.parse(body);
      } catch {
        return current;
      }
      const index = indexList(route.kind, json, body, fetchedAt);
      return index ? hold(partition, url, index) : current;
    })().finally(() => loads.delete(memoryKey));
    loads.set(memoryKey, track(loading));
    return loading;
  }

  /**
   * The index the stamp names, parsed. When this server holds an older one, the read waits for the newer
   * at most what is left of its budget, then answers from the older while the newer loads; with none, it
   * waits for the load. At once when this server holds the index the stamp names.
   */
  function listIndexOf(partition: string, route: Route, stamp: ListStamp | undefined, budget: Budget): Eventually<ListIndex | undefined> {
    const held = indexesOf(partition)?.get(versionsListUrl(route));
    if (stamp?.fetchedAt === undefined || (held && held.fetchedAt >= stamp.fetchedAt)) return held;
    const loading = load(partition, route, stamp);
    if (!held) return loading;
    return budget.charge(Promise.race([loading, sleep(Math.max(0, budget.remainingMs)).then(() => held)])).then((loaded) => loaded ?? held);
  }

  return {
    /** The index this server holds for a list URL. */
    held: (partition: string, url: string) => accounts.get(partition)?.get(url),
    /** Holds `index` as the list URL's, unless this server holds a newer one (fetched later). */
    hold(partition: string, url: string, index: ListIndex): void {
      hold(partition, url, index);
    },
    listIndexOf,
    /** Published versions the indexes held name, for sizing memory. */
    versionCount(): number {
      let total = 0;
      for (const held of accounts.values()) for (const index of held.values()) total += index.versionCount;
      return total;
    },
  };
}
