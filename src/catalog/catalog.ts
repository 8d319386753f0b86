import type { PluralMessage, SubjectMessages, Template } from './message-types.ts';

/**
 * Every word the components show or announce (text, `aria-label`, `title`, live-region messages), in one
 * language. `englishCatalog` is the default and `germanCatalog` a second one; `pseudoLocalize(catalog)`
 * makes a test catalog of any. A complete catalog has every key (a missing one is a type error); to change
 * a few words, pass a `CatalogOverride` instead. Messages are plain text, strings that name their parts
 * (`Template`) or plural forms (`PluralMessage`), so a catalog is data: it crosses from a Server Component to
 * a client component, and loads from JSON.
 */
export interface Catalog extends CatalogWithoutDiffs {
  /** `PromptDiff`, `ComposerDiff`. */
  readonly diff: DiffWords;
  /** `PromptVersionDiff`, `ComposerVersionDiff` around the diff. */
  readonly versions: VersionDiffWords;
}

/**
 * A catalog without the version diffs' words (`diff`, `versions`): what every other component reads, so an
 * app without the diffs bundles none of their words.
 */
export interface CatalogWithoutDiffs {
  /**
   * The catalog's language as a BCP 47 tag (`'en'`, `'de'`, `'pt-BR'`): its plural rules, and the numbers and
   * dates of `UsageBanner` and `ApiErrorMessage` unless their `locale` prop says otherwise.
   */
  readonly locale: string;
  /** How names are listed: `plan, firstStep` (an enumeration), `a, b and c` (a conjunction). */
  readonly list: {
    /** Between listed names. */
    readonly separator: string;
    /** Between the last two names of a conjunction (`a, b and c`). */
    readonly finalSeparator: string;
  };
  /** Two sentences that follow each other (some languages put no space between sentences). */
  readonly sentences: Template<'first' | 'second'>;
  /** `CopyButton` (and the prompt card's copy button). */
  readonly copy: {
    /** The button's label. */
    readonly label: string;
    /** Announced after a copy. */
    readonly copied: string;
    /** Announced when the clipboard refuses. */
    readonly failed: string;
    /** The button's accessible name when it says what it copies (`labelContext`). */
    readonly labelWithContext: Template<'label' | 'context'>;
  };
  /** `PromptCard`. */
  readonly card: {
    readonly version: string;
    readonly model: string;
    readonly temperature: string;
    readonly systemMessage: string;
    readonly userMessage: string;
    /** The `title` of an unfilled placeholder's mark. */
    readonly unfilledTitle: Template<'name'>;
    /** The note under the messages that counts and lists the unfilled placeholders. */
    readonly missingNote: PluralMessage<'count' | 'names'>;
    /** The copy button's label. */
    readonly copyLabel: string;
    /** Announced after copying a message that still holds placeholders. */
    readonly copiedUnfilled: PluralMessage<'count' | 'names'>;
  };
  /** `ComposerView`. */
  readonly composer: {
    readonly version: Template<'version'>;
  };
  /** `ComposerPreview` and `PromptPreview`. */
  readonly preview: {
    /** The heading when no `title` is given. */
    readonly title: SubjectMessages<string>;
    /** The loading state. */
    readonly loading: SubjectMessages<string>;
    /** The version picker's label. */
    readonly version: string;
    /** The picker's first option: the latest version. */
    readonly latest: string;
  };
  /** `VariablesForm`. */
  readonly variables: {
    readonly legend: string;
    /** Shown when the prompt has no variables. */
    readonly empty: string;
  };
  /** `ApiErrorMessage`: a title and a sentence of detail per kind of failure, and its actions. */
  readonly errors: {
    readonly notFound: {
      readonly title: SubjectMessages<string>;
      /** Names the id that was asked for. */
      readonly detail: SubjectMessages<Template<'id'>>;
      /** When the error does not say which id was asked for. */
      readonly detailWithoutId: SubjectMessages<string>;
    };
    readonly versionNotFound: {
      readonly title: string;
      readonly detail: SubjectMessages<Template<'version'>>;
      /** When the error does not say which version was asked for. */
      readonly detailWithoutVersion: SubjectMessages<string>;
    };
    readonly unauthorized: ErrorText;
    readonly invalidKey: ErrorText;
    /** `USAGE_LIMIT_EXCEEDED`. */
    readonly quota: {
      readonly title: string;
      readonly usedUp: string;
      /** When the error carries the usage; worded by the monthly limit. */
      readonly usedUpCounted: PluralMessage<'used' | 'limit', 'limit'>;
      readonly resetsOn: Template<'date'>;
      readonly resetsNextPeriod: string;
    };
    readonly badRequest: { readonly title: string; readonly detail: SubjectMessages<string> };
    readonly serverError: ErrorText;
    readonly networkError: ErrorText;
    readonly timeout: ErrorText;
    readonly invalidResponse: ErrorText;
    /** Any other failure below 500. */
    readonly failed: { readonly title: string; readonly detail: SubjectMessages<string> };
    readonly upgrade: string;
    readonly retry: string;
    readonly retrying: string;
    /** The summary over the technical message. */
    readonly details: string;
  };
  /** `UsageBanner`. Its counts are worded by the monthly limit. */
  readonly usage: {
    readonly warning: { readonly title: Template<'percent'>; readonly detail: PluralMessage<'used' | 'limit', 'limit'> };
    readonly critical: { readonly title: string; readonly detail: PluralMessage<'remaining' | 'limit', 'limit'> };
    readonly exceeded: {
      readonly title: string;
      readonly detail: Template<'date' | 'used' | 'limit'>;
      /** When the reset date is not known. */
      readonly detailWithoutDate: Template<'used' | 'limit'>;
    };
    readonly resetsOn: Template<'date'>;
    readonly resetsNextPeriod: string;
    /** The meter's accessible name. */
    readonly meterLabel: string;
    /** The meter's fallback text. */
    readonly meterText: Template<'used' | 'limit'>;
    readonly upgrade: string;
    readonly checkAgain: string;
    readonly checking: string;
    /** After "Check again" could not reach the service. */
    readonly unreached: string;
    /** After "Check again" went through without a usage report. */
    readonly unreported: string;
    readonly dismiss: string;
  };
}

