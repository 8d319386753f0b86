'use client';

import { useEffect, useReducer } from 'react';

/** `setTimeout` fires at once past 2^31 - 1 ms (about 24.8 days): longer waits are done in steps. */
const MAX_TIMEOUT_MS = 2_147_483_647;

/**
 * Whether the time `end` (ms since the epoch) has passed by `now()`. While it has not, a timer re-renders
 * the caller when it does, so a banner does not keep describing a period that is over.
 */
export function usePeriodEnded(end: number | null, now: () => number): boolean {
  const [, wake] = useReducer((count: number) => count + 1, 0);
  const ended = end !== null && now() >= end;
  useEffect(() => {
    if (end === null || ended) return;
    const timer = setTimeout(wake, Math.min(Math.max(end - now(), 0) + 1, MAX_TIMEOUT_MS));
    return () => clearTimeout(timer);
  }, [end, ended, now]);
  return ended;
}
