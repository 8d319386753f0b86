import type { Catalog } from './catalog.ts';
import { englishComponentWords } from './english-components.ts';
import { englishDiffWords } from './english-diffs.ts';

/**
 * The components' words in English: the default of every component, of `PromptApiProvider`'s `catalog`, and
 * the base of a partial `CatalogOverride`. Numbers and dates in English (`5,000`, `December 1, 2026`).
 */
export const englishCatalog: Catalog = { ...englishComponentWords, ...englishDiffWords };
