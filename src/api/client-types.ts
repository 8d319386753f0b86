// What a client of the API is, as its users and the query layer see it (`createPromptApiClient` makes one).
import type { Composer, Prompt } from './types.ts';
import type { UsageStore } from './usage-store.ts';

/** Options of a single-item read. */
export interface GetOptions {
  /**
   * Version to fetch, such as `1.0.0`. An empty string is refused (`BAD_REQUEST`, status 0, not sent).
   * @default the latest published version
   */
  version?: string;
  /** Aborts the request. */
  signal?: AbortSignal;
}

/** Options of a list read. */
export interface ListOptions {
  /** Adds `publishedVersions` to every item (`include_versions=true`). @default false */
  includeVersions?: boolean;
  /** Aborts the request. */
  signal?: AbortSignal;
}

/** A client of the Prompt and Composer Read API. Every method rejects with `PromptApiError`. */
export interface PromptApiClient {
  /** The normalized base URL (no trailing slash). */
  readonly baseUrl: string;
  /** The cache scope query keys use. Never contains the API key. */
  readonly scope: string;
  /** The account's usage, fed by every response's rate-limit headers; `reset()` lifts the quota guard. */
  readonly usage: Pick<UsageStore, 'getSnapshot' | 'subscribe' | 'reset'>;
  /** `GET /prompts/{promptId}`. */
  getPrompt(promptId: string, options?: GetOptions): Promise<Prompt>;
  /** `GET /prompts`. */
  listPrompts(options?: ListOptions): Promise<Prompt[]>;
  /** `GET /composers/{composerId}`. */
  getComposer(composerId: string, options?: GetOptions): Promise<Composer>;
  /** `GET /composers`. */
  listComposers(options?: ListOptions): Promise<Composer[]>;
}
