'use client';

import type { PromptApiError } from '../../api/errors.ts';
import { useUsage } from '../../query/useUsage.ts';
import { englishErrorWords } from '../../catalog/english-errors.ts';
import { useCatalog } from '../shared/useCatalog.ts';
import { ApiErrorMessage, type ApiErrorMessageProps } from './ApiErrorMessage.tsx';

/** Props of `QueryErrorMessage`: those of `ApiErrorMessage` but the reset date, which it reads itself. */
export interface QueryErrorMessageProps extends Omit<ApiErrorMessageProps, 'resetAt'> {
  error: PromptApiError;
}

/**
 * `ApiErrorMessage` for a hook's error: the quota's reset date comes from the provider's usage store
 * when the error itself carries none (the client refused to send because the quota is spent), and the
 * words from the provider's catalog under the `catalog` prop.
 */
export function QueryErrorMessage({ catalog, ...props }: QueryErrorMessageProps) {
  const usage = useUsage();
  return <ApiErrorMessage {...props} catalog={useCatalog(catalog, englishErrorWords)} resetAt={usage?.reset ?? null} />;
}
