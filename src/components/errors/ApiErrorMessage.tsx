import { useId } from 'react';
import type { PromptApiErrorData } from '../../api/errors.ts';
import type { CatalogOverride } from '../../catalog/catalog.ts';
import { englishErrorWords } from '../../catalog/english-errors.ts';
import { fillParts } from '../../catalog/format.ts';
import { withCatalog } from '../../catalog/resolve.ts';
import { formatResetDate } from '../shared/format-reset.ts';
import { Icon } from '../shared/Icon.tsx';
import { safeHref } from '../../sanitize/safe-href.ts';
import { type ApiErrorSubject, apiErrorWording } from './api-error-wording.ts';

export type { ApiErrorSubject } from './api-error-wording.ts';

/** Props of `ApiErrorMessage`. */
export interface ApiErrorMessageProps {
  /** The error of a client call or a hook, or its data from a worker (`error.toJSON()`). */
  error: PromptApiErrorData;
  /** Shows a Retry button for errors a retry may cure (server, network, timeout, invalid response). @default undefined */
  onRetry?: () => void;
  /** Whether a retry is running: the button says so and ignores clicks. @default false */
  retrying?: boolean;
  /** What was requested. @default read from the error's path (`/composers/...` or `/prompts/...`) */
  subject?: ApiErrorSubject;
  /** When the quota resets, for `USAGE_LIMIT_EXCEEDED` when the error carries no rate-limit headers. @default undefined */
  resetAt?: Date | null;
  /**
   * Upgrade link when the error carries none. Like the error's own link, shown only when it is relative or
   * `http:`/`https:` (`javascript:`, `data:` and other schemes drop the link, not the message).
   * @default undefined
   */
  upgradeUrl?: string;
  /** Locale(s) of the numbers and the reset date. @default the catalog's `locale` ('en') */
  locale?: string | readonly string[];
  /** Time zone of the reset date. @default the user's time zone */
  timeZone?: string;
  /**
   * The message's words (a complete catalog such as `germanCatalog`, or the keys to change). A prop, not the
   * provider's: the message renders in a Server Component, which reads no context.
   * @default englishCatalog
   */
  catalog?: CatalogOverride;
}

/**
 * Whether `ApiErrorMessage` offers a Retry button for this error: when the client calls it retryable
 * (network errors, timeouts, server errors), and for a response it could not read, which a retry may
 * cure too.
 */
export function canRetryApiError(error: PromptApiErrorData): boolean {
  return error.retryable || error.code === 'INVALID_RESPONSE';
}

/**
 * A failed request in human words, as a callout with `role="alert"`: an icon, a title, a sentence of detail,
 * at most one action, and the technical message under "Details". Not found (naming the id), version not
 * found, key missing or invalid, quota used up (with the reset date and, as its action, the upgrade link),
 * bad request, and server, network, timeout or invalid-response errors (with Retry as the action when
 * `onRetry` is given).
 *
 * @example
 * {query.error ? <ApiErrorMessage error={query.error} onRetry={() => query.refetch()} /> : null}
 */
export function ApiErrorMessage({ error, onRetry, retrying = false, subject, resetAt, upgradeUrl, locale, timeZone, catalog }: ApiErrorMessageProps) {
  const titleId = useId();
  const words = withCatalog(englishErrorWords, catalog);
  const about = subject ?? (error.path.startsWith('/composers') ? 'composer' : 'prompt');
  const numberLocale = locale ?? words.locale;
  // The error's own headers first; a reset no Date can hold falls back to `resetAt`.
  const resetText = formatResetDate(error.rateLimit && error.rateLimit.reset * 1000, numberLocale, timeZone) ?? formatResetDate(resetAt, numberLocale, timeZone);
  const { title, detail, id } = apiErrorWording(error, about, words, resetText, numberLocale);
  // From a response body or a prop: never a `javascript:` or `data:` href; an unsafe body link falls back to the prop.
  const link = error.code === 'USAGE_LIMIT_EXCEEDED' ? (safeHref(error.upgradeUrl) ?? safeHref(upgradeUrl)) : undefined;
  // A quota error is never retryable, so there is one action at most: the upgrade link or Retry.
  const retry = onRetry && canRetryApiError(error);
  return (
    <div className="pcr-api-error" role="alert" aria-labelledby={titleId} data-code={error.code}>
      <Icon name={error.code === 'USAGE_LIMIT_EXCEEDED' ? 'stop' : 'alert'} className="pcr-callout__icon" />
      <p className="pcr-api-error__title" id={titleId}>
        {title}
      </p>
      <p className="pcr-api-error__detail">
        {id === undefined ? detail : fillParts(detail, { id: <code key="id" className="pcr-api-error__id">{id}</code> }, words.locale)}
      </p>
      {link || retry ? (
        <div className="pcr-callout__actions">
          {link ? (
            <a className="pcr-api-error__upgrade pcr-button" data-variant="solid" href={link}>
              {words.errors.upgrade}
              <Icon name="arrow" />
            </a>
          ) : (
            <button type="button" className="pcr-api-error__retry pcr-button" aria-disabled={retrying} onClick={() => !retrying && onRetry?.()}>
              {retrying ? words.errors.retrying : words.errors.retry}
            </button>
          )}
        </div>
      ) : null}
      <details className="pcr-api-error__details">
        <summary>
          <Icon name="chevron" />
          {words.errors.details}
        </summary>
        <code>{error.message}</code>
      </details>
    </div>
  );
}
