/**
 * The shapes of the Prompt and Composer Read API, as its contract (`spec/read-api.md`) describes them.
 * Objects may carry fields the contract does not name; validation keeps them.
 */

/** One field of a structured-output schema. Its inner fields are not described by the contract. */
export type SchemaField = Record<string, unknown>;

/** A published version of a prompt or composer, as listed with `include_versions=true`. */
export interface PublishedVersion {
  /** The published version, for example `1.0.0`. */
  version: string;
  /** The user message template of that version; present on a prompt's entries only. */
  userMessage?: string;
}

/** Model settings and input configuration of a prompt. */
export interface PromptConfig {
  /** Model identifier as stored. */
  model: string;
  /** Temperature, from 0 to 2. */
  temperature: number;
  /** Structured-output schema fields; empty when none is configured. */
  schema: SchemaField[];
  /** Input data configuration; its structure is not described by the contract. */
  inputData: unknown;
  /** Root name for input data. */
  inputDataRootName: string | null;
}

/** A stored prompt: system message, user message template and model settings. */
export interface Prompt {
  promptId: string;
  promptName: string;
  /** The resolved version: the requested one, or the latest published one. */
  version: string;
  systemMessage: string;
  /** The user message template with `${variable}` placeholders, as stored (never interpolated). */
  userMessage: string;
  config: PromptConfig;
  /** Present only on list responses requested with `includeVersions: true`. */
  publishedVersions?: PublishedVersion[];
}

/** A segment of static HTML inside a composer. The HTML is untrusted. */
export interface StaticSegmentData {
  type: 'static';
  /** Untrusted HTML: sanitize before it reaches the DOM. */
  content: string;
}

/** A prompt embedded in a composer. */
export interface PromptSegment {
  type: 'prompt';
  promptId: string;
  promptName: string;
  version: string;
  systemMessage: string;
  userMessage: string;
  config: { model: string; temperature: number };
}

/** One element of a composer's ordered workflow. */
export type ComposerSegment = StaticSegmentData | PromptSegment;

/** Input configuration of a composer. */
export interface ComposerConfig {
  schema: SchemaField[];
  inputData: unknown;
  inputDataRootName: string | null;
}

/** A stored composer: an ordered workflow of static HTML and prompt segments. */
export interface Composer {
  composerId: string;
  composerName: string;
  /** The resolved version. */
  version: string;
  config: ComposerConfig;
  segments: ComposerSegment[];
  /** Present only on list responses requested with `includeVersions: true`. */
  publishedVersions?: PublishedVersion[];
}

/** Error codes the service sends. */
export type ServerErrorCode =
  | 'UNAUTHORIZED'
  | 'INVALID_KEY'
  | 'NOT_FOUND'
  | 'VERSION_NOT_FOUND'
  | 'BAD_REQUEST'
  | 'USAGE_LIMIT_EXCEEDED'
  | 'METHOD_NOT_ALLOWED'
  | 'INTERNAL_ERROR';

/** Error codes the client produces itself, for failures that never reached a valid error body. */
export type ClientErrorCode = 'NETWORK_ERROR' | 'TIMEOUT' | 'INVALID_RESPONSE' | 'ABORTED' | 'API_KEY_ERROR';

/**
 * Every code a `PromptApiError` may carry. A server may send a code this library does not know yet;
 * it is kept as sent.
 */
export type PromptApiErrorCode = ServerErrorCode | ClientErrorCode | (string & {});

/** Monthly usage as a 429 body reports it. */
export interface Usage {
  used: number;
  limit: number;
}

/** The JSON body of every error response. */
export interface ErrorBody {
  /** Human-readable message. */
  error: string;
  /** Machine-readable code. */
  code: PromptApiErrorCode;
  /** Only on 429 responses. */
  usage?: Usage;
  /** Only on 429 responses. */
  upgradeUrl?: string;
}

/** The three `X-RateLimit-*` headers, parsed. */
export interface RateLimit {
  /** Monthly request quota (`X-RateLimit-Limit`). */
  limit: number;
  /** Requests remaining this month (`X-RateLimit-Remaining`). */
  remaining: number;
  /** When the quota resets, in Unix seconds (`X-RateLimit-Reset`). */
  reset: number;
}
