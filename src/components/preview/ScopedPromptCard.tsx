'use client';

import { createContext, memo, useContext, useMemo } from 'react';
import type { PromptSegment } from '../../api/types.ts';
import type { CatalogWithoutDiffs } from '../../catalog/catalog.ts';
import { type HeadingLevel, PromptCard } from '../composer/PromptCard.tsx';
import { collectVariables, type PreviewValues, ownValue } from './preview-variables.ts';

/** The preview's (deferred) values, for the prompt cards deep inside a memoized `ComposerView`. */
export const PreviewValuesContext = createContext<PreviewValues>({});
PreviewValuesContext.displayName = 'PreviewValuesContext';

/** Props of `ScopedPromptCard`. */
export interface ScopedPromptCardProps {
  /** The composer's prompt segment. */
  segment: PromptSegment;
  /** Level of the card's heading. */
  headingLevel: HeadingLevel;
  /** The card's words, resolved by the preview. */
  catalog: CatalogWithoutDiffs;
}

/** A separator no typed text can hold, to key the values a card uses. */
const SEPARATOR = '\u0000';

/**
 * A `PromptCard` that passes on only its own variables from `PreviewValuesContext`, as the same object
 * while they are unchanged: typing in one input re-renders the cards that use that variable and no
 * others (a composer may hold hundreds of cards).
 */
export const ScopedPromptCard = memo(function ScopedPromptCard({ segment, headingLevel, catalog }: ScopedPromptCardProps) {
  const { systemMessage, userMessage } = segment;
  const names = useMemo(() => collectVariables([systemMessage, userMessage]), [systemMessage, userMessage]);
  const all = useContext(PreviewValuesContext);
  // `undefined` (no value) and '' differ: an absent name is keyed as a lone separator.
  const key = names.map((name) => ownValue(all, name) ?? SEPARATOR).join(SEPARATOR + SEPARATOR);
  const values = useMemo(() => {
    // Without a prototype: a variable named `__proto__` is a key like any other.
    const scoped: Record<string, string> = Object.create(null) as Record<string, string>;
    for (const name of names) {
      const value = ownValue(all, name);
      if (value !== undefined) scoped[name] = value;
    }
    return scoped;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for the values of `names` in `all`
  }, [names, key]);
  return <PromptCard prompt={segment} values={values} headingLevel={headingLevel} catalog={catalog} />;
});
