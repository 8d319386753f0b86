'use client';

import { createContext, type ReactNode, useContext, useMemo } from 'react';
import type { PromptApiClient } from '../api/client.ts';
import type { PromptQueryDefaults } from './options.ts';

interface PromptApiContextValue {
  client: PromptApiClient;
  defaults: PromptQueryDefaults;
}

const PromptApiContext = createContext<PromptApiContextValue | null>(null);
PromptApiContext.displayName = 'PromptApiContext';

/** Props of `PromptApiProvider`: the client, and defaults for every query below it. */
export interface PromptApiProviderProps extends PromptQueryDefaults {
  /** The client every hook below uses. Create it once (outside render, or in `useState`). */
  client: PromptApiClient;
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
export function PromptApiProvider({ client, staleTime, retry, retryDelay, batchThreshold, coalescePinned, children }: PromptApiProviderProps) {
  const value = useMemo(
    () => ({ client, defaults: { staleTime, retry, retryDelay, batchThreshold, coalescePinned } }),
    [client, staleTime, retry, retryDelay, batchThreshold, coalescePinned],
  );
  return <PromptApiContext.Provider value={value}>{children}</PromptApiContext.Provider>;
}

/**
 * The provider's client and defaults, for your own queries over the factories.
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
