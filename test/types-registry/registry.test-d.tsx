// Type tests WITH the typegen registry: examples/vite-app/src/prompt-api.gen.d.ts, what
// `prompt-composer-react typegen` writes for the default mock fixtures (test/cli/typegen.test.ts proves it).
// Its own program (tsconfig.json here, vitest project `types-registry`): the augmentation is global.
import { type QueryClient, type SkipToken, skipToken, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type ChatMessage,
  type ComposerData,
  type ComposerId,
  ComposerPreview,
  ComposerVersionDiff,
  type ComposerValues,
  type ComposerVersion,
  chatMessages,
  composerQueryOptions,
  createPromptApiClient,
  type LatestPromptVersion,
  type Prompt,
  type PromptData,
  type PromptId,
  PromptPreview,
  PromptVersionDiff,
  type PromptSegment,
  type PromptValues,
  type PromptVersion,
  promptQueryOptions,
  promptVersionsQueryOptions,
  useComposer,
  usePrompt,
  usePromptVersions,
  useSuspenseComposer,
  useSuspensePrompt,
} from 'prompt-composer-react';
import { describe, expectTypeOf, it } from 'vitest';

const client = createPromptApiClient({ baseUrl: 'https://api.test' });

/** Every variable of welcome-email@2.0.0, system message included (`senderName`). */
const welcomeValues = { customer: { name: 'Ada', company: 'Analytical Engines' }, plan: 'Pro', firstStep: 'create a board', senderName: 'Sam' };

describe('ids: only registered ones, offered to autocompletion', () => {
  it('the registry lists the fixtures', () => {
    expectTypeOf<PromptId>().toEqualTypeOf<
      'account-review' | 'meeting-summary' | 'product-description' | 'release-notes' | 'support-reply' | 'ticket-triage' | 'welcome-email'
    >();
    expectTypeOf<ComposerId>().toEqualTypeOf<'html-showcase' | 'onboarding-flow' | 'renewal-check'>();
  });

  it('hooks, factories and previews take a registered id as their id parameter', () => {
    // The non-suspense hooks and the factories also take "no id yet" (conditional queries).
    expectTypeOf<Parameters<typeof usePrompt>[0]>().toEqualTypeOf<PromptId | SkipToken | undefined>();
    expectTypeOf<Parameters<typeof useSuspensePrompt>[0]>().toEqualTypeOf<PromptId>();
    // `Parameters` reads the last overload: the one that also takes `skipToken`.
    expectTypeOf<Parameters<typeof promptQueryOptions>[1]>().toEqualTypeOf<PromptId | SkipToken>();
    expectTypeOf<Parameters<typeof useComposer>[0]>().toEqualTypeOf<ComposerId | SkipToken | undefined>();
    expectTypeOf<Parameters<typeof useSuspenseComposer>[0]>().toEqualTypeOf<ComposerId>();
    expectTypeOf<Parameters<typeof composerQueryOptions>[1]>().toEqualTypeOf<ComposerId | SkipToken>();
    expectTypeOf(usePrompt('welcome-email').data).not.toBeAny();
  });

  it('conditional queries keep the registry: no id yet, or a registered one', () => {
    const maybe = Math.random() > 0.5 ? ('welcome-email' as const) : undefined;
    // Unpinned: the data is the latest version's.
    expectTypeOf(usePrompt(maybe).data?.version).toEqualTypeOf<'2.0.0' | undefined>();
    usePrompt(skipToken);
    useComposer(undefined);
    useQuery(promptQueryOptions(client, maybe ?? skipToken));
    useQuery(composerQueryOptions(client, skipToken));
    // @ts-expect-error an unregistered id stays an error beside "no id yet"
    usePrompt(Math.random() > 0.5 ? 'no-such-id' : undefined);
    // @ts-expect-error an unregistered id stays an error beside skipToken
    promptQueryOptions(client, Math.random() > 0.5 ? 'no-such-id' : skipToken);
  });

  it('an unregistered id is a type error everywhere', () => {
    // @ts-expect-error 'no-such-id' is not a registered prompt
    usePrompt('no-such-id');
    // @ts-expect-error a misspelled id
    useSuspensePrompt('welcom-email');
    // @ts-expect-error not a registered prompt
    promptQueryOptions(client, 'no-such-id');
    // @ts-expect-error a composer id is not a prompt id
    usePrompt('onboarding-flow');
    // @ts-expect-error not a registered composer
    useComposer('no-such-composer');
    // @ts-expect-error not a registered composer
    useSuspenseComposer('welcome-email');
    // @ts-expect-error not a registered composer
    composerQueryOptions(client, 'no-such-composer');
    // @ts-expect-error not a registered prompt
    expectTypeOf(<PromptPreview promptId="no-such-id" />).not.toBeAny();
    // @ts-expect-error not a registered composer
    expectTypeOf(<ComposerPreview composerId="no-such-composer" />).not.toBeAny();
  });

  it('a plain string is not an id: it must be narrowed first', () => {
    const fromRoute: string = 'welcome-email';
    // @ts-expect-error a string may be any id
    usePrompt(fromRoute);
    expectTypeOf(usePrompt(fromRoute as PromptId).data?.promptId).toEqualTypeOf<PromptId | undefined>();
  });
});

