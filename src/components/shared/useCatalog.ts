'use client';

import type { Catalog, CatalogOverride } from '../../catalog/catalog.ts';
import { englishCatalog } from '../../catalog/english.ts';
import { withCatalog } from '../../catalog/resolve.ts';
import { useProvidedCatalog } from '../../query/PromptApiProvider.tsx';

/**
 * The words of a client component: English, under the provider's `catalog` (where there is a provider), under
 * the component's own `catalog` prop. Merged once per pair of catalogs, so the result keeps its identity
 * from render to render.
 */
export function useCatalog(catalog: CatalogOverride | undefined): Catalog {
  return withCatalog(withCatalog(englishCatalog, useProvidedCatalog()), catalog);
}
