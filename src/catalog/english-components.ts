import type { CatalogWithoutDiffs } from './catalog.ts';
import { englishErrorWords } from './english-errors.ts';

/**
 * The English words of every component but the version diffs: what those components fall back on, so an app
 * without the diffs bundles none of the diffs' words. `englishCatalog` is the whole.
 */
export const englishComponentWords: CatalogWithoutDiffs = {
  ...englishErrorWords,
  list: { separator: ', ', finalSeparator: ' and ' },
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
