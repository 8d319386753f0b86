import type { ErrorCatalog } from './catalog.ts';

/**
 * The English words of `ApiErrorMessage`, with the locale and sentences they need: the one component both the
 * previews and the version diffs show, so an app with only the diffs bundles these and not the others.
 */
export const englishErrorWords: ErrorCatalog = {
  locale: 'en',
  sentences: '{first} {second}',
  errors: {
    notFound: {
      title: { prompt: 'Prompt not found', composer: 'Composer not found' },
      detail: { prompt: 'The prompt {id} does not exist or is not published.', composer: 'The composer {id} does not exist or is not published.' },
      detailWithoutId: { prompt: 'This prompt does not exist or is not published.', composer: 'This composer does not exist or is not published.' },
    },
    versionNotFound: {
      title: 'Version not found',
      detail: {
        prompt: 'Version {version} of this prompt does not exist or is not published.',
        composer: 'Version {version} of this composer does not exist or is not published.',
      },
      detailWithoutVersion: {
        prompt: 'Version requested of this prompt does not exist or is not published.',
        composer: 'Version requested of this composer does not exist or is not published.',
      },
    },
    unauthorized: { title: 'API key missing', detail: 'No API key was sent with the request. Check your API key configuration.' },
    invalidKey: { title: 'API key invalid', detail: 'The API key is invalid or has been revoked. Check your API key.' },
    quota: {
      title: 'Monthly quota used up',
      usedUp: "This month's request quota is used up.",
      usedUpCounted: {
        one: "This month's request quota is used up ({used} of {limit} request).",
        other: "This month's request quota is used up ({used} of {limit} requests).",
      },
      resetsOn: 'It resets on {date}.',
      resetsNextPeriod: 'It resets at the start of the next period.',
    },
    badRequest: {
      title: 'Invalid request',
      detail: { prompt: 'The prompt identifier or version is not in a valid format.', composer: 'The composer identifier or version is not in a valid format.' },
    },
    serverError: { title: 'Server error', detail: 'The service failed to answer. Try again in a moment.' },
    networkError: { title: 'Network error', detail: 'The service could not be reached. Check your connection and try again.' },
    timeout: { title: 'Request timed out', detail: 'The service took too long to answer. Try again in a moment.' },
    invalidResponse: { title: 'Unexpected response', detail: 'The service sent a response this app cannot read. Try again in a moment.' },
    failed: { title: 'Request failed', detail: { prompt: 'The prompt could not be loaded.', composer: 'The composer could not be loaded.' } },
    upgrade: 'Upgrade your plan',
    retry: 'Retry',
    retrying: 'Retrying…',
    details: 'Details',
  },
};
