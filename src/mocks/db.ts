import type { Composer, Prompt, PublishedVersion } from '../api/types.ts';
import { parseComposer, parsePrompt } from '../api/validate.ts';
import { createMockClock, type MockClock, nextMonthStart, periodOf } from './clock.ts';
import { ID_PATTERN, PLAN_LIMITS, VERSION_PATTERN } from './constants.ts';
import { createFaultController, type FaultController } from './faults.ts';
import { FIXTURE_COMPOSERS } from './fixtures/composers.ts';
import { FIXTURE_API_KEYS } from './fixtures/keys.ts';
import { FIXTURE_PROMPTS } from './fixtures/prompts.ts';
import type { KeyUsage, Lookup, MockComposerSeed, MockDbSeed, MockKeySeed, MockPromptSeed, VersionStatus } from './types.ts';

/** The kinds of stored items. */
export type ItemKind = 'prompt' | 'composer';

/**
 * The in-memory state of the mock backend: prompts, composers, API keys with their monthly usage, a
 * clock and the fault queue. Share one between handlers and a loopback server to see the same state.
 */
export interface MockDb {
  /** The clock that meters usage; fixed when the seed gave `now`, real time otherwise. */
  readonly clock: MockClock;
  /** Faults the handlers answer with on demand (see `FaultController`). */
  readonly faults: FaultController;
  /** The latest published version, or the requested one; drafts are invisible (a draft version is not found). */
  getPrompt(promptId: string, version?: string): Lookup<Prompt>;
  /** Every prompt with a published version, latest version each, ordered by identifier. */
  listPrompts(options?: { includeVersions?: boolean }): Prompt[];
  /** Like `getPrompt`, for composers. */
  getComposer(composerId: string, version?: string): Lookup<Composer>;
  /** Like `listPrompts`, for composers (their `publishedVersions` carry only `version`). */
  listComposers(options?: { includeVersions?: boolean }): Composer[];
  /** Appends a version (validated like a fixture; `status` defaults to `published`). */
  addPrompt(prompt: MockPromptSeed): void;
  /** Appends a composer version (validated like a fixture). */
  addComposer(composer: MockComposerSeed): void;
  /** Publishes a draft version. Throws when it does not exist. */
  publish(kind: ItemKind, id: string, version: string): void;
  /** Adds or replaces an API key. */
  addKey(key: MockKeySeed): void;
  /** Revokes a key: it answers 401 `INVALID_KEY` from now on. */
  revokeKey(key: string): void;
  /** Sets the number of requests a key has used in the current month. */
  setUsage(key: string, used: number): void;
  /** The key's usage this month, or `null` for an unknown key (revoked keys included, with `revoked`). */
  usageOf(key: string): KeyUsage | null;
  /**
   * Meters one request of a valid key: counts it when quota is left (`allowed: true`), or refuses it
   * without counting (`allowed: false`). Used by the handlers.
   */
  consume(key: string): { allowed: boolean; usage: KeyUsage };
  /** Restores the seed: content, keys, usage and the seed's clock time; clears pending faults. */
  reset(): void;
}

interface StoredVersion<T> {
  status: VersionStatus;
  value: T;
}
interface StoredKey {
  plan: MockKeySeed['plan'];
  revoked: boolean;
  used: number;
  period: string;
}

function strip<T extends { status?: VersionStatus }>(seed: T): Omit<T, 'status'> {
  const { status: _status, ...value } = seed;
  return structuredClone(value);
}

