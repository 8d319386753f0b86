// Each account's indexes (its kinds' lists with versions, parsed) as this server holds them, and how an
// index another server stored is loaded: one load at a time per index, a read waiting for it at most its
// store budget while an older one answers.
import type { Budget, Layers } from './layers.ts';
import { indexList, type ListIndex } from './list-index.ts';
import { keyOf, type ListStamp, type Route, versionsListUrl } from './policy.ts';
import { sleep } from './responses.ts';

/** The indexes of one cache, over its layers; `track` tracks background work. */
export function createIndexes(layers: Layers, track: <T>(work: Promise<T>) => Promise<T>) {
  /** Each account's indexes, parsed, by partition and list URL. */
  const indexes = new Map<string, ListIndex>();
  const loads = new Map<string, Promise<ListIndex | undefined>>();

  /** Loads an index another server stored (one load per index at a time). */
  function load(partition: string, route: Route, stamp: ListStamp): Promise<ListIndex | undefined> {
    const url = versionsListUrl(route);
    const memoryKey = `${partition} ${url}`;
    let loading = loads.get(memoryKey);
    if (loading) return loading;
    loading = (async () => {
      const { shared } = await layers.read(keyOf(partition, 'list', url), undefined, stamp.bytes);
      const newline = shared?.indexOf('\n') ?? -1;
      const fetchedAt = Number(shared?.slice(0, newline));
      const current = indexes.get(memoryKey);
      if (shared === undefined || newline < 0 || (current && current.fetchedAt >= fetchedAt)) return current;
      const body = shared.slice(newline + 1);
      let json: unknown;
      try {
        json = JSON.parse(body);
      } catch {
        return current;
      }
      const index = indexList(route.kind, json, body, fetchedAt);
      if (index) indexes.set(memoryKey, index);
      return index ?? current;
    })().finally(() => loads.delete(memoryKey));
    loads.set(memoryKey, track(loading));
    return loading;
  }

  /**
   * The index the stamp names, parsed. When this server holds an older one, the read waits for the newer
   * at most what is left of its budget, then answers from the older while the newer loads; with none, it
   * waits for the load.
   */
  async function listIndexOf(partition: string, route: Route, stamp: ListStamp | undefined, budget: Budget): Promise<ListIndex | undefined> {
    const held = indexes.get(`${partition} ${versionsListUrl(route)}`);
    if (stamp?.fetchedAt === undefined || (held && held.fetchedAt >= stamp.fetchedAt)) return held;
    const loading = load(partition, route, stamp);
    if (!held) return loading;
    const started = Date.now();
    const loaded = await Promise.race([loading, sleep(Math.max(0, budget.remainingMs)).then(() => held)]);
    budget.remainingMs -= Date.now() - started;
    return loaded ?? held;
  }

  return {
    /** The index this server holds for a list URL. */
    held: (partition: string, url: string) => indexes.get(`${partition} ${url}`),
    /** Holds `index` as the list URL's, unless this server holds a newer one (fetched later). */
    hold(partition: string, url: string, index: ListIndex) {
      const key = `${partition} ${url}`;
      if ((indexes.get(key)?.fetchedAt ?? -Infinity) <= index.fetchedAt) indexes.set(key, index);
    },
    listIndexOf,
    /** Published versions the indexes name, for sizing memory. */
    versionCount: () => [...indexes.values()].reduce((total, index) => total + index.versionCount, 0),
  };
}
