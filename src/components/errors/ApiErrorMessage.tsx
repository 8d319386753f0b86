import { useId } from 'react';
import type { PromptApiErrorData } from '../../api/errors.ts';
import type { CatalogOverride, ErrorCatalog } from '../../catalog/catalog.ts';
import { englishErrorWords } from '../../catalog/english-errors.ts';
import { fillPlural, fillText, formatNumber, type Locales } from '../../catalog/format.ts';
import { withCatalog } from '../../catalog/resolve.ts';
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

/** The `version` of the failed request's query string, or `null`. */
function requestedVersion(error: PromptApiErrorData): string | null {
  return new URLSearchParams(error.path.split('?')[1]).get('version');
}

interface Wording {
  title: string;
  detail: string;
}

/** The quota's detail: used up (with the usage, when the error carries it), then when it resets. */
function quotaDetail(error: PromptApiErrorData, words: ErrorCatalog, resetText: string | null, numberLocale: Locales): string {
  const { quota } = words.errors;
  const usage = error.usage;
  const usedUp = usage
    ? fillPlural(quota.usedUpCounted, usage.limit, { used: formatNumber(usage.used, numberLocale), limit: formatNumber(usage.limit, numberLocale) }, words.locale)
    : quota.usedUp;
  const resets = resetText ? fillText(quota.resetsOn, { date: resetText }, words.locale) : quota.resetsNextPeriod;
  return fillText(words.sentences, { first: usedUp, second: resets }, words.locale);
}

/** Human wording for each code; the machine message stays available under "Details". */
function wording(error: PromptApiErrorData, subject: ApiErrorSubject, words: ErrorCatalog, resetText: string | null, numberLocale: Locales): Wording {
  const { errors } = words;
  const version = requestedVersion(error);
  // A proxy's HTML error page (502, 503) fails validation, but for the user it is a server error.
  const code = error.code === 'INVALID_RESPONSE' && error.status >= 500 ? 'INTERNAL_ERROR' : error.code;
  switch (code) {
    case 'NOT_FOUND':
      return { title: errors.notFound.title[subject], detail: errors.notFound.detail[subject] };
    case 'VERSION_NOT_FOUND':
      return {
        title: errors.versionNotFound.title,
        detail: version === null ? errors.versionNotFound.detailWithoutVersion[subject] : fillText(errors.versionNotFound.detail[subject], { version }, words.locale),
      };
    case 'UNAUTHORIZED':
      return errors.unauthorized;
    case 'INVALID_KEY':
      return errors.invalidKey;
    case 'USAGE_LIMIT_EXCEEDED':
      return { title: errors.quota.title, detail: quotaDetail(error, words, resetText, numberLocale) };
    case 'BAD_REQUEST':
      return { title: errors.badRequest.title, detail: errors.badRequest.detail[subject] };
    case 'INTERNAL_ERROR':
      return errors.serverError;
    case 'NETWORK_ERROR':
      return errors.networkError;
    case 'TIMEOUT':
      return errors.timeout;
    case 'INVALID_RESPONSE':
      return errors.invalidResponse;
    default:
      return error.status >= 500 ? errors.serverError : { title: errors.failed.title, detail: errors.failed.detail[subject] };
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
export function ApiErrorMessage({ error, onRetry, retrying = false, subject, resetAt, upgradeUrl, locale, timeZone, catalog }: ApiErrorMessageProps) {
  const titleId = useId();
  const words = withCatalog(englishErrorWords, catalog);
  const about = subject ?? (error.path.startsWith('/composers') ? 'composer' : 'prompt');
  const numberLocale = locale ?? words.locale;
  // The error's own headers first; a reset no Date can hold falls back to `resetAt`.
  const resetText = formatResetDate(error.rateLimit && error.rateLimit.reset * 1000, numberLocale, timeZone) ?? formatResetDate(resetAt, numberLocale, timeZone);
  const { title, detail } = wording(error, about, words, resetText, numberLocale);
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
          {words.errors.upgrade}
        </a>
      ) : null}
      {onRetry && canRetryApiError(error) ? (
        <button type="button" className="pcr-api-error__retry" aria-disabled={retrying} onClick={() => !retrying && onRetry()}>
          {retrying ? words.errors.retrying : words.errors.retry}
        </button>
      ) : null}
      <details className="pcr-api-error__details">
        <summary>{words.errors.details}</summary>
        <code>{error.message}</code>
      </details>
    </div>
  );
}