describe('versions: only the published versions of that id', () => {
  it('lists each id’s versions and its latest', () => {
    expectTypeOf<PromptVersion<'welcome-email'>>().toEqualTypeOf<'1.0.0' | '1.1.0' | '2.0.0'>();
    expectTypeOf<LatestPromptVersion<'welcome-email'>>().toEqualTypeOf<'2.0.0'>();
    expectTypeOf<ComposerVersion<'onboarding-flow'>>().toEqualTypeOf<'1.0.0' | '1.1.0'>();
  });

  it('a version never published, or published by another prompt only, is a type error', () => {
    usePrompt('welcome-email', { version: '1.1.0' });
    // @ts-expect-error never published
    usePrompt('welcome-email', { version: '2.1.0' });
    // @ts-expect-error 2.0.0 exists for welcome-email, not for support-reply
    useSuspensePrompt('support-reply', { version: '2.0.0' });
    // @ts-expect-error never published
    promptQueryOptions(client, 'meeting-summary', { version: '1.0.1' });
    // @ts-expect-error never published
    useComposer('onboarding-flow', { version: '2.0.0' });
    // @ts-expect-error never published
    composerQueryOptions(client, 'html-showcase', { version: '1.1.0' });
    // @ts-expect-error never published
    expectTypeOf(<PromptPreview promptId="welcome-email" version="3.0.0" />).not.toBeAny();
    // @ts-expect-error never published
    expectTypeOf(<ComposerPreview composerId="onboarding-flow" version="0.9.0" />).not.toBeAny();
  });

  it('the version diffs and the versions hooks take registered ids and versions only', () => {
    expectTypeOf(<PromptVersionDiff promptId="account-review" from="1.0.0" to="2.1.0" />).not.toBeAny();
    expectTypeOf(<ComposerVersionDiff composerId="renewal-check" from="1.0.0" />).not.toBeAny();
    expectTypeOf(usePromptVersions('release-notes').data).not.toBeAny();
    // @ts-expect-error never published
    expectTypeOf(<PromptVersionDiff promptId="account-review" from="1.1.0" />).not.toBeAny();
    // @ts-expect-error 2.0.0 exists for renewal-check, 1.1.0 does not
    expectTypeOf(<ComposerVersionDiff composerId="renewal-check" to="1.1.0" />).not.toBeAny();
    // @ts-expect-error not a registered prompt
    usePromptVersions('no-such-prompt');
    // @ts-expect-error not a registered prompt
    promptVersionsQueryOptions(client, 'no-such-prompt');
  });
});

describe('data carries its id and version', () => {
  it('latest by default, the pinned version when given', () => {
    expectTypeOf(usePrompt('welcome-email').data).toEqualTypeOf<(Prompt & { promptId: 'welcome-email'; version: '2.0.0' }) | undefined>();
    expectTypeOf(usePrompt('welcome-email', { version: '1.0.0' }).data).toEqualTypeOf<PromptData<'welcome-email', '1.0.0'> | undefined>();
    expectTypeOf(useSuspensePrompt('support-reply').data.version).toEqualTypeOf<'1.1.0'>();
    expectTypeOf(useComposer('onboarding-flow').data).toEqualTypeOf<ComposerData<'onboarding-flow'> | undefined>();
    expectTypeOf(useSuspenseComposer('onboarding-flow', { version: '1.0.0' }).data.version).toEqualTypeOf<'1.0.0'>();
  });

  it('query options tag the cache with the same type', () => {
    const queryClient: QueryClient = useQueryClient();
    const options = promptQueryOptions(client, 'welcome-email', { version: '1.1.0' });
    expectTypeOf(queryClient.getQueryData(options.queryKey)).toEqualTypeOf<PromptData<'welcome-email', '1.1.0'> | undefined>();
    const composer = composerQueryOptions(client, 'onboarding-flow');
    expectTypeOf(queryClient.getQueryData(composer.queryKey)?.version).toEqualTypeOf<'1.1.0' | undefined>();
  });

  it('select sees the typed prompt and decides the data type; fallback and explicit type arguments still work', () => {
    expectTypeOf(usePrompt('welcome-email', { version: '1.0.0', select: (prompt) => prompt.version }).data).toEqualTypeOf<'1.0.0' | undefined>();
    expectTypeOf(usePrompt<number>('welcome-email', { select: (prompt) => prompt.userMessage.length }).data).toEqualTypeOf<number | undefined>();
    const fallback = {} as PromptData<'welcome-email'>;
    expectTypeOf(usePrompt('welcome-email', { fallback }).data).toEqualTypeOf<PromptData<'welcome-email'> | undefined>();
  });
});

