// What the cache answers for one read from what it holds, or what it must fetch first: pure, no I/O.
// The rule that bounds the upstream spend: an item or a version is fetched only when its kind's list
// names it; an id or a version the list does not name is answered 404 without a request (once the list
// is stale, after one refresh of it for the fleet, so that what was published since is found).
import type { ListIndex } from './list-index.ts';
import type { ListStamp, Route, StoredResponse } from './policy.ts';
import type { Representation } from './representation.ts';
import { absent } from './responses.ts';

/** What the cache holds for one read. */
export interface Holdings {
  route: Route;
  /** The item's identifier, decoded; absent for a list. */
  id: string | undefined;
  /** The kind's index stamp, and the index it names (or an older one, while the newer loads). */
  stamp: ListStamp | undefined;
  index: ListIndex | undefined;
  /** The read's own entry: a pinned version, a latest item refreshed alone, a remembered 404 or failure. */
  entry: StoredResponse | undefined;
  now: number;
  /** Whether a request may be sent for this read (not when the quota is spent). */
  mayFetch: boolean;
}

/** What to do: answer (from the index's representation, maybe), or fetch the index or the entry. */
export type Verdict =
  | {
      answer: StoredResponse;
      /** The answer's body, made once for the index (a list or an item answered from it); else the record's. */
      representation?: Representation;
      fresh: boolean;
      /** A refresh to start in the background: a stale answer. */
      refresh?: 'list' | 'entry';
      /** Store the answer as the read's own entry (a pinned version found in the index). */
      keep?: boolean;
    }
  | { fetch: 'list' | 'entry' };

/** Content is usable fresh or stale; a remembered 404 or failure only while it is fresh. */
export const usable = (record: StoredResponse | undefined, now: number): record is StoredResponse =>
  record !== undefined && (record.status === 200 || (record.freshUntil ?? Infinity) > now);

/** Decides one read. */
export function consult({ route, id, stamp, index, entry, now, mayFetch }: Holdings): Verdict {
  const listFresh = stamp?.freshUntil !== undefined && now < stamp.freshUntil;
  const { failure } = stamp ?? {};
  // A list that failed is not asked again before its back-off (doubling, up to an interval) has passed;
  // its items refresh alone meanwhile (one a turn: fleet.ts), each but in its own back-off.
  const listFailing = failure !== undefined && now < (failure.freshUntil ?? 0);
  const listRefreshable = !listFailing;
  const entryRefreshable = !entry?.backoffUntil || now >= entry.backoffUntil;
  /** How a stale answer is refreshed: its list, else the item alone, else (both backing off) not yet. */
  const refreshBy = listRefreshable ? 'list' : entryRefreshable ? 'entry' : undefined;
  const fromIndex = (freshUntil: number | null): StoredResponse => ({
    status: 200,
    body: '',
    contentType: 'application/json',
    fetchedAt: index?.fetchedAt ?? 0,
    freshUntil,
  });

  if (id === undefined) {
    if (index?.valid) {
      const refresh = listFresh || listFailing ? undefined : 'list';
      return { answer: fromIndex(stamp?.freshUntil ?? 0), representation: index.list(route.includeVersions), fresh: listFresh, refresh };
    }
    // A list that broke the contract is answered as it came, so the client says where it breaks it.
    if (listFailing) return { answer: failure, representation: failure.status === 200 ? index?.list(true) : undefined, fresh: true };
    return { fetch: 'list' };
  }

  const own = usable(entry, now) ? entry : undefined;
  if (route.version !== undefined && own) return { answer: own, fresh: true };
  if (!index) {
    // Nothing says what exists: the list first, or what it answered when it failed.
    if (own && !own.invalid) return { answer: own, fresh: own.freshUntil === null || own.freshUntil > now, refresh: refreshBy };
    if (own) return { answer: own, fresh: true };
    if (listFailing) return { answer: failure, fresh: true };
    return { fetch: 'list' };
  }

  const item = index.item(id);
  if (!item || (route.version !== undefined && !item.versions.has(route.version))) {
    if (!listFresh && listRefreshable && mayFetch) return { fetch: 'list' };
    return { answer: absent(route, item ? 'VERSION_NOT_FOUND' : 'NOT_FOUND', index.fetchedAt, stamp?.freshUntil ?? 0), fresh: listFresh };
  }

  if (route.version !== undefined) {
    const representation = route.version === item.latest ? index.itemRepresentation(id) : undefined;
    if (representation) return { answer: { ...fromIndex(null), body: representation.text }, representation, fresh: true, keep: true };
    return { fetch: 'entry' };
  }

  // The latest item: the newer of the list's copy and its own (refreshed alone while the list failed).
  const listedRepresentation = index.itemRepresentation(id);
  const listed = listedRepresentation ? fromIndex(stamp?.freshUntil ?? 0) : undefined;
  const alone = own?.status === 200 && !own.invalid ? own : undefined;
  const content = alone && (!listed || alone.fetchedAt > listed.fetchedAt) ? alone : listed;
  // Its own 404 since the list (unpublished meanwhile), or a failure with nothing to serve instead.
  const remembered = own && own !== alone ? own : undefined;
  if (remembered && remembered.status >= 400 && remembered.status < 500 && (!content || remembered.fetchedAt > content.fetchedAt)) {
    return { answer: remembered, fresh: true };
  }
  if (content) {
    const fresh = (content.freshUntil ?? Infinity) > now;
    const refresh = fresh || remembered ? undefined : refreshBy;
    return { answer: content, representation: content === listed ? listedRepresentation : undefined, fresh, refresh };
  }
  if (remembered) return { answer: remembered, fresh: true };
  return { fetch: 'entry' };
}
