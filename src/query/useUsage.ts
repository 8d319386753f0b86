'use client';

import { useSyncExternalStore } from 'react';
import type { UsageSnapshot } from '../api/usage-store.ts';
import { usePromptApiContext } from './PromptApiProvider.tsx';

const serverSnapshot = (): UsageSnapshot | null => null;

/**
 * The account's monthly usage from the provider's client: `{ limit, remaining, used, reset, exceeded,
 * upgradeUrl }`, or `null` before the first response. Re-renders only when it changes.
 *
 * @example
 * const usage = useUsage()
 * if (usage?.exceeded) return <p>Quota used up until {usage.reset?.toLocaleDateString()}</p>
 */
export function useUsage(): UsageSnapshot | null {
  const { client } = usePromptApiContext('useUsage');
  // `null` on the server and during hydration: the browser's client has seen no response yet, and a
  // server-rendered banner would not match it.
  return useSyncExternalStore(client.usage.subscribe, client.usage.getSnapshot, serverSnapshot);
}
