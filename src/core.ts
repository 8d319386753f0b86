// prompt-composer-react/core: the framework-free entry. The client, the server cache and its memory store,
// the errors, the types and the templates, with no React and no TanStack Query (as TanStack's query-core
// beside react-query): a worker, a Deno or Bun server, a script load none of them, bundled or not. The
// main entry exports every name here too, from the same modules.

// api/: the framework-free client
export {
  createPromptApiClient,
  type GetOptions,
  type ListOptions,
  type PromptApiClient,
  type PromptApiClientBaseOptions,
  type PromptApiClientOptions,
} from './api/client.ts';
// api/cache/: the server-side response cache (a store shared by a fleet, or this process's memory)
export { createPromptCache } from './api/cache/cache.ts';
export type { PromptCache, PromptCacheEvent, PromptCacheOptions, PromptCacheRoute, PromptCacheSeam } from './api/cache/options.ts';
export { type MemoryStoreOptions, memoryStore, type PromptCacheStore } from './api/cache/store.ts';
export { isPromptApiError, isPromptApiErrorData, PromptApiError, type PromptApiErrorData, type PromptApiErrorInit } from './api/errors.ts';
export { parseRateLimit } from './api/rate-limit.ts';
// Typed prompts: the registry `prompt-composer-react typegen` fills (type-only)
export type {
  ChatMessagesValues,
  ComposerData,
  ComposerId,
  ComposerPreviewValues,
  ComposerValues,
  ComposerVersion,
  IdOption,
  LatestComposerVersion,
  LatestPromptVersion,
  PromptData,
  PromptId,
  PromptPreviewValues,
  PromptValues,
  PromptVersion,
  Register,
  SelectedData,
  VariableValue,
  VersionOption,
} from './api/registry.ts';
export type { ApiKeySource } from './api/request.ts';
export type {
  ClientErrorCode,
  Composer,
  ComposerConfig,
  ComposerSegment,
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
export type { UsageSnapshot, UsageStore } from './api/usage-store.ts';

// template/: ${variable} parsing and interpolation
export {
  type ChatMessage,
  type ChatMessagesSource,
  type ChatRole,
  chatMessages,
} from './template/chat-messages.ts';
export { isMissingVariablesError, MissingVariablesError } from './template/errors.ts';
export {
  type InterpolatedPart,
  type InterpolatedVariable,
  type InterpolateOptions,
  interpolate,
  interpolateParts,
  type MissingMode,
} from './template/interpolate.ts';
export type { TemplateValues } from './template/lookup.ts';
export {
  extractVariables,
  parseTemplate,
  type TemplateTextToken,
  type TemplateToken,
  type TemplateVariableToken,
} from './template/parse.ts';
