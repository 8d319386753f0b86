import { type Catalog, englishCatalog, type PluralMessage } from 'prompt-composer-react';
import { storyLocale } from './locales.ts';

/**
 * The words a story shows under the toolbar's language: the catalog of its `locale` global (English when none).
 * Play functions find elements by role and by these words, never by English, so every story plays in every
 * language the toolbar offers (test/storybook/languages.browser.test.tsx plays them under the pseudo-locale).
 */
export function storyWords(globals: Record<string, unknown>): Catalog {
  return (storyLocale(globals).catalog as Catalog | undefined) ?? englishCatalog;
}

/** A catalog message with its `{parts}` filled in; numbers written for the catalog's locale. */
export function fill(template: string, parts: Readonly<Record<string, string | number>>, words: Catalog): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = parts[name];
    return value === undefined ? whole : typeof value === 'number' ? new Intl.NumberFormat(words.locale).format(value) : value;
  });
}

/** A plural message's form for `count`, filled in. */
export function fillPlural(message: PluralMessage<string, string>, count: number, parts: Readonly<Record<string, string | number>>, words: Catalog): string {
  const form = message[new Intl.PluralRules(words.locale).select(count)] ?? message.other;
  return fill(form, { count, ...parts }, words);
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A pattern that matches `text` exactly, as text (for Testing Library's `name` and text matchers). */
export const exactly = (text: string) => new RegExp(`^${escaped(text)}$`);

/** A pattern that matches any one of `texts` exactly (a button that says "Retry", or "Retrying…" while it works). */
export const oneOf = (...texts: string[]) => new RegExp(`^(${texts.map(escaped).join('|')})$`);
