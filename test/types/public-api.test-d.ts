import { type QueryClient, skipToken, useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import {
  type ApiKeySource,
  type Composer,
  composerQueryOptions,
  composerVersionsQueryOptions,
  createHtmlSanitizer,
  createPromptApiClient,
  interpolate,
  isPromptApiError,
  isPromptApiErrorData,
  type Prompt,
  type PromptApiError,
  type PromptApiErrorCode,
  type PromptApiErrorData,
  promptKeys,
  promptQueryOptions,
  promptVersionsQueryOptions,
  type PublishedVersion,
  useComposerVersions,
  usePromptVersions,
  useSuspenseComposer,
  useSuspensePromptVersions,
  type UsageSnapshot,
  useComposer,
  usePrompt,
  usePromptList,
  useSuspensePrompt,
  useUsage,
} from 'prompt-composer-react';
import { describe, expectTypeOf, it } from 'vitest';

const client = createPromptApiClient({ baseUrl: 'https://api.test' });

describe('public types', () => {
  it('client methods resolve to the contract shapes', () => {
    expectTypeOf(client.getPrompt('x')).resolves.toEqualTypeOf<Prompt>();
    expectTypeOf(client.listComposers({ includeVersions: true })).resolves.toEqualTypeOf<Composer[]>();
    expectTypeOf(client.usage.getSnapshot()).toEqualTypeOf<UsageSnapshot | null>();
  });

  it('a key function needs a scope (the client cannot tell whose key it returns); a string key or none does not', () => {
    createPromptApiClient({ baseUrl: 'https://api.test', apiKey: 'pk_live_x' });
    createPromptApiClient({ baseUrl: '/api/prompts' });
    createPromptApiClient({ baseUrl: '/api/prompts', scope: 'user-7' });
    createPromptApiClient({ baseUrl: 'https://api.test', apiKey: () => 'pk', scope: 'user-7' });
    createPromptApiClient({ baseUrl: 'https://api.test', apiKey: async () => null, scope: 'user-7' });
    const source = (() => 'pk') as ApiKeySource;
    createPromptApiClient({ baseUrl: 'https://api.test', apiKey: source, scope: 'user-7' });
    // @ts-expect-error a key function without a scope
    createPromptApiClient({ baseUrl: 'https://api.test', apiKey: () => 'pk' });
    // @ts-expect-error an async key function without a scope
    createPromptApiClient({ baseUrl: 'https://api.test', apiKey: async () => 'pk', timeoutMs: 5_000 });
    // @ts-expect-error a key that may be a function, without a scope
    createPromptApiClient({ baseUrl: 'https://api.test', apiKey: source });
  });

  it('hooks are typed UseQueryResult<T, PromptApiError>, and select changes the data type', () => {
    const prompt = usePrompt('x');
    expectTypeOf(prompt.data).toEqualTypeOf<Prompt | undefined>();
    expectTypeOf(prompt.error).toEqualTypeOf<PromptApiError | null>();
    expectTypeOf(prompt.isFallback).toEqualTypeOf<boolean>();
    expectTypeOf(usePrompt('x', { select: (data) => data.version.length }).data).toEqualTypeOf<number | undefined>();
    expectTypeOf(useComposer('x').data).toEqualTypeOf<Composer | undefined>();
    expectTypeOf(usePromptList({ includeVersions: true }).data).toEqualTypeOf<Prompt[] | undefined>();
    expectTypeOf(useSuspensePrompt('x').data).toEqualTypeOf<Prompt>();
    expectTypeOf(useUsage()).toEqualTypeOf<UsageSnapshot | null>();
  });

  it("a sanitizer takes an iframe's window, typed Window (without the DOM constructors DOMPurify reads)", () => {
    const frame = document.createElement('iframe');
    expectTypeOf(createHtmlSanitizer).toBeCallableWith({ window: frame.contentWindow as Window, cacheSize: 100 });
    // `contentWindow` is null until the frame is in a document: the option takes a window, not null.
    // @ts-expect-error Window | null
    createHtmlSanitizer({ window: frame.contentWindow });
  });

  it('query options carry their data type into the QueryClient', () => {
    const queryClient: QueryClient = useQueryClient();
    const options = promptQueryOptions(client, 'x', { version: '1.0.0' });
    expectTypeOf(queryClient.getQueryData(options.queryKey)).toEqualTypeOf<Prompt | undefined>();
    expectTypeOf(promptKeys.detail(client, 'x')).toEqualTypeOf<readonly ['prompt-composer', string, 'prompts', 'detail', string, { readonly version: string | null }]>();
  });

  it('errors narrow through the guard, and codes stay open to unknown strings', () => {
    const error: unknown = new Error('x');
    if (isPromptApiError(error)) {
      expectTypeOf(error).toEqualTypeOf<PromptApiError>();
      expectTypeOf(error.toJSON()).toEqualTypeOf<PromptApiErrorData>();
    }
    if (isPromptApiErrorData(error)) {
      expectTypeOf(error.code).toEqualTypeOf<PromptApiErrorCode>();
      // @ts-expect-error data from a worker or a JSON payload has no methods
      error.toJSON();
    }
    expectTypeOf<'NOT_FOUND'>().toExtend<PromptApiErrorCode>();
    expectTypeOf<'SOMETHING_NEW'>().toExtend<PromptApiErrorCode>();
  });

  it('conditional queries: the hooks take undefined or skipToken, the suspense twins do not', () => {
    const maybeId = undefined as string | undefined;
    expectTypeOf(usePrompt(maybeId).data).toEqualTypeOf<Prompt | undefined>();
    expectTypeOf(usePrompt(skipToken, { version: '1.0.0' }).data).toEqualTypeOf<Prompt | undefined>();
    expectTypeOf(useComposer(maybeId ?? skipToken).data).toEqualTypeOf<Composer | undefined>();
    expectTypeOf(useQuery(promptQueryOptions(client, maybeId ?? skipToken)).data).toEqualTypeOf<Prompt | undefined>();
    expectTypeOf(useQuery(composerQueryOptions(client, skipToken)).data).toEqualTypeOf<Composer | undefined>();
    expectTypeOf(useSuspenseQuery(promptQueryOptions(client, 'x')).data).toEqualTypeOf<Prompt>();
    // @ts-expect-error TanStack refuses skipToken in suspense queries
    useSuspensePrompt(skipToken);
    // @ts-expect-error an id is required
    useSuspenseComposer(maybeId);
    // @ts-expect-error options that may skip do not fit useSuspenseQuery
    useSuspenseQuery(promptQueryOptions(client, maybeId ?? skipToken));
  });

  it('versions: PublishedVersion[] from the hooks and factories, over the list of the whole account', () => {
    const maybeId = undefined as string | undefined;
    expectTypeOf(usePromptVersions('x').data).toEqualTypeOf<PublishedVersion[] | undefined>();
    expectTypeOf(usePromptVersions('x').error).toEqualTypeOf<PromptApiError | null>();
    expectTypeOf(useComposerVersions(maybeId).data).toEqualTypeOf<PublishedVersion[] | undefined>();
    expectTypeOf(useSuspensePromptVersions('x').data).toEqualTypeOf<PublishedVersion[]>();
    expectTypeOf(useQuery(promptVersionsQueryOptions(client, 'x')).data).toEqualTypeOf<PublishedVersion[] | undefined>();
    expectTypeOf(useSuspenseQuery(composerVersionsQueryOptions(client, 'x')).data).toEqualTypeOf<PublishedVersion[]>();
    // The cache entry is the list's: prefetching caches, and getQueryData reads, every prompt.
    const queryClient: QueryClient = useQueryClient();
    expectTypeOf(queryClient.getQueryData(promptVersionsQueryOptions(client, 'x').queryKey)).toEqualTypeOf<Prompt[] | undefined>();
    // @ts-expect-error the hooks pick the item with their own select
    usePromptVersions('x', { select: (prompts: Prompt[]) => prompts });
    // @ts-expect-error options that may skip do not fit useSuspenseQuery
    useSuspenseQuery(promptVersionsQueryOptions(client, maybeId ?? skipToken));
  });

  it('interpolate takes values and returns text', () => {
    expectTypeOf(interpolate).parameter(0).toEqualTypeOf<string>();
    expectTypeOf(interpolate('${a}', { a: 1 })).toEqualTypeOf<string>();
  });
});
