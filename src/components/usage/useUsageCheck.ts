'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { UsageSnapshot } from '../../api/usage-store.ts';
import { listedItem, promptCollection } from '../../query/collections.ts';
import { promptKeys } from '../../query/keys.ts';
import { promptListQueryOptions } from '../../query/options.ts';
import { usePromptApiContext } from '../../query/PromptApiProvider.tsx';
import { useUsage } from '../../query/useUsage.ts';

/**
 * The usage a banner shows, and its "Check again": `check()` forgets the stored usage
 * (`client.usage.reset()`, which lifts the quota guard) and sends ONE request, `GET /prompts` through the
 * app's QueryClient, whose rate-limit headers report the quota again. The prompt list is the cheapest
 * useful read: like any request it costs one of a renewed quota (a 429 costs nothing), and its data
 * refreshes the list, which then answers the prompt queries that failed on the quota: they show data again
 * without another request.
 *
 * While the check runs, `usage` stays the snapshot shown before it, so the banner does not blink out
 * between the reset and the response. When the check brings back no usage:
 * - after a successful answer (a proxy that drops the rate-limit headers, CORS without
 *   `Access-Control-Expose-Headers`), the service took the request, so the quota is not spent: `usage`
 *   is `null` (the alert goes) and `unreported` is `true`;
 * - after a failure (a network error, a proxy's error page), `usage` stays that snapshot and `unreached`
 *   is `true`: the quota is as spent as it was.
 * Either flag lasts until a response reports the usage again.
 */
export function useUsageCheck(hookName: string) {
  const { client, defaults } = usePromptApiContext(hookName);
  const queryClient = useQueryClient();
  const reported = useUsage();
  const [held, setHeld] = useState<UsageSnapshot | null>(null);
  const [unreported, setUnreported] = useState(false);
  const [checking, setChecking] = useState(false);
  // A response reported the usage again after a check that brought none back: show it, drop the note.
  if ((held || unreported) && reported && !checking) {
    setHeld(null);
    setUnreported(false);
  }
  const usage = held ?? reported;

  /** Runs the check; `beforeShown` gets the usage to show once the response is in, before the banner shows it. */
  const check = async (beforeShown: (next: UsageSnapshot | null) => void) => {
    setHeld(usage);
    setChecking(true);
    client.usage.reset();
    let answered = false;
    try {
      // `staleTime: 0` so a cached list is fetched again; no retries: one request.
      await queryClient.fetchQuery({ ...promptListQueryOptions(client, defaults), staleTime: 0, retry: false });
      answered = true;
      // The prompt reads that failed and the fresh list answers (their item, at their version) refetch
      // from it, with no request.
      const listAnswers = (id: unknown, version: string | null) => {
        const listed = listedItem(queryClient, client, promptCollection, String(id))?.item;
        return listed !== undefined && (version ?? listed.version) === listed.version;
      };
      void queryClient.refetchQueries({
        queryKey: promptKeys.details(client),
        type: 'active',
        predicate: ({ state, queryKey }) => state.status === 'error' && listAnswers(queryKey[4], (queryKey[5] as { version: string | null }).version),
      });
    } catch {
      // The response (a 429 included) has reported the usage already; the error belongs to the list's query.
    } finally {
      const next = client.usage.getSnapshot();
      beforeShown(next ?? (answered ? null : usage));
      if (next || answered) setHeld(null);
      setUnreported(answered && !next);
      setChecking(false);
    }
  };
  return { usage, checking, unreached: !checking && held !== null, unreported, check };
}
