/**
 * Typed prompts: the registry `prompt-composer-react typegen` fills, and the types that read it.
 * Type-only (no runtime code). With nothing registered, every type here falls back to plain strings and
 * records, so signatures accept what they accepted before.
 */
import type { Composer, Prompt } from './types.ts';

/**
 * The account's prompts and composers, as types. Empty here; the file `prompt-composer-react typegen`
 * writes fills it through module augmentation (the way TanStack Router's `Register` takes the app's
 * router). With it, ids, versions and variables are checked at compile time. Each entry holds `latest` (the
 * latest published version when the file was generated) and `versions`: each published version's
 * `variables`, dotted names as nested objects of `VariableValue` (`unknown` where the service does not
 * list them).
 *
 * @example
 * // src/prompt-api.gen.d.ts, written by `npx prompt-composer-react typegen --base-url <url>`
 * declare module 'prompt-composer-react' {
 *   interface Register {
 *     prompts: { 'welcome-email': { latest: '1.0.0'; versions: { '1.0.0': { variables: { name: VariableValue } } } } };
 *     composers: Record<never, never>;
 *   }
 * }
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by module augmentation
export interface Register {}

/**
 * What a registered variable takes: text, or a value written as text (`String(value)`, a Date's ISO
 * form). Objects and arrays (written as JSON at run time) are left out of the typed form on purpose.
 */
export type VariableValue = string | number | boolean | bigint | Date;

/** Values as `interpolate` takes them when nothing is known about the template. */
type AnyValues = Readonly<Record<string, unknown>>;

/** Form state as the previews keep it when nothing is known: dotted names to text. */
type AnyFormValues = Readonly<Record<string, string>>;

type Kind = 'prompts' | 'composers';

/** Whether the generated file registered this kind. */
type IsRegistered<K extends Kind> = Register extends Record<K, unknown> ? true : false;

/** The registered entries of a kind (`never` when nothing is registered). */
type Entries<K extends Kind> = Register extends Record<K, infer Registered> ? Registered : never;

type IdOf<K extends Kind> = IsRegistered<K> extends true ? Extract<keyof Entries<K>, string> : string;

type VersionOf<K extends Kind, Id> =
  IsRegistered<K> extends true
    ? Id extends keyof Entries<K>
      ? Entries<K>[Id] extends { versions: infer Versions }
        ? Extract<keyof Versions, string>
        : never
      : never
    : string;

type LatestOf<K extends Kind, Id> =
  IsRegistered<K> extends true
    ? Id extends keyof Entries<K>
      ? Entries<K>[Id] extends { latest: infer Latest extends string }
        ? Latest
        : never
      : never
    : string;

/** The version a query resolves to: the one asked for, or the latest when none is. */
type ResolvedVersion<K extends Kind, Id, Version> = Version extends string ? Version : LatestOf<K, Id>;

/** The variables of one registered version, or `unknown` when they are not known (or nothing is registered). */
type VariablesOf<K extends Kind, Id, Version> =
  IsRegistered<K> extends true
    ? Id extends keyof Entries<K>
      ? Entries<K>[Id] extends { versions: infer Versions }
        ? Version extends keyof Versions
          ? Versions[Version] extends { variables: infer Variables }
            ? Variables
            : unknown
          : unknown
        : unknown
      : unknown
    : unknown;

/** The members every object inherits from `Object`: `constructor`, `toString`, `valueOf`, `hasOwnProperty` ... */
// eslint-disable-next-line @typescript-eslint/no-wrapper-object-types -- the interface of what every object inherits, on purpose
type InheritedName = keyof Object;

/** The inherited member names `Variables` uses as variable names, at any level (`never` when none). */
type InheritedNamesIn<Variables> = Variables extends VariableValue
  ? never
  : Extract<keyof Variables, InheritedName> | { [Key in keyof Variables]-?: InheritedNamesIn<NonNullable<Variables[Key]>> }[keyof Variables];

/** What an optional property named `Name` must also take so that values may leave it out. */
// eslint-disable-next-line @typescript-eslint/no-wrapper-object-types -- as above
type Inherited<Name> = Name extends InheritedName ? Object[Name] : never;

