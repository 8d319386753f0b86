/** One `{part}` placeholder somewhere in a text. */
type Placeholder<Part extends string> = `${string}{${Part}}${string}`;

/** Every one of `Parts` as a placeholder: the intersection of one `Placeholder` per part. */
type EveryPlaceholder<Parts extends string> = (Parts extends string ? (text: Placeholder<Parts>) => void : never) extends (text: infer Every) => void
  ? Every
  : never;

/**
 * A message with named parts: text in which each of `Parts` appears as `{part}` (at least once, in any order
 * the language needs), for example `'Version {version}'`. The component puts each value in its place, as
 * text (or, in the diffs, as an element such as `<code>`): a message is never HTML. A literal that leaves a
 * part out is a type error.
 *
 * @example
 * const title: Template<'name' | 'version'> = 'Prompt {name}, version {version}';
 */
export type Template<Parts extends string> = [Parts] extends [never] ? string : EveryPlaceholder<Parts>;

/** The plural categories of `Intl.PluralRules`. */
export type PluralCategory = Intl.LDMLPluralRule;

/**
 * A message whose words follow a number (`Counted`, one of its `Parts`): one form per plural category of
 * the catalog's language, chosen by `Intl.PluralRules` (English has `one` and `other`; Polish adds `few`
 * and `many`; Arabic has all six). `other` is required and is used for every category the message does
 * not list. Forms other than `other` may leave the number out (`one: 'One request'`), never another part.
 *
 * @example
 * const note: PluralMessage<'count' | 'names'> = {
 *   one: '{count} variable to fill in: {names}',
 *   other: '{count} variables to fill in: {names}',
 * };
 */
export type PluralMessage<Parts extends string, Counted extends Parts = Extract<Parts, 'count'>> = {
  readonly [Category in Exclude<PluralCategory, 'other'>]?: Template<Exclude<Parts, Counted>>;
} & {
  readonly other: Template<Parts>;
};

/** A message for each kind of item a request is about, since many languages word them differently. */
export interface SubjectMessages<Message> {
  readonly prompt: Message;
  readonly composer: Message;
}
