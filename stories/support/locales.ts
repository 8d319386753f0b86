import { type CatalogOverride, ComposerDiff, ComposerView, englishCatalog, germanCatalog, PromptCard, PromptDiff, pseudoLocalize } from 'prompt-composer-react';

/** A language of the toolbar: its catalog (none for English: what an app that passes nothing sees) and its `lang`. */
interface StoryLocale {
  title: string;
  lang: string;
  catalog: CatalogOverride | undefined;
}

/**
 * The toolbar's `locale` global: English, German, and the pseudo-locale (every word accented, bracketed and
 * about 40 % longer; `en-XA` is the tag pseudo-localization tools give it).
 */
export const STORY_LOCALES = {
  en: { title: 'English', lang: 'en', catalog: undefined },
  de: { title: 'Deutsch', lang: 'de', catalog: germanCatalog },
  pseudo: { title: 'Pseudo-locale (en-XA)', lang: 'en-XA', catalog: pseudoLocalize(englishCatalog) },
} as const satisfies Record<string, StoryLocale>;

export type StoryLocaleName = keyof typeof STORY_LOCALES;

/** The toolbar's `dir` global: the direction of the element around every story. */
export const STORY_DIRECTIONS = { ltr: 'Left to right', rtl: 'Right to left' } as const;

/** The language the globals ask for (English for an unknown one). */
export function storyLocale(globals: Record<string, unknown>): StoryLocale {
  return STORY_LOCALES[globals.locale as StoryLocaleName] ?? STORY_LOCALES.en;
}

/** The direction the globals ask for. */
export function storyDirection(globals: Record<string, unknown>): keyof typeof STORY_DIRECTIONS {
  return globals.dir === 'rtl' ? 'rtl' : 'ltr';
}

/**
 * The components that render in a Server Component and so read no provider: their stories get the catalog
 * as the `catalog` arg. The others get it from `PromptApiProvider`, as an app gives it.
 */
export const PRESENTATIONAL: ReadonlySet<unknown> = new Set([ComposerView, PromptCard, PromptDiff, ComposerDiff]);
