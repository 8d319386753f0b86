import type { PromptApiErrorData } from '../../api/errors.ts';
import type { ErrorCatalog } from '../../catalog/catalog.ts';
import { fillPlural, fillText, formatNumber, type Locales } from '../../catalog/format.ts';

/** What a failed request was about, for the wording. */
export type ApiErrorSubject = 'prompt' | 'composer';

/** A failure in words: a title, and a sentence of detail in which `{id}`, if any, stands for `id`. */
export interface ApiErrorWording {
  title: string;
  detail: string;
  /** The id the request asked for, when the detail names it (the message shows it as code). */
  id?: string;
}

/** The `version` of the failed request's query string, or `null`. */
function requestedVersion(error: PromptApiErrorData): string | null {
  return new URLSearchParams(error.path.split('?')[1]).get('version');
}

/** The id of the failed request's path (`/prompts/<id>`), decoded, or `undefined` (a list, a path not ours). */
function requestedId(error: PromptApiErrorData): string | undefined {
  const encoded = /^\/(?:prompts|composers)\/([^/?]+)/.exec(error.path)?.[1];
  try {
    return encoded === undefined ? undefined : decodeURIComponent(encoded);
  } catch {
    return undefined;
  }
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
export function apiErrorWording(error: PromptApiErrorData, subject: ApiErrorSubject, words: ErrorCatalog, resetText: string | null, numberLocale: Locales): ApiErrorWording {
  const { errors } = words;
  // A proxy's HTML error page (502, 503) fails validation, but for the user it is a server error.
  const code = error.code === 'INVALID_RESPONSE' && error.status >= 500 ? 'INTERNAL_ERROR' : error.code;
  switch (code) {
    case 'NOT_FOUND': {
      const id = requestedId(error);
      return { title: errors.notFound.title[subject], ...(id === undefined ? { detail: errors.notFound.detailWithoutId[subject] } : { detail: errors.notFound.detail[subject], id }) };
    }
    case 'VERSION_NOT_FOUND': {
      const version = requestedVersion(error);
      return {
        title: errors.versionNotFound.title,
        detail: version === null ? errors.versionNotFound.detailWithoutVersion[subject] : fillText(errors.versionNotFound.detail[subject], { version }, words.locale),
      };
    }
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