describe('chatMessages requires exactly the variables of that version', () => {
  it('the full set compiles, system message variables included', () => {
    const prompt = useSuspensePrompt('welcome-email').data;
    expectTypeOf(chatMessages(prompt, welcomeValues)).toEqualTypeOf<[ChatMessage<'system'>, ChatMessage<'user'>]>();
    chatMessages(prompt, { ...welcomeValues, plan: 3, firstStep: new Date(), senderName: true });
    expectTypeOf<PromptValues<'welcome-email'>>().toEqualTypeOf<{
      customer: { company: VariableValueOf; name: VariableValueOf };
      firstStep: VariableValueOf;
      plan: VariableValueOf;
      senderName: VariableValueOf;
    }>();
  });

  it('a missing variable is a type error', () => {
    const prompt = useSuspensePrompt('welcome-email').data;
    // @ts-expect-error senderName (of the system message) is missing
    chatMessages(prompt, { customer: { name: 'Ada', company: 'AE' }, plan: 'Pro', firstStep: 'x' });
    // @ts-expect-error customer.company is missing
    chatMessages(prompt, { ...welcomeValues, customer: { name: 'Ada' } });
    // @ts-expect-error nothing given
    chatMessages(prompt, {});
  });

  it('an unknown variable is a type error, nested ones and flat dotted names included', () => {
    const prompt = useSuspensePrompt('welcome-email').data;
    // @ts-expect-error `name` belongs to 1.x, not to 2.0.0
    chatMessages(prompt, { ...welcomeValues, name: 'Ada' });
    // @ts-expect-error customer.plan is not a variable of welcome-email
    chatMessages(prompt, { ...welcomeValues, customer: { name: 'Ada', company: 'AE', plan: 'Pro' } });
    // @ts-expect-error typed values nest dotted names
    chatMessages(prompt, { 'customer.name': 'Ada', 'customer.company': 'AE', plan: 'Pro', firstStep: 'x', senderName: 'Sam' });
  });

  it('values are text or written as text: not objects', () => {
    const prompt = useSuspensePrompt('welcome-email', { version: '1.0.0' }).data;
    chatMessages(prompt, { name: 'Ada' });
    // @ts-expect-error an object is not a variable value
    chatMessages(prompt, { name: { first: 'Ada' } });
    // @ts-expect-error undefined would be sent as a placeholder
    chatMessages(prompt, { name: undefined });
  });

  it('an older version: its user message variables, the latest system message variables optional', () => {
    const prompt = useSuspensePrompt('welcome-email', { version: '1.1.0' }).data;
    chatMessages(prompt, { name: 'Ada', plan: 'Pro' });
    chatMessages(prompt, { name: 'Ada', plan: 'Pro', senderName: 'Sam' });
    // @ts-expect-error plan is missing
    chatMessages(prompt, { name: 'Ada' });
    // @ts-expect-error firstStep is a variable of 2.0.0 only
    chatMessages(prompt, { name: 'Ada', plan: 'Pro', firstStep: 'x' });
  });

  it('the data of a hook works the same, before and after the loading check', () => {
    const { data } = usePrompt('meeting-summary');
    if (data) chatMessages(data, { attendees: 'Ada, Sam', date: new Date(), meetingType: 'planning', notes: '...' });
    // @ts-expect-error notes is missing
    if (data) chatMessages(data, { attendees: 'Ada, Sam', date: new Date(), meetingType: 'planning' });
  });

  it('an unregistered source (a plain Prompt, a composer segment) takes any values', () => {
    chatMessages({} as Prompt, { anything: { nested: true } });
    chatMessages({} as PromptSegment, {});
    chatMessages({ systemMessage: 's', userMessage: 'u ${x}' }, { x: 1 });
  });
});

