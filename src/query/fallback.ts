import type { UseQueryResult } from '@tanstack/react-query';
import type { PromptApiError } from '../api/errors.ts';

/** A query result that says whether its `data` is the caller's fallback. */
export type WithFallback<TData> = UseQueryResult<TData, PromptApiError> & {
  /** `true` when the fetch failed with nothing cached and `data` is the `fallback` option. */
  isFallback: boolean;
};

/** Puts `fallback` in `data` when the query failed and has nothing else to show. */
export function withFallback<TData>(
  result: UseQueryResult<TData, PromptApiError>,
  fallback: TData | undefined,
): WithFallback<TData> {
  if (fallback === undefined || !result.isError || result.data !== undefined) {
    // The tracked result object of TanStack is kept (and its render optimisation with it).
    return Object.assign(result, { isFallback: false });
  }
  return { ...result, data: fallback, isFallback: true } as WithFallback<TData>;
}