/** What `ApiErrorMessage` reads of a catalog: the previews and the version diffs both show it. */
export type ErrorCatalog = Pick<Catalog, 'locale' | 'sentences' | 'errors'>;

/** What the version diffs read of a catalog, so an app with only the diffs bundles none of the other components' words. */
export type DiffCatalog = Pick<Catalog, 'locale' | 'list' | 'diff' | 'versions'>;

/** The words of `PromptVersionDiff` and `ComposerVersionDiff` around the diff. */
export interface VersionDiffWords {
  /** The heading when no `title` is given. */
  readonly title: string;
  readonly from: string;
  readonly to: string;
  /** A picker's option for the latest version. */
  readonly latestOption: Template<'version'>;
  readonly onlyOne: Template<'version'>;
  readonly loading: string;
}

/** A title and a sentence of detail. */
export interface ErrorText {
  readonly title: string;
  readonly detail: string;
}

/** The settings a diff names: in a row of their own, and in the summary's list. */
export type DiffSetting = 'name' | 'model' | 'temperature' | 'inputDataRoot';

/** How an item changed between two versions. */
export type DiffChange = 'added' | 'removed' | 'changed' | 'same';

/** A clause of a names sentence: as the sentence's first clause, and after another one. */
interface NamesClause {
  readonly opening: Template<'names'>;
  readonly following: Template<'names'>;
}

