'use client';

import type { Catalog, CatalogOverride } from '../../catalog/catalog.ts';
import { withCatalog } from '../../catalog/resolve.ts';
import { useProvidedCatalog } from '../../query/PromptApiProvider.tsx';

/**
 * The words of a client component: `base` (English), under the provider's `catalog` (where there is a
 * provider), under the component's own `catalog` prop. Merged once per pair of catalogs, so the result keeps
 * its identity from render to render. `base` holds the groups the component reads: `englishComponentWords`, or `englishDiffWords`.
 */
export function useCatalog<Base extends Partial<Catalog>>(catalog: CatalogOverride | undefined, base: Base): Base {
  return withCatalog(withCatalog(base, useProvidedCatalog()), catalog);
}
