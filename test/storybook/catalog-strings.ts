/**
 * What the language checks of the stories read: the English catalog's words, and the text a story shows that
 * comes from the library rather than from the prompts, composers and values it displays.
 */
import { type Catalog, englishCatalog } from 'prompt-composer-react';

/** Every string of a catalog, with where it is (`card.missingNote.other`); `locale` left out. */
export function catalogStrings(catalog: Catalog): Array<{ key: string; text: string }> {
  const found: Array<{ key: string; text: string }> = [];
  const walk = (value: unknown, key: string) => {
    if (typeof value === 'string') found.push({ key, text: value });
    else for (const [name, child] of Object.entries(value as Record<string, unknown>)) walk(child, key ? `${key}.${name}` : name);
  };
  const { locale: _locale, ...messages } = catalog;
  walk(messages, '');
  return found;
}

/**
 * The English words a story must not show under another catalog: the text of every English message between
 * its `{parts}`, each run of at least one word of three letters or more (shorter runs, such as `, ` or
 * ` / `, are punctuation any language may share).
 */
export const ENGLISH_PHRASES: ReadonlyArray<{ key: string; phrase: string }> = catalogStrings(englishCatalog).flatMap(({ key, text }) =>
  text
    .split(/\{\w+\}/)
    .map((phrase) => phrase.trim())
    .filter((phrase) => /[A-Za-z]{3}/.test(phrase))
    .map((phrase) => ({ key, phrase })),
);

/**
 * Where a story shows content, not the library's words: static HTML, prompt messages and diffs of them,
 * names, versions, models, variable names, values, and the error's technical message (English by design,
 * under "Details"). The stories' own frame (`pcr-story-*`, the Playground's app) is not the library's either.
 */
const CONTENT = [
  '.pcr-static',
  '[data-message]',
  'mark',
  'code',
  'option',
  'input',
  '.pcr-prompt-card__name',
  '.pcr-prompt-card__meta dd',
  '.pcr-composer__name',
  '.pcr-diff__name',
  '.pcr-variables-form__label',
  // What an app's own renderers put in a composer's segments.
  '.pcr-composer__segment > :not([class*="pcr-"])',
].join(', ');

/** The library's own elements, outermost first: what the language checks read. */
function libraryRoots(root: Element): Element[] {
  const all = [...root.querySelectorAll('[class*="pcr-"]')].filter((element) => [...element.classList].some((name) => name.startsWith('pcr-') && !/^pcr-(story|playground)/.test(name)));
  return all.filter((element) => !all.some((other) => other !== element && other.contains(element)));
}

/**
 * The text of the library's elements under `root`, content left out (as one string per text node), and the
 * values of the attributes a screen reader reads or a pointer shows (`aria-label`, `title`).
 */
export function libraryText(root: Element): string[] {
  const texts: string[] = [];
  for (const library of libraryRoots(root)) {
    const walker = document.createTreeWalker(library, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      // A value in an <ins> or <del> is content; the hidden label beside it is the library's.
      if (!parent || parent.closest(CONTENT) || (/^(INS|DEL)$/.test(parent.tagName) && !parent.classList.contains('pcr-diff__label'))) continue;
      if (node.textContent?.trim()) texts.push(node.textContent);
    }
    for (const element of [library, ...library.querySelectorAll('[aria-label], [title]')]) {
      // A filled placeholder's title is its variable's name; an unfilled one's is the library's note.
      if (element.closest(CONTENT) && !element.matches('mark[data-state="missing"]')) continue;
      for (const name of ['aria-label', 'title']) {
        const value = element.getAttribute(name);
        if (value) texts.push(value);
      }
    }
  }
  return texts;
}

/**
 * The English phrases found in `texts`, each as `phrase (key)`. A phrase of several words is found anywhere,
 * as whole words; a single word (`Model`, `name`) only as a whole text or attribute, as a label, badge or button
 * shows it: inside a sentence, one English word is as likely to be a prompt's name or a variable's.
 */
export function englishIn(texts: readonly string[]): string[] {
  const found = new Set<string>();
  for (const { key, phrase } of ENGLISH_PHRASES) {
    const escaped = phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const pattern = /\s/.test(phrase) ? new RegExp(`(^|[^A-Za-z])${escaped}($|[^A-Za-z])`) : new RegExp(`^\\s*${escaped}\\s*$`);
    if (texts.some((text) => pattern.test(text))) found.add(`${phrase} (${key})`);
  }
  return [...found];
}