/** The words of `PromptDiff` and `ComposerDiff`. */
export interface DiffWords {
  readonly identical: string;
  readonly version: Template<'version'>;
  readonly versions: Template<'from' | 'to'>;
  /** The summary: what changed, as a list of `changed` words. */
  readonly summary: Template<'changes'>;
  /** The summary's words for each thing that can change. */
  readonly changed: { readonly [Setting in DiffSetting | 'schema' | 'inputData' | 'systemMessage' | 'userMessage' | 'variables']: string };
  /** The rows' names. */
  readonly rows: { readonly [Setting in DiffSetting | 'schema' | 'inputData' | 'variables' | 'systemMessage' | 'userMessage']: string };
  /** A setting without a value. */
  readonly none: string;
  /** A schema field without a name, by its position. */
  readonly unnamedField: Template<'number'>;
  /** Variables added and removed: "Adds `a`; removes `b`." */
  readonly names: {
    readonly added: NamesClause;
    readonly removed: NamesClause;
    /** Between clauses. */
    readonly separator: string;
    readonly sentence: Template<'clauses'>;
  };
  /** A message that did not change. */
  readonly unchanged: string;
  /**
   * Said before added and removed text (out of sight: screen readers do not all announce `<ins>` and
   * `<del>`), with the space, if any, that separates it from the text: `'added: '`.
   */
  readonly addedLabel: string;
  readonly removedLabel: string;
  /**
   * The sign in the gutter of an added line of a line diff (`+`), and of a removed one (`−`): seen, not read
   * out (`addedLabel` and `removedLabel` are).
   */
  readonly addedSign: string;
  readonly removedSign: string;
  /** Said, out of sight, for an empty line that was added or removed. */
  readonly blankLine: string;
  /** The summary of a fold of lines both versions share, which opens it. */
  readonly unchangedLines: PluralMessage<'count'>;
  /**
   * The hunk header beside a fold's summary: where the lines after the fold start in each version and how
   * many there are, as unified diffs write it (`@@ -{beforeStart},{beforeCount} +{afterStart},{afterCount} @@`).
   * Seen, not read out.
   */
  readonly hunkHeader: Template<'beforeStart' | 'beforeCount' | 'afterStart' | 'afterCount'>;
  /** The summary of a fold of segments both versions share, in a composer diff, which opens it. */
  readonly unchangedSegments: PluralMessage<'count'>;
  /** The accessible name of a composer diff's list of segments. */
  readonly segments: string;
  /** A composer diff's summary: the counts of segments added, removed, changed and unchanged. */
  readonly segmentsSummary: Template<'counts'>;
  readonly noSegments: string;
  /** The first count names the segments ("2 segments added"), the others follow it ("1 removed"). */
  readonly segmentCounts: {
    readonly opening: { readonly [Change in DiffChange]: PluralMessage<'count'> };
    readonly following: { readonly [Change in DiffChange]: PluralMessage<'count'> };
  };
  /** The badge of each segment, and of each field of the schema and the input data. */
  readonly badges: { readonly [Change in DiffChange]: string };
  readonly staticTitle: Template<'text'>;
  /** A static segment without text. */
  readonly noText: string;
  readonly promptTitle: Template<'name' | 'version'>;
  readonly promptTitleVersions: Template<'name' | 'from' | 'to'>;
  /** The summary that shows a static segment's versions rendered (sanitized) under its markup's diff. */
  readonly rendered: string;
  /** An image in static HTML, read as text. */
  readonly image: Template<'alt'>;
  readonly imageWithoutAlt: string;
}

/** Deep partial, where plural forms (any object with `other`) are replaced whole, never mixed. */
type Override<Value> = Value extends string ? Value : Value extends { readonly other: string } ? Value : { readonly [Key in keyof Value]?: Override<Value[Key]> };

/**
 * Some of a catalog's words: the keys to change, at any depth (a plural message is given whole). What is
 * left out comes from the catalog below: English, or the provider's.
 *
 * @example
 * const words: CatalogOverride = { card: { model: 'Engine' }, copy: { copied: 'Copied to the clipboard' } };
 */
// An interface, not an alias of the mapped type: TypeScript then writes its name in messages, hovers and
// props tables, where it would spell the alias out key by key.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- named on purpose, see above
export interface CatalogOverride extends Override<Catalog> {}
