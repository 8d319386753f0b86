import {
  type Catalog,
  type CatalogOverride,
  type ComposerDiffProps,
  type ComposerPreviewProps,
  englishCatalog,
  germanCatalog,
  type PluralMessage,
  type PromptApiProviderProps,
  type PromptCardProps,
  pseudoLocalize,
  type Template,
  type UsageBannerProps,
  withCatalog,
} from 'prompt-composer-react';
import { describe, expectTypeOf, it } from 'vitest';

describe('the catalog types', () => {
  it('makes the English and the German catalogs complete: a catalog without a key is a type error', () => {
    expectTypeOf(englishCatalog).toEqualTypeOf<Catalog>();
    expectTypeOf(germanCatalog).toEqualTypeOf<Catalog>();
    const { card, ...withoutCard } = germanCatalog;
    // @ts-expect-error -- `card` is missing
    const incomplete: Catalog = withoutCard;
    const { copyLabel, ...cardWithoutCopyLabel } = card;
    // @ts-expect-error -- `card.copyLabel` is missing
    const incompleteCard: Catalog = { ...germanCatalog, card: cardWithoutCopyLabel };
    void [incomplete, incompleteCard, copyLabel];
  });

  it('refuses a message that leaves out one of its parts', () => {
    const title: Template<'name' | 'version'> = 'Prompt {name}, Version {version}';
    // @ts-expect-error -- `{version}` is missing
    const withoutVersion: Template<'name' | 'version'> = 'Prompt {name}';
    // @ts-expect-error -- `{names}` is missing from the `other` form
    const note: PluralMessage<'count' | 'names'> = { other: '{count} Variablen' };
    // The number may be left out of a form other than `other` ("one request"), another part may not.
    const single: PluralMessage<'count' | 'names'> = { one: 'Eine Variable: {names}', other: '{count} Variablen: {names}' };
    // @ts-expect-error -- `{names}` is missing from the `one` form
    const singleWithoutNames: PluralMessage<'count' | 'names'> = { one: 'Eine Variable', other: '{count} Variablen: {names}' };
    void [title, withoutVersion, note, single, singleWithoutNames];
  });

  it('takes a partial override anywhere a catalog is given, typed key by key', () => {
    expectTypeOf<{ card: { model: string } }>().toExtend<CatalogOverride>();
    expectTypeOf(germanCatalog).toExtend<CatalogOverride>();
    expectTypeOf<PromptApiProviderProps['catalog']>().toEqualTypeOf<CatalogOverride | undefined>();
    expectTypeOf<PromptCardProps['catalog']>().toEqualTypeOf<CatalogOverride | undefined>();
    expectTypeOf<ComposerDiffProps['catalog']>().toEqualTypeOf<CatalogOverride | undefined>();
    expectTypeOf<ComposerPreviewProps['catalog']>().toEqualTypeOf<CatalogOverride | undefined>();
    expectTypeOf<UsageBannerProps['catalog']>().toEqualTypeOf<CatalogOverride | undefined>();
    // @ts-expect-error -- no such key
    const unknownKey: CatalogOverride = { card: { modell: 'Modell' } };
    // @ts-expect-error -- a plural message is given whole: `other` is required
    const halfPlural: CatalogOverride = { card: { missingNote: { one: '{count} Variable: {names}' } } };
    void [unknownKey, halfPlural];
  });

  it('gives back complete catalogs', () => {
    expectTypeOf(withCatalog(englishCatalog, { card: { model: 'Engine' } })).toEqualTypeOf<Catalog>();
    expectTypeOf(pseudoLocalize(germanCatalog)).toEqualTypeOf<Catalog>();
  });
});
