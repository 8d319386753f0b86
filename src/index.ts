// The public entry of prompt-composer-react: this file is the table of contents.

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

// catalog/: the components' words, in any language (English by default)
export type { Catalog, CatalogOverride, DiffChange, DiffSetting, DiffWords, ErrorText } from './catalog/catalog.ts';
export { englishCatalog } from './catalog/english.ts';
export { germanCatalog } from './catalog/german.ts';
export type { PluralCategory, PluralMessage, SubjectMessages, Template } from './catalog/message-types.ts';
export { pseudoLocalize } from './catalog/pseudo.ts';
export { withCatalog } from './catalog/resolve.ts';

// query/: TanStack Query hooks
export { type WithFallback } from './query/fallback.ts';
export { composerKeys, type KeyScope, promptKeys } from './query/keys.ts';
export {
  composerListQueryOptions,
  composerQueryOptions,
  type PromptApiQueryOptions,
  type PromptQueryDefaults,
  promptListQueryOptions,
  promptQueryOptions,
} from './query/options.ts';
export {
  type DehydratableQuery,
  dehydrateEachItemOnce,
  persistEachQuery,
  type PersistEachQueryOptions,
  type QueryPersister,
  reportPersistFailure,
  type ReportPersistFailureOptions,
} from './query/persistence.ts';
export { PromptApiProvider, type PromptApiProviderProps, usePromptApi } from './query/PromptApiProvider.tsx';
export { promptApiRetry, promptApiRetryDelay } from './query/retry.ts';
export {
  type UseComposerOptions,
  type UseComposerResult,
  type UseSuspenseComposerOptions,
  useComposer,
  useSuspenseComposer,
} from './query/useComposer.ts';
export {
  type UseListOptions,
  type UseSuspenseListOptions,
  useComposerList,
  usePromptList,
  useSuspenseComposerList,
  useSuspensePromptList,
} from './query/useLists.ts';
export {
  type UsePromptOptions,
  type UsePromptResult,
  type UseSuspensePromptOptions,
  usePrompt,
  useSuspensePrompt,
} from './query/usePrompt.ts';
export { useUsage } from './query/useUsage.ts';
export {
  type UseSuspenseVersionsOptions,
  type UseVersionsOptions,
  useComposerVersions,
  usePromptVersions,
  useSuspenseComposerVersions,
  useSuspensePromptVersions,
} from './query/useVersions.ts';
export { composerVersionsQueryOptions, promptVersionsQueryOptions, sortNewestFirst } from './query/versions.ts';

// components/: React UI, presentational (render from props alone)
export { ComposerView, type ComposerViewProps } from './components/composer/ComposerView.tsx';
export { CopyButton, type CopyButtonProps } from './components/shared/CopyButton.tsx';
export { type HeadingLevel, PromptCard, type PromptCardProps } from './components/composer/PromptCard.tsx';
export {
  createHtmlSanitizer,
  type HtmlSanitizer,
  type HtmlSanitizerOptions,
  type SanitizedHtml,
  sanitizeHtml,
  TRUSTED_TYPES_POLICY_NAME,
} from './sanitize/sanitizer.ts';
export type { SanitizePolicy } from './sanitize/policy.ts';
export { StaticSegment, type StaticSegmentProps } from './components/composer/StaticSegment.tsx';
export { ComposerDiff, type ComposerDiffProps } from './components/diff/ComposerDiff.tsx';
export { PromptDiff, type PromptDiffProps } from './components/diff/PromptDiff.tsx';
export type { DiffLayout } from './components/diff/views/LineDiff.tsx';

// components/: React UI, connected (read the provider)
export { ApiErrorMessage, type ApiErrorMessageProps, type ApiErrorSubject } from './components/errors/ApiErrorMessage.tsx';
export { ComposerPreview, type ComposerPreviewProps } from './components/preview/ComposerPreview.tsx';
export { ComposerVersionDiff, type ComposerVersionDiffProps } from './components/diff/ComposerVersionDiff.tsx';
export type { VersionDiffBaseProps } from './components/diff/VersionDiffFrame.tsx';
export { PromptVersionDiff, type PromptVersionDiffProps } from './components/diff/PromptVersionDiff.tsx';
export { collectVariables, composerVariables, type PreviewValues } from './components/preview/preview-variables.ts';
export { PromptPreview, type PromptPreviewProps } from './components/preview/PromptPreview.tsx';
export type { PreviewPromptSegment, PreviewSegment, PreviewStaticSegment } from './components/preview/preview-segments.ts';
export { PreviewSegmentList, type PreviewSegmentListProps } from './components/preview/PreviewSegmentList.tsx';
export type { RenderPreviewPrompt } from './components/preview/ScopedPromptCard.tsx';
export { useComposerPreview, type UseComposerPreviewOptions } from './components/preview/useComposerPreview.ts';
export type { PreviewState } from './components/preview/usePreview.ts';
export type { PreviewValuesOptions } from './components/preview/usePreviewValues.ts';
export { usePromptPreview, type UsePromptPreviewOptions } from './components/preview/usePromptPreview.ts';
export { UsageBanner, type UsageBannerProps } from './components/usage/UsageBanner.tsx';
export { type UsageAlertLevel, type UsageLevel, type UsageThresholds, usageLevel } from './components/usage/usage-level.ts';
export type { UsageDismissalStorage } from './components/usage/useUsageDismissal.ts';
export { type VariableField, type VariableFields, VariablesForm, type VariablesFormProps } from './components/preview/VariablesForm.tsx';
