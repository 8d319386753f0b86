import { useId } from 'react';
import type { PromptApiErrorData } from '../../api/errors.ts';
import { formatResetDate } from '../shared/format-reset.ts';
import { safeHref } from '../../sanitize/safe-href.ts';

/** What a failed request was about, for the wording. */
export type ApiErrorSubject = 'prompt' | 'composer';

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
  /** Locale(s) of the reset date. @default the user's locale */
  locale?: string | readonly string[];
  /** Time zone of the reset date. @default the user's time zone */
  timeZone?: string;
}

/**
 * Whether `ApiErrorMessage` offers a Retry button for this error: when the client calls it retryable
 * (network errors, timeouts, server errors), and for a response it could not read, which a retry may
 * cure too.
 */
export function canRetryApiError(error: PromptApiErrorData): boolean {
  return error.retryable || error.code === 'INVALID_RESPONSE';
}

/** The `version` of the failed request's query string, or `null`. */
function requestedVersion(error: PromptApiErrorData): string | null {
  return new URLSearchParams(error.path.split('?')[1]).get('version');
}

interface Wording {
  title: string;
  detail: string;
}

/** Human wording for each code; the machine message stays available under "Details". */
function wording(error: PromptApiErrorData, subject: ApiErrorSubject, resetText: string | null, numbers: Intl.NumberFormat): Wording {
  const version = requestedVersion(error);
  // A proxy's HTML error page (502, 503) fails validation, but for the user it is a server error.
  const code = error.code === 'INVALID_RESPONSE' && error.status >= 500 ? 'INTERNAL_ERROR' : error.code;
  switch (code) {
    case 'NOT_FOUND':
      return { title: `${subject === 'composer' ? 'Composer' : 'Prompt'} not found`, detail: `This ${subject} does not exist or is not published.` };
    case 'VERSION_NOT_FOUND':
      return { title: 'Version not found', detail: `Version ${version ?? 'requested'} of this ${subject} does not exist or is not published.` };
    case 'UNAUTHORIZED':
      return { title: 'API key missing', detail: 'No API key was sent with the request. Check your API key configuration.' };
    case 'INVALID_KEY':
      return { title: 'API key invalid', detail: 'The API key is invalid or has been revoked. Check your API key.' };
    case 'USAGE_LIMIT_EXCEEDED':
      return {
        title: 'Monthly quota used up',
        detail: `This month's request quota is used up${error.usage ? ` (${numbers.format(error.usage.used)} of ${numbers.format(error.usage.limit)} requests)` : ''}. ${resetText ? `It resets on ${resetText}.` : 'It resets at the start of the next period.'}`,
      };
    case 'BAD_REQUEST':
      return { title: 'Invalid request', detail: `The ${subject} identifier or version is not in a valid format.` };
    case 'INTERNAL_ERROR':
      return { title: 'Server error', detail: 'The service failed to answer. Try again in a moment.' };
    case 'NETWORK_ERROR':
      return { title: 'Network error', detail: 'The service could not be reached. Check your connection and try again.' };
    case 'TIMEOUT':
      return { title: 'Request timed out', detail: 'The service took too long to answer. Try again in a moment.' };
    case 'INVALID_RESPONSE':
      return { title: 'Unexpected response', detail: 'The service sent a response this app cannot read. Try again in a moment.' };
    default:
      return error.status >= 500
        ? { title: 'Server error', detail: 'The service failed to answer. Try again in a moment.' }
        : { title: 'Request failed', detail: `The ${subject} could not be loaded.` };
  }
}

/**
 * A failed request in human words, with `role="alert"`: not found, version not found, key missing or
 * invalid, quota used up (with the reset date and the upgrade link), bad request, and server, network,
 * timeout or invalid-response errors (with a Retry button when `onRetry` is given).
 *
 * @example
 * {query.error ? <ApiErrorMessage error={query.error} onRetry={() => query.refetch()} /> : null}
 */
export function ApiErrorMessage({ error, onRetry, retrying = false, subject, resetAt, upgradeUrl, locale, timeZone }: ApiErrorMessageProps) {
  const titleId = useId();
  const about = subject ?? (error.path.startsWith('/composers') ? 'composer' : 'prompt');
  // The error's own headers first; a reset no Date can hold falls back to `resetAt`.
  const resetText = formatResetDate(error.rateLimit && error.rateLimit.reset * 1000, locale, timeZone) ?? formatResetDate(resetAt, locale, timeZone);
  const numbers = new Intl.NumberFormat(locale as string | string[] | undefined);
  const { title, detail } = wording(error, about, resetText, numbers);
  // From a response body or a prop: never a `javascript:` or `data:` href; an unsafe body link falls back to the prop.
  const link = error.code === 'USAGE_LIMIT_EXCEEDED' ? (safeHref(error.upgradeUrl) ?? safeHref(upgradeUrl)) : undefined;
  return (
    <div className="pcr-api-error" role="alert" aria-labelledby={titleId} data-code={error.code}>
      <p className="pcr-api-error__title" id={titleId}>
        {title}
      </p>
      <p className="pcr-api-error__detail">{detail}</p>
      {link ? (
        <a className="pcr-api-error__upgrade" href={link}>
          Upgrade your plan
        </a>
      ) : null}
      {onRetry && canRetryApiError(error) ? (
        <button type="button" className="pcr-api-error__retry" aria-disabled={retrying} onClick={() => !retrying && onRetry()}>
          {retrying ? 'Retrying…' : 'Retry'}
        </button>
      ) : null}
      <details className="pcr-api-error__details">
        <summary>Details</summary>
        <code>{error.message}</code>
      </details>
    </div>
  );
}