/**
 * `Variables` as values take them. TypeScript checks an optional property that values leave out against the
 * member every object inherits under that name (`Type 'Function' is not assignable to type 'VariableValue |
 * undefined'` for `constructor`), so an optional variable named `constructor`, `toString` or `valueOf` could
 * not be left out. Such a variable also takes the inherited member's type: leaving it out compiles, and only
 * a function of that shape gets through besides a `VariableValue` (the interpolation counts a function as
 * missing, as if left out). Unchanged when no such name is used.
 */
type Omissible<Variables> = [InheritedNamesIn<Variables>] extends [never]
  ? Variables
  : {
      [Key in keyof Variables]:
        | (Variables[Key] extends VariableValue | undefined ? Variables[Key] : Omissible<Variables[Key]>)
        // Optional: `undefined` is part of its type (not `{} extends Pick<...>`, which the same check defeats).
        | (undefined extends Variables[Key] ? Inherited<Key> : never);
    };

/** `Variables` as values take them, or the untyped `Otherwise` when they are unknown. */
type KnownOr<Variables, Otherwise> = unknown extends Variables ? Otherwise : Omissible<Variables>;

/** A registered prompt id; any string when nothing is registered. */
export type PromptId = IdOf<'prompts'>;
/** The published versions of a registered prompt; any string when nothing is registered. */
export type PromptVersion<Id extends string = PromptId> = VersionOf<'prompts', Id>;
/** The latest version of a registered prompt when the types were generated; `string` when nothing is registered. */
export type LatestPromptVersion<Id extends string = PromptId> = LatestOf<'prompts', Id>;

/** A registered composer id; any string when nothing is registered. */
export type ComposerId = IdOf<'composers'>;
/** The published versions of a registered composer; any string when nothing is registered. */
export type ComposerVersion<Id extends string = ComposerId> = VersionOf<'composers', Id>;
/** The latest version of a registered composer when the types were generated; `string` when nothing is registered. */
export type LatestComposerVersion<Id extends string = ComposerId> = LatestOf<'composers', Id>;

/**
 * The `values` a prompt version takes (what `chatMessages` requires): every variable of both messages,
 * dotted names as nested objects. `undefined` means the latest version. Untyped values
 * (`Readonly<Record<string, unknown>>`) when nothing is registered.
 *
 * @example
 * const values: PromptValues<'welcome-email', '1.0.0'> = { name: 'Ada' }
 */
export type PromptValues<Id extends string = PromptId, Version extends string | undefined = undefined> = KnownOr<
  VariablesOf<'prompts', Id, ResolvedVersion<'prompts', Id, Version>>,
  AnyValues
>;

/**
 * The `values` of a composer version: every variable of its prompt segments. Known for the latest
 * version only (the list returns only its segments); untyped for older ones and when nothing is registered.
 */
export type ComposerValues<Id extends string = ComposerId, Version extends string | undefined = undefined> = KnownOr<
  VariablesOf<'composers', Id, ResolvedVersion<'composers', Id, Version>>,
  AnyValues
>;

/**
 * The prompt `usePrompt(id, { version })` returns: a `Prompt` whose `promptId` and `version` are the
 * literal id and version (the latest when `Version` is `undefined`). Plain `Prompt` when nothing is registered.
 */
export type PromptData<Id extends string = PromptId, Version extends string | undefined = undefined> =
  IsRegistered<'prompts'> extends true
    ? Id extends PromptId
      ? Prompt & { promptId: Id; version: ResolvedVersion<'prompts', Id, Version> }
      : Prompt
    : Prompt;

/** The composer `useComposer(id, { version })` returns; plain `Composer` when nothing is registered. */
export type ComposerData<Id extends string = ComposerId, Version extends string | undefined = undefined> =
  IsRegistered<'composers'> extends true
    ? Id extends ComposerId
      ? Composer & { composerId: Id; version: ResolvedVersion<'composers', Id, Version> }
      : Composer
    : Composer;

