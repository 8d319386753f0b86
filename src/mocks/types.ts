import type { Composer, Prompt } from '../api/types.ts';
import type { Plan } from './constants.ts';

/** Whether a stored version is reachable (`published`) or invisible (`draft`). */
export type VersionStatus = 'published' | 'draft';

/** One stored version of a prompt: the Prompt as served, plus its status. */
export type MockPromptSeed = Omit<Prompt, 'publishedVersions'> & {
  /** @default 'published' */
  status?: VersionStatus;
};

/** One stored version of a composer: the Composer as served, plus its status. */
export type MockComposerSeed = Omit<Composer, 'publishedVersions'> & {
  /** @default 'published' */
  status?: VersionStatus;
};

/** An API key of the mock database. */
export interface MockKeySeed {
  /** The key as sent in `Authorization: Bearer <key>`. */
  key: string;
  /** Free: 5,000 requests a month; Pro: 50,000. */
  plan: Plan;
  /** Requests already used in the clock's current month. @default 0 */
  used?: number;
  /** A revoked key answers 401 `INVALID_KEY`. @default false */
  revoked?: boolean;
}

/** What `createMockDb` starts from; every part defaults to the default fixtures. */
export interface MockDbSeed {
  /**
   * Prompt versions, oldest first per prompt (the order decides which published version is the latest).
   * @default FIXTURE_PROMPTS
   */
  prompts?: readonly MockPromptSeed[];
  /** Composer versions, oldest first per composer. @default FIXTURE_COMPOSERS */
  composers?: readonly MockComposerSeed[];
  /** API keys. @default FIXTURE_API_KEYS */
  keys?: readonly MockKeySeed[];
  /**
   * Fixes the clock at this time (ms, `Date` or ISO string). Without it the clock follows real time until
   * `db.clock.set()` or `db.clock.advance()` is called.
   * @default undefined
   */
  now?: number | Date | string;
}

/** The outcome of looking up one item. */
export type Lookup<T> = { status: 'found'; value: T } | { status: 'not-found' } | { status: 'version-not-found' };

/** Usage of one key in the clock's current month. */
export interface KeyUsage {
  plan: Plan;
  /** Requests counted this month (may exceed `limit` when set so). */
  used: number;
  limit: number;
  /** `max(0, limit - used)`. */
  remaining: number;
  /** When the quota resets (00:00 UTC on the 1st of next month), in ms since the epoch. */
  resetAt: number;
  revoked: boolean;
}
