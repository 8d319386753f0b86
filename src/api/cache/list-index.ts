// A kind's index: its `include_versions=true` list, read once per refresh into a map by id. It says
// what exists (every published id and version, as the contract promises), answers every latest item and
// both lists of the kind, and is how the cache answers an id or a version that does not exist without
// asking the API. Pure: no I/O.
import { type Kind, validItem } from './policy.ts';
import { createRepresentation, type Representation } from './representation.ts';

/** What an index knows of one id. */
export interface IndexedItem {
  /** Its published versions, as the list names them (its latest included). */
  readonly versions: ReadonlySet<string>;
  /** Its latest version: the item's own `version`. */
  readonly latest: string | undefined;
  /** The item as a single-item read answers it (no `publishedVersions`), when it meets the contract. */
  readonly value: Record<string, unknown> | undefined;
}

/** A kind's list with versions, indexed. */
export interface ListIndex {
  /** When the list was fetched, in milliseconds since the epoch. */
  readonly fetchedAt: number;
  /** The list's body (with versions), as stored (decoded again from its bytes when the handler holds them). */
  readonly body: string;
  /** Whether every item meets the contract: only then are the lists answered from it. */
  readonly valid: boolean;
  /** How many published versions the list names: the cache's memory is sized by it. */
  readonly versionCount: number;
  /** What the list says of `id`: `undefined` when it does not name it (not published). */
  item(id: string): IndexedItem | undefined;
  /**
   * A single-item read of `id`'s latest version, when the list holds it valid: made on its first read,
   * then the same for every read of it until the list is refreshed.
   */
  itemRepresentation(id: string): Representation | undefined;
  /** The list as a read of it answers, with versions (as fetched) or without: made once each. */
  list(includeVersions: boolean): Representation;
}

const ID_FIELD = { prompts: 'promptId', composers: 'composerId' } as const;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The index of `json`, the parsed `body` of a kind's list with versions, or `undefined` when it is not
 * an array. Items that break the contract still say that their id and versions exist (an item refreshes
 * alone then); entries without an id are skipped.
 */
export function indexList(kind: Kind, json: unknown, body: string, fetchedAt: number): ListIndex | undefined {
  if (!Array.isArray(json)) return undefined;
  const items = new Map<string, IndexedItem>();
  const bare: Record<string, unknown>[] = [];
  let valid = true;
  let versionCount = 0;
  for (const entry of json as unknown[]) {
    const id = isRecord(entry) ? entry[ID_FIELD[kind]] : undefined;
    if (!isRecord(entry) || typeof id !== 'string') {
      valid = false;
      continue;
    }
    const meets = validItem(kind, entry);
    valid &&= meets;
    const { publishedVersions, ...value } = entry;
    const latest = typeof value.version === 'string' ? value.version : undefined;
    const listed = Array.isArray(publishedVersions) ? publishedVersions.map((each: unknown) => (isRecord(each) ? each.version : undefined)) : [];
    const versions = new Set([...listed, latest].filter((version): version is string => typeof version === 'string'));
    versionCount += versions.size;
    items.set(id, { versions, latest, value: meets ? value : undefined });
    bare.push(value);
  }
  const representations = new Map<string, Representation>();
  // The body is held by its representation alone (as bytes, once the handler has made them).
  const withVersions = createRepresentation(body);
  let plain: Representation | undefined;
  return {
    fetchedAt,
    get body() {
      return withVersions.text;
    },
    valid,
    versionCount,
    item: (id) => items.get(id),
    itemRepresentation(id) {
      const value = items.get(id)?.value;
      if (!value) return undefined;
      let representation = representations.get(id);
      if (!representation) representations.set(id, (representation = createRepresentation(JSON.stringify(value))));
      return representation;
    },
    list: (includeVersions) => (includeVersions ? withVersions : (plain ??= createRepresentation(JSON.stringify(bare)))),
  };
}