function check(kind: ItemKind, id: string, version: string, validate: () => void): void {
  const where = `Invalid mock fixture ${kind} "${id}" version "${version}"`;
  if (!ID_PATTERN.test(id)) throw new Error(`${where}: the identifier is outside the format (1 to 128 letters, digits, _ or -, starting with a letter or digit)`);
  if (!VERSION_PATTERN.test(version)) throw new Error(`${where}: the version is outside the format (1 to 64 letters, digits, ., _ or -)`);
  try {
    validate();
  } catch (cause) {
    throw new Error(`${where}: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
}

function createStore<T extends { version: string }>(kind: ItemKind) {
  const items = new Map<string, StoredVersion<T>[]>();
  const published = (id: string) => (items.get(id) ?? []).filter((entry) => entry.status === 'published');
  return {
    items,
    add(id: string, status: VersionStatus, value: T) {
      const versions = items.get(id) ?? [];
      if (versions.some((entry) => entry.value.version === value.version)) {
        throw new Error(`Invalid mock fixture ${kind} "${id}" version "${value.version}": the version exists already`);
      }
      items.set(id, [...versions, { status, value }]);
    },
    get(id: string, version: string | undefined): Lookup<T> {
      const visible = published(id);
      if (visible.length === 0) return { status: 'not-found' };
      const entry = version === undefined ? visible.at(-1) : visible.find((item) => item.value.version === version);
      if (entry) return { status: 'found', value: structuredClone(entry.value) };
      // The contract's states table: requesting a draft "behaves as not found (NOT_FOUND)".
      const draft = (items.get(id) ?? []).some((item) => item.value.version === version);
      return { status: draft ? 'not-found' : 'version-not-found' };
    },
    list(versions: ((entry: T) => PublishedVersion) | null): T[] {
      const ids = [...items.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      return ids.flatMap((id) => {
        const visible = published(id);
        const latest = visible.at(-1);
        if (!latest) return [];
        const value = structuredClone(latest.value);
        return [versions ? { ...value, publishedVersions: visible.map((entry) => versions(entry.value)) } : value];
      });
    },
    publish(id: string, version: string) {
      const entry = items.get(id)?.find((item) => item.value.version === version);
      if (!entry) throw new Error(`No mock ${kind} "${id}" version "${version}" to publish`);
      entry.status = 'published';
    },
  };
}

/**
 * Creates an in-memory database, by default holding the default fixtures (`FIXTURE_PROMPTS`,
 * `FIXTURE_COMPOSERS`, `FIXTURE_API_KEYS`). Every seeded version is checked with the client's own
 * `parsePrompt`/`parseComposer`; a bad fixture throws an error naming it.
 *
 * @example
 * const db = createMockDb({ now: '2026-11-15T12:00:00Z' })
 * db.setUsage(FIXTURE_KEYS.free, 4_997)
 * db.clock.advance(30 * 24 * 3600 * 1000) // next month: usage starts again at 0
 */
export function createMockDb(seed: MockDbSeed = {}): MockDb {
  const clock = createMockClock(seed.now);
  const faults = createFaultController();
  let prompts = createStore<Prompt>('prompt');
  let composers = createStore<Composer>('composer');
  const keys = new Map<string, StoredKey>();

  const usage = (record: StoredKey): KeyUsage => {
    const now = clock.now();
    const used = record.period === periodOf(now) ? record.used : 0;
    const limit = PLAN_LIMITS[record.plan];
    return { plan: record.plan, used, limit, remaining: Math.max(0, limit - used), resetAt: nextMonthStart(now), revoked: record.revoked };
  };
  const keyRecord = (key: string): StoredKey => {
    const record = keys.get(key);
    if (!record) throw new Error(`Unknown mock API key "${key}"`);
    return record;
  };

  const db: MockDb = {
    clock,
    faults,
    getPrompt: (id, version) => prompts.get(id, version),
    listPrompts: ({ includeVersions = false } = {}) =>
      prompts.list(includeVersions ? ({ version, userMessage }) => ({ version, userMessage }) : null),
    getComposer: (id, version) => composers.get(id, version),
    listComposers: ({ includeVersions = false } = {}) => composers.list(includeVersions ? ({ version }) => ({ version }) : null),
    addPrompt(prompt) {
      const value = strip(prompt);
      check('prompt', value.promptId, value.version, () => parsePrompt(value));
      prompts.add(value.promptId, prompt.status ?? 'published', value);
    },
    addComposer(composer) {
      const value = strip(composer);
      check('composer', value.composerId, value.version, () => parseComposer(value));
      composers.add(value.composerId, composer.status ?? 'published', value);
    },
    publish: (kind, id, version) => (kind === 'prompt' ? prompts : composers).publish(id, version),
    addKey({ key, plan, used = 0, revoked = false }) {
      if (!(plan in PLAN_LIMITS)) throw new Error(`Unknown plan "${plan}" for mock API key "${key}"`);
      keys.set(key, { plan, revoked, used, period: periodOf(clock.now()) });
    },
    revokeKey(key) {
      keyRecord(key).revoked = true;
    },
    setUsage(key, used) {
      if (!Number.isInteger(used) || used < 0) throw new RangeError(`Usage must be a non-negative integer, got ${used}`);
      Object.assign(keyRecord(key), { used, period: periodOf(clock.now()) });
    },
    usageOf: (key) => {
      const record = keys.get(key);
      return record ? usage(record) : null;
    },
    consume(key) {
      const record = keyRecord(key);
      const before = usage(record);
      if (before.used >= before.limit) return { allowed: false, usage: before };
      Object.assign(record, { used: before.used + 1, period: periodOf(clock.now()) });
      return { allowed: true, usage: usage(record) };
    },
    reset() {
      if (seed.now !== undefined) clock.set(seed.now);
      faults.clear();
      prompts = createStore<Prompt>('prompt');
      composers = createStore<Composer>('composer');
      keys.clear();
      (seed.prompts ?? FIXTURE_PROMPTS).forEach(db.addPrompt);
      (seed.composers ?? FIXTURE_COMPOSERS).forEach(db.addComposer);
      (seed.keys ?? FIXTURE_API_KEYS).forEach(db.addKey);
    },
  };
  db.reset();
  return db;
}
