// Type tests WITHOUT a typegen registry (this program has none; test/types-registry has one): every
// signature the registry narrows takes plain strings and records, exactly as before typegen existed.
import { type QueryClient, skipToken, useQueryClient } from '@tanstack/react-query';
import type { ComponentProps } from 'react';
import {
  type ComposerData,
  type ComposerId,
  ComposerPreview,
  type ComposerPreviewValues,
  type ComposerValues,
  type ComposerVersion,
  chatMessages,
  composerQueryOptions,
  createPromptApiClient,
  type Composer,
  type LatestPromptVersion,
  type PreviewValues,
  type Prompt,
  type PromptData,
  type PromptId,
  PromptPreview,
  type PromptPreviewValues,
  type PromptValues,
  type PromptVersion,
  promptQueryOptions,
  type TemplateValues,
  useComposer,
  usePrompt,
  useSuspenseComposer,
  useSuspensePrompt,
} from 'prompt-composer-react';
import { describe, expectTypeOf, it } from 'vitest';

const client = createPromptApiClient({ baseUrl: 'https://api.test' });

describe('without a registry', () => {
  it('ids and versions are strings; values are any records', () => {
    expectTypeOf<PromptId>().toEqualTypeOf<string>();
    expectTypeOf<PromptVersion<'welcome-email'>>().toEqualTypeOf<string>();
    expectTypeOf<LatestPromptVersion>().toEqualTypeOf<string>();
    expectTypeOf<ComposerId>().toEqualTypeOf<string>();
    expectTypeOf<ComposerVersion>().toEqualTypeOf<string>();
    expectTypeOf<PromptValues<'welcome-email', '1.0.0'>>().toEqualTypeOf<TemplateValues>();
    expectTypeOf<ComposerValues<'onboarding-flow'>>().toEqualTypeOf<TemplateValues>();
    expectTypeOf<PromptPreviewValues<'welcome-email'>>().toEqualTypeOf<PreviewValues>();
    expectTypeOf<ComposerPreviewValues<'onboarding-flow'>>().toEqualTypeOf<PreviewValues>();
  });

  it('hooks and factories take any string id and version, and return the plain shapes', () => {
    const id: string = 'anything';
    const version: string = '9.9.9';
    expectTypeOf(usePrompt(id, { version }).data).toEqualTypeOf<Prompt | undefined>();
    expectTypeOf(usePrompt('no-such-id', { version: 'never-published' }).data).toEqualTypeOf<Prompt | undefined>();
    expectTypeOf(useSuspensePrompt(id, { version }).data).toEqualTypeOf<Prompt>();
    expectTypeOf(useComposer(id, { version }).data).toEqualTypeOf<Composer | undefined>();
    expectTypeOf(useSuspenseComposer(id).data).toEqualTypeOf<Composer>();
    expectTypeOf<PromptData<'welcome-email', '1.0.0'>>().toEqualTypeOf<Prompt>();
    expectTypeOf<ComposerData<'onboarding-flow'>>().toEqualTypeOf<Composer>();
    const queryClient: QueryClient = useQueryClient();
    expectTypeOf(queryClient.getQueryData(promptQueryOptions(client, id, { version }).queryKey)).toEqualTypeOf<Prompt | undefined>();
    expectTypeOf(queryClient.getQueryData(composerQueryOptions(client, id).queryKey)).toEqualTypeOf<Composer | undefined>();
  });

  it('literals the client refuses without sending are type errors; strings from elsewhere pass', () => {
    // @ts-expect-error an empty version would be sent as `?version=` (refused at run time)
    usePrompt('x', { version: '' });
    // @ts-expect-error the same for every hook and factory that takes a version
    useSuspenseComposer('x', { version: '' });
    // @ts-expect-error an empty version, useComposer
    useComposer('x', { version: '' });
    // @ts-expect-error an empty version, promptQueryOptions
    promptQueryOptions(client, 'x', { version: '' });
    // @ts-expect-error no URL path carries an empty id
    promptQueryOptions(client, '');
    // @ts-expect-error nor `.`
    composerQueryOptions(client, '.');
    // @ts-expect-error nor `..`, beside skipToken too
    promptQueryOptions(client, Math.random() > 0.5 ? '..' : skipToken);
    // The previews' props alike (called as functions here, as JSX infers them).
    // @ts-expect-error an empty id, PromptPreview
    PromptPreview({ promptId: '' });
    // @ts-expect-error an empty version, PromptPreview
    PromptPreview({ promptId: 'welcome-email', version: '' });
    // @ts-expect-error `..` as an id, ComposerPreview
    ComposerPreview({ composerId: '..' });
    // @ts-expect-error an empty id, usePrompt
    usePrompt('');
    // @ts-expect-error `.` as an id, useComposer
    useComposer('.');
    // @ts-expect-error `..` as an id, useSuspensePrompt
    useSuspensePrompt('..');
    // @ts-expect-error an empty id, useSuspenseComposer
    useSuspenseComposer('');

    // A string variable may hold anything: its value is checked at run time.
    const id: string = '';
    const version = '' as string | undefined;
    usePrompt(id, { version });
    promptQueryOptions(client, id, { version: id });
    PromptPreview({ promptId: id, version });
    // A union that may hold something else, as `id && 'x'` is ('' | 'x'), passes too.
    promptQueryOptions(client, id && 'x', { version: id && '1.0.0' });
    PromptPreview({ promptId: id && 'x' });
    // Dots inside an id or a version are fine.
    promptQueryOptions(client, 'a.b', { version: '1.0.0' });
    usePrompt('x', { version: undefined });
  });

  it('explicit type arguments keep working, with a version', () => {
    expectTypeOf(usePrompt<number>('x', { version: '1.0.0', select: (prompt) => prompt.version.length }).data).toEqualTypeOf<number | undefined>();
    expectTypeOf(useComposer<string>('x', { version: '1.0.0', select: (composer) => composer.composerName }).data).toEqualTypeOf<string | undefined>();
  });

  it('chatMessages takes any values', () => {
    const prompt = {} as Prompt;
    expectTypeOf(chatMessages).parameter(1).toEqualTypeOf<TemplateValues>();
    chatMessages(prompt, {});
    chatMessages(prompt, { anything: { nested: [1, 2] }, 'flat.name': 'x' });
  });

  it('previews take any ids, versions and initial values', () => {
    expectTypeOf<ComponentProps<typeof PromptPreview>['promptId']>().toEqualTypeOf<string>();
    expectTypeOf<ComponentProps<typeof PromptPreview>['version']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<ComponentProps<typeof PromptPreview>['initialValues']>().toEqualTypeOf<PreviewValues | undefined>();
    expectTypeOf<ComponentProps<typeof ComposerPreview>['composerId']>().toEqualTypeOf<string>();
    expectTypeOf<ComponentProps<typeof ComposerPreview>['initialValues']>().toEqualTypeOf<PreviewValues | undefined>();
  });
});
