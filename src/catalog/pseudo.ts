import type { Catalog } from './catalog.ts';
import { englishCatalog } from './english.ts';

/** Each ASCII letter as an accented one that reads the same: `System message` becomes `Ŝýšţéɱ ɱéššåĝé`. */
const ACCENTED = new Map(
  [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((letter, index) => [letter, [...'åƀçðéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŜŢÛṼŴẊÝŽ'][index] ?? letter]),
);

/** Translations run longer than English: about 40 % for the short strings of a user interface. */
const GROWTH = 0.4;

/** A `{part}` placeholder, kept as it is. */
const PLACEHOLDER = /(\{\w+\})/;

/**
 * One message, pseudo-localized: letters accented outside its `{parts}`, the whole wrapped in brackets and
 * padded with dots to about 40 % more than its text, in words that can wrap (`[Ŝýšţéɱ ɱéššåĝé ···]`).
 */
function pseudoText(message: string): string {
  const pieces = message.split(PLACEHOLDER);
  const text = pieces.filter((_, index) => index % 2 === 0).join('');
  const padding = ' ···'.repeat(Math.ceil(text.length / 4)).slice(0, Math.max(0, Math.round(text.length * GROWTH) - 2));
  const accented = pieces.map((piece, index) => (index % 2 === 0 ? piece.replace(/[a-zA-Z]/g, (letter) => ACCENTED.get(letter) ?? letter) : piece));
  return `[${accented.join('')}${padding}]`;
}

function pseudoGroup(group: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(group).map(([key, value]) => [key, typeof value === 'string' ? pseudoText(value) : pseudoGroup(value as Record<string, unknown>)]),
  );
}

/**
 * A pseudo-locale of `catalog`, for testing: every message accented, bracketed and about 40 % longer, so a
 * string that bypassed the catalog shows as plain English and a layout that breaks on long words shows
 * too. The numbers, dates and plural rules stay those of `catalog.locale`.
 *
 * @example
 * <PromptApiProvider client={client} catalog={pseudoLocalize(englishCatalog)}>
 * @default catalog englishCatalog
 */
export function pseudoLocalize(catalog: Catalog = englishCatalog): Catalog {
  const { locale, ...messages } = catalog;
  return { ...(pseudoGroup(messages) as Omit<Catalog, 'locale'>), locale };
}
