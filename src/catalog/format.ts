import type { Catalog } from './catalog.ts';
import type { PluralMessage } from './message-types.ts';

/** A `{part}` placeholder; `split` keeps the part's name at every odd index. */
const PLACEHOLDER = /\{(\w+)\}/;

/** What a part of a message may be: text, a number (formatted for the locale), or the caller's own kind (an element). */
export type PartValue<Element = never> = string | number | Element;

/** A BCP 47 tag, or several in order of preference, as `Intl` takes them. */
export type Locales = string | readonly string[];

// Intl objects are costly to build and hold no state: one per locale, for every message.
const numberFormats = new Map<string, Intl.NumberFormat>();
const pluralRules = new Map<string, Intl.PluralRules>();

function cached<Value>(cache: Map<string, Value>, locale: Locales, create: (locale: string | string[]) => Value): Value {
  const key = String(locale);
  let value = cache.get(key);
  // `Intl` takes a readonly list as well; its types ask for a mutable one.
  if (!value) cache.set(key, (value = create(locale as string | string[])));
  return value;
}

/** `value` as `Intl.NumberFormat` writes it in `locale` (`5,000` in English, `5.000` in German). */
export function formatNumber(value: number, locale: Locales): string {
  return cached(numberFormats, locale, (locales) => new Intl.NumberFormat(locales)).format(value);
}

/**
 * A message's text and its parts in order: each `{part}` of `template` replaced by its value, numbers
 * formatted for `locale`, the caller's elements kept as they are. A part without a value stays as written.
 *
 * @example
 * fillParts('Adds {names}', { names: <NameList /> }, 'en') // ['Adds ', <NameList />, '']
 */
export function fillParts<Element>(template: string, values: Readonly<Record<string, PartValue<Element>>>, locale: string): Array<string | Element> {
  return template.split(PLACEHOLDER).map((piece, index) => {
    // Even pieces are the text between parts, odd ones the parts' names.
    if (index % 2 === 0) return piece;
    if (!Object.hasOwn(values, piece)) return `{${piece}}`;
    const value = values[piece] as PartValue<Element>;
    return typeof value === 'number' ? formatNumber(value, locale) : value;
  });
}

/**
 * A message as text: each `{part}` of `template` replaced by its value, numbers formatted for `locale`.
 *
 * @example
 * fillText('Version {version}', { version: '2.0.0' }, 'en') // 'Version 2.0.0'
 */
export function fillText(template: string, values: Readonly<Record<string, string | number>>, locale: string): string {
  return fillParts(template, values, locale).join('');
}

/** The form of a plural message for `count` in `locale` (`Intl.PluralRules`), else its `other` form. */
export function pluralForm(message: PluralMessage<string, string>, count: number, locale: string): string {
  const category = cached(pluralRules, locale, (locales) => new Intl.PluralRules(locales)).select(count);
  return message[category] ?? message.other;
}

/**
 * A plural message as text: the form for `count`, with `{count}` and the other parts filled.
 *
 * @example
 * fillPlural(englishCatalog.card.missingNote, 2, { names: 'plan, tone' }, 'en') // '2 variables to fill in: plan, tone'
 */
export function fillPlural(message: PluralMessage<string, string>, count: number, values: Readonly<Record<string, string | number>>, locale: string): string {
  return fillText(pluralForm(message, count, locale), { count, ...values }, locale);
}

/** Items one after another, the catalog's separator between them: `plan, firstStep`. */
export function enumerate(items: readonly string[], list: Catalog['list']): string {
  return items.join(list.separator);
}

/**
 * Items joined as a conjunction, with the catalog's words between them: `a`, `a and b`, `a, b and c`. Items may
 * be elements (the diffs' `<code>`).
 */
export function conjunction<Item>(items: readonly Item[], list: Catalog['list']): Array<Item | string> {
  return items.flatMap((item, index) => (index === 0 ? [item] : [index === items.length - 1 ? list.finalSeparator : list.separator, item]));
}