/**
 * A literal the client refuses at run time without sending (`BAD_REQUEST`, status 0): the call is a type
 * error that names why. Other literals and plain `string` pass as they are, and so does a union that may
 * hold something else (`id && 'welcome-email'` is `'' | 'welcome-email'`): its value is checked at run time.
 */
type Sendable<Value, Refused, Why extends string> = [Value] extends [Refused] ? Value & { readonly [reason in Why]: never } : Value;

/**
 * What the `version` option takes: a version of the registered id (`Version`, inferred from the call), or
 * any string when nothing is registered but the literal `''`, which the client refuses (it would send
 * `?version=` while the cache counts it as pinned). With explicit type arguments (`Version` left at its
 * default), any string.
 */
export type VersionOption<K extends 'prompt' | 'composer', Version> =
  IsRegistered<`${K}s`> extends true
    ? Version
    : [Version] extends [undefined]
      ? string
      : Sendable<Version, '', 'an empty version is refused at run time: leave `version` out for the latest'>;

/**
 * What an id parameter takes: a registered id (`Id`, inferred from the call), or any string when nothing is
 * registered but the literals `''`, `'.'` and `'..'`, which no URL path can carry (the client refuses them
 * at run time). A `string` variable passes: its value is checked at run time.
 */
export type IdOption<K extends 'prompt' | 'composer', Id> =
  IsRegistered<`${K}s`> extends true ? Id : Sendable<Id, '' | '.' | '..', 'this id (empty, . or ..) cannot be sent in a URL path: the client refuses it at run time'>;

/**
 * The data a hook returns: `TData` from `select`, or the registered `Registered` when `TData` is the
 * default (`Prompt` or `Composer`, which nothing but the default gives).
 */
export type SelectedData<TData, Default, Registered> = 0 extends 1 & TData
  ? TData
  : [TData] extends [Default]
    ? [Default] extends [TData]
      ? Registered
      : TData
    : TData;

/**
 * The `values` `chatMessages` takes for `Source`: exactly the registered variables of its prompt id and
 * version (missing and unknown names are type errors), or any values for an unregistered source.
 */
export type ChatMessagesValues<Source> = Source extends { promptId: infer Id extends string; version: infer Version extends string }
  ? KnownOr<VariablesOf<'prompts', Id, Version>, AnyValues>
  : AnyValues;

/** The dotted names of `Variables`' leaves (`customer.name`). */
type Names<Variables, Prefix extends string = ''> = string extends keyof Variables
  ? never
  : {
      [Key in keyof Variables & string]-?: NonNullable<Variables[Key]> extends VariableValue
        ? `${Prefix}${Key}`
        : Names<NonNullable<Variables[Key]>, `${Prefix}${Key}.`>;
    }[keyof Variables & string];

/**
 * Registered variables as a preview's form state: each dotted name to its text (`{ 'customer.name': 'Ada' }`),
 * every name optional (the form starts with what is given, the rest empty); an empty record when there are
 * none, and any names when they are unknown. A name inherited from `Object` (`constructor`) also takes the
 * inherited member's type, or leaving it out would not compile (see `Omissible`).
 */
type FormValues<Variables> = unknown extends Variables
  ? AnyFormValues
  : [Names<Variables>] extends [never]
    ? Readonly<Record<string, never>>
    : { readonly [Name in Names<Variables>]?: string | Inherited<Name> };

/**
 * The `initialValues` of `PromptPreview` for a prompt version: any of its variables by dotted name, as text
 * (the rest start empty); unknown names are type errors. `Readonly<Record<string, string>>` when nothing is
 * registered.
 */
export type PromptPreviewValues<Id extends string = PromptId, Version extends string | undefined = undefined> = FormValues<
  VariablesOf<'prompts', Id, ResolvedVersion<'prompts', Id, Version>>
>;

/**
 * The `initialValues` of `ComposerPreview`: any variables of the composer's prompt segments by dotted name,
 * as text (the rest start empty); unknown names are type errors. Known for the latest version only;
 * `Readonly<Record<string, string>>` otherwise.
 */
export type ComposerPreviewValues<Id extends string = ComposerId, Version extends string | undefined = undefined> = FormValues<
  VariablesOf<'composers', Id, ResolvedVersion<'composers', Id, Version>>
>;