describe('previews: registered ids and versions; initialValues any of that version’s variables, no other', () => {
  it('PromptPreview: dotted names as text, any of them, no other', () => {
    expectTypeOf(<PromptPreview promptId="welcome-email" version="1.0.0" initialValues={{ name: 'Ada' }} />).not.toBeAny();
    expectTypeOf(<PromptPreview promptId="welcome-email" initialValues={flatWelcome} />).not.toBeAny();
    // Some of them: the rest start empty.
    expectTypeOf(<PromptPreview promptId="welcome-email" initialValues={{ 'customer.name': 'Ada' }} />).not.toBeAny();
    expectTypeOf(<PromptPreview promptId="welcome-email" initialValues={{}} />).not.toBeAny();
    // Without initialValues the form starts empty, as before.
    expectTypeOf(<PromptPreview promptId="support-reply" />).not.toBeAny();
    // @ts-expect-error unknown: `name` is not a variable of 2.0.0
    expectTypeOf(<PromptPreview promptId="welcome-email" version="2.0.0" initialValues={{ ...flatWelcome, name: 'Ada' }} />).not.toBeAny();
    // @ts-expect-error unknown, beside a known one
    expectTypeOf(<PromptPreview promptId="welcome-email" initialValues={{ plan: 'Pro', nickname: 'Ada' }} />).not.toBeAny();
    // @ts-expect-error text only: the form holds strings
    expectTypeOf(<PromptPreview promptId="welcome-email" initialValues={{ plan: 3 }} />).not.toBeAny();
  });

  it('ComposerPreview: any of the latest version’s variables; an older version takes any names', () => {
    const flat = { agentName: 'Sam', 'customer.name': 'Ada', 'customer.company': 'AE', 'customer.plan': 'Pro', firstStep: 'x', plan: 'Pro', senderName: 'Sam', 'ticket.message': 'Hi' };
    expectTypeOf(<ComposerPreview composerId="onboarding-flow" initialValues={flat} />).not.toBeAny();
    expectTypeOf(<ComposerPreview composerId="onboarding-flow" version="1.0.0" initialValues={{ anything: 'x' }} />).not.toBeAny();
    const { 'ticket.message': _message, ...withoutMessage } = flat;
    expectTypeOf(<ComposerPreview composerId="onboarding-flow" version="1.1.0" initialValues={withoutMessage} />).not.toBeAny();
    // @ts-expect-error unknown name for the latest version
    expectTypeOf(<ComposerPreview composerId="onboarding-flow" initialValues={{ ...flat, extra: 'x' }} />).not.toBeAny();
    expectTypeOf<ComposerValues<'onboarding-flow', '1.0.0'>>().toEqualTypeOf<Readonly<Record<string, unknown>>>();
  });

  it('the README quick start compiles with the registry: four variables start filled', () => {
    expectTypeOf(
      <ComposerPreview
        composerId="onboarding-flow"
        initialValues={{ senderName: 'Sam', 'customer.name': 'Ada Lovelace', 'customer.company': 'Analytical Engines', plan: 'Pro' }}
      />,
    ).not.toBeAny();
  });
});

describe('literals the client refuses: type errors with the registry too', () => {
  it('an empty version, and ids no URL path carries', () => {
    // @ts-expect-error an empty version is not a published one
    usePrompt('welcome-email', { version: '' });
    // @ts-expect-error an empty version, promptQueryOptions
    promptQueryOptions(client, 'welcome-email', { version: '' });
    // @ts-expect-error an empty version, ComposerPreview
    expectTypeOf(<ComposerPreview composerId="onboarding-flow" version="" />).not.toBeAny();
    // @ts-expect-error not a registered id
    usePrompt('');
    // @ts-expect-error `..` is not a registered id
    useSuspenseComposer('..');
    // @ts-expect-error `.` is not a registered id
    composerQueryOptions(client, '.');
    // @ts-expect-error an empty id, PromptPreview
    expectTypeOf(<PromptPreview promptId="" />).not.toBeAny();
  });
});

/** The leaf type of the registry, as the generated file names it. */
type VariableValueOf = string | number | boolean | bigint | Date;
const flatWelcome = { 'customer.name': 'Ada', 'customer.company': 'AE', plan: 'Pro', firstStep: 'x', senderName: 'Sam' };
