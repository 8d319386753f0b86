'use client';

import { createContext, type ReactNode, useContext, useMemo } from 'react';
import type { PromptApiClient } from '../api/client.ts';
import type { CatalogOverride } from '../catalog/catalog.ts';
import type { PromptQueryDefaults } from './options.ts';

interface PromptApiContextValue {
  client: PromptApiClient;
  defaults: PromptQueryDefaults;
  /** The words of the components below the provider. */
  catalog: CatalogOverride | undefined;
}

const PromptApiContext = createContext<PromptApiContextValue | null>(null);
PromptApiContext.displayName = 'PromptApiContext';

/** Props of `PromptApiProvider`: the client, and defaults for every query below it. */
export interface PromptApiProviderProps extends PromptQueryDefaults {
  /** The client every hook below uses. Create it once (outside render, or in `useState`). */
  client: PromptApiClient;
  /**
   * The words of every component below, in your language: a complete catalog (`germanCatalog`, your own) or
   * only the words to change. A component's own `catalog` prop goes on top of it. Define it once, outside
   * render.
   * @default englishCatalog
   */
  catalog?: CatalogOverride;
  children?: ReactNode;
}

/**
 * Gives the hooks and connected components below it their client and query defaults. It lives inside
 * the app's own `QueryClientProvider`.
 *
 * @example
 * <QueryClientProvider client={queryClient}>
 *   <PromptApiProvider client={client} staleTime={60_000}>
 *     <App />
 *   </PromptApiProvider>
 * </QueryClientProvider>
 */
export function PromptApiProvider({ client, staleTime, retry, retryDelay, batchThreshold, coalescePinned, catalog, children }: PromptApiProviderProps) {
  const value = useMemo(
    () => ({ client, defaults: { staleTime, retry, retryDelay, batchThreshold, coalescePinned }, catalog }),
    [client, staleTime, retry, retryDelay, batchThreshold, coalescePinned, catalog],
  );
  return <PromptApiContext.Provider value={value}>{children}</PromptApiContext.Provider>;
}

/**
 * The provider's client, defaults and catalog, for your own queries over the factories.
 *
 * @example
 * const { client } = usePromptApi()
 * const { data } = useQuery({ ...promptQueryOptions(client, 'welcome-email'), select: (prompt) => prompt.version })
 * @throws Error "`usePromptApi` must be used within `PromptApiProvider`"
 */
export function usePromptApi(): PromptApiContextValue {
  return usePromptApiContext('usePromptApi');
}

/** The provider's value for the library's own hooks; `hookName` is named in the error thrown outside a provider. */
export function usePromptApiContext(hookName: string): PromptApiContextValue {
  const value = useContext(PromptApiContext);
  if (!value) throw new Error(`\`${hookName}\` must be used within \`PromptApiProvider\``);
  return value;
}

/** The provider's `catalog` for the components below it; `undefined` without one, or outside a provider. */
export function useProvidedCatalog(): CatalogOverride | undefined {
  return useContext(PromptApiContext)?.catalog;
}
