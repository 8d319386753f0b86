import type { CatalogWithoutDiffs } from './catalog.ts';

/**
 * The English words of every component but the version diffs: what those components fall back on, so an app
 * without the diffs bundles none of the diffs' words. `englishCatalog` is the whole.
 */
export const englishComponentWords: CatalogWithoutDiffs = {
  locale: 'en',
  list: { separator: ', ', finalSeparator: ' and ' },
  sentences: '{first} {second}',
  copy: {
    label: 'Copy',
    copied: 'Copied',
    failed: 'Could not copy: select the text and copy it by hand',
    labelWithContext: '{label}, {context}',
  },
  card: {
    version: 'Version',
    model: 'Model',
    temperature: 'Temperature',
    systemMessage: 'System message',
    userMessage: 'User message',
    unfilledTitle: '{name}: no value',
    missingNote: { one: '{count} variable to fill in: {names}', other: '{count} variables to fill in: {names}' },
    copyLabel: 'Copy user message',
    copiedUnfilled: { one: 'Copied with {count} unfilled placeholder: {names}', other: 'Copied with {count} unfilled placeholders: {names}' },
  },
  composer: { version: 'Version {version}' },
  preview: {
    title: { prompt: 'Prompt preview', composer: 'Composer preview' },
    loading: { prompt: 'Loading prompt…', composer: 'Loading composer…' },
    version: 'Version',
    latest: 'Latest',
  },
  variables: { legend: 'Variables', empty: 'No variables to fill in.' },
  errors: {
    notFound: {
      title: { prompt: 'Prompt not found', composer: 'Composer not found' },
      detail: { prompt: 'This prompt does not exist or is not published.', composer: 'This composer does not exist or is not published.' },
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
  usage: {
    warning: {
      title: "You have used {percent} of this month's requests",
      detail: { one: '{used} of {limit} request used.', other: '{used} of {limit} requests used.' },
    },
    critical: {
      title: 'Almost out of requests this month',
      detail: { one: 'Only {remaining} of {limit} request left.', other: 'Only {remaining} of {limit} requests left.' },
    },
    exceeded: {
      title: "This month's requests are used up",
      detail: 'Requests are paused until {date} ({used} of {limit} used).',
      detailWithoutDate: 'Requests are paused until the next period ({used} of {limit} used).',
    },
    resetsOn: 'The quota resets on {date}.',
    resetsNextPeriod: 'The quota resets at the start of the next period.',
    meterLabel: 'Requests used this month',
    meterText: '{used} / {limit}',
    upgrade: 'Upgrade your plan',
    checkAgain: 'Check again',
    checking: 'Checking…',
    unreached: 'Could not reach the service to check. Try again in a moment.',
    unreported: 'Requests go through again. The service did not say how many are left.',
    dismiss: 'Dismiss',
  },
};
