// The public entry of prompt-composer-react: this file is the table of contents.

// api/: the framework-free client
export {
  createPromptApiClient,
  type GetOptions,
  type ListOptions,
  type PromptApiClient,
  type PromptApiClientOptions,
} from './api/client.ts';
export { isPromptApiError, PromptApiError, type PromptApiErrorInit } from './api/errors.ts';
export { parseRateLimit } from './api/rate-limit.ts';
export type { ApiKeySource } from './api/request.ts';
export type {
  ClientErrorCode,
  Composer,
  ComposerConfig,
  ComposerSegment,
  ErrorBody,
  Prompt,
  PromptApiErrorCode,
  PromptConfig,
  PromptSegment,
  PublishedVersion,
  RateLimit,
  SchemaField,
  ServerErrorCode,
  StaticSegmentData,
  Usage,
} from './api/types.ts';
export { createUsageStore, type UsageSnapshot, type UsageStore } from './api/usage-store.ts';
export {
  parseComposer,
  parseComposerList,
  parseErrorBody,
  parsePrompt,
  parsePromptList,
  parsePublishedVersion,
  ShapeError,
} from './api/validate.ts';

// template/: ${variable} parsing and interpolation

// query/: TanStack Query hooks

// components/: React UI
