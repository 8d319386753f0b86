import type { CatalogOverride, CatalogWithoutDiffs } from '../../catalog/catalog.ts';
import { enumerate, fillPlural } from '../../catalog/format.ts';

/** The note under a card's messages: how many placeholders are unfilled, and which. */
export function missingNote(names: readonly string[], words: CatalogWithoutDiffs): string {
  return fillPlural(words.card.missingNote, names.length, { names: enumerate(names, words.list) }, words.locale);
}

/** The copy button's words by catalog. */
const copyCatalogs = new WeakMap<CatalogWithoutDiffs, CatalogOverride>();

/**
 * The copy button's words, one object per catalog: only they cross to the client component (not the whole
 * catalog), and as the same object from render to render, the button's merge of them is cached.
 */
export function copyCatalog(words: CatalogWithoutDiffs): CatalogOverride {
  let catalog = copyCatalogs.get(words);
  if (!catalog) copyCatalogs.set(words, (catalog = { locale: words.locale, copy: words.copy }));
  return catalog;
}

/** What the copy button says after copying a message that still holds unfilled placeholders (as `${name}`). */
export function copiedUnfilled(names: readonly string[], words: CatalogWithoutDiffs): string {
  const placeholders = names.map((name) => `\${${name}}`);
  return fillPlural(words.card.copiedUnfilled, names.length, { names: enumerate(placeholders, words.list) }, words.locale);
}
