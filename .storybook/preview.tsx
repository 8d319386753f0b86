import type { Decorator, Preview } from '@storybook/react-vite';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { setupWorker } from 'msw/browser';
import { mswLoader } from 'msw-storybook-addon/csf3';
import { createPromptApiClient, PromptApiProvider } from 'prompt-composer-react';
import { DEFAULT_BASE_URL, SCENARIO_DESCRIPTIONS, SCENARIO_NAMES } from 'prompt-composer-react/mocks';
import { type ReactNode, useState } from 'react';
import { resetStoryDatabases, setToolbarScenario, TOOLBAR_KEYS, toolbarApi } from '../stories/support/mock-api.ts';
import '../src/styles.css';
import './story.css';

type KeyLabel = keyof typeof TOOLBAR_KEYS;

/** The key a story's client sends: `parameters.apiKey` (a key, or `null` for none) wins over the toolbar. */
function storyKey(parameters: Record<string, unknown>, globals: Record<string, unknown>): string | undefined {
  if (parameters.apiKey !== undefined) return (parameters.apiKey as string | null) ?? undefined;
  return TOOLBAR_KEYS[(globals.apiKey as KeyLabel | undefined) ?? 'free'] ?? TOOLBAR_KEYS.free;
}

/**
 * Every story gets a fresh QueryClient without retries (msw-storybook-addon's React Query demo) and a
 * client for its key. Presentational stories ignore both.
 */
function StoryProviders({ apiKey, children }: { apiKey: string | undefined; children: ReactNode }) {
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false } } }));
  const [client] = useState(() => createPromptApiClient({ baseUrl: DEFAULT_BASE_URL, apiKey }));
  return (
    <QueryClientProvider client={queryClient}>
      <PromptApiProvider client={client} retry={false}>
        {children}
      </PromptApiProvider>
    </QueryClientProvider>
  );
}

const withApi: Decorator = (Story, { parameters, globals }) => (
  <StoryProviders apiKey={storyKey(parameters, globals)}>
    <Story />
  </StoryProviders>
);

/** Applies the toolbar (theme, scenario) and remounts the story when the key or scenario changes. */
const withToolbar: Decorator = (Story, { globals }) => {
  setToolbarScenario(globals.scenario);
  return (
    <div key={`${String(globals.apiKey)}:${String(globals.scenario)}`} className="pcr-story" data-theme={globals.theme === 'dark' ? 'dark' : 'light'}>
      <Story />
    </div>
  );
};

const preview: Preview = {
  // A generated docs page per component, from its JSDoc, props and stories.
  tags: ['autodocs'],
  decorators: [withApi, withToolbar],
  loaders: [
    mswLoader(async () => {
      const worker = setupWorker();
      await worker.start({ quiet: true, onUnhandledRequest: 'bypass', serviceWorker: { url: './mockServiceWorker.js' } });
      return worker;
    }),
  ],
  beforeEach() {
    resetStoryDatabases();
  },
  globalTypes: {
    apiKey: {
      description: 'The API key stories send (a fixture key of the mock backend)',
      toolbar: {
        title: 'API key',
        icon: 'lock',
        items: [
          { value: 'free', title: 'pk_test_free (Free, unused)' },
          { value: 'pro', title: 'pk_test_pro (Pro)' },
          { value: 'nearLimit', title: 'pk_test_near_limit (4,900 of 5,000)' },
          { value: 'exhausted', title: 'pk_test_exhausted (5,000 of 5,000)' },
          { value: 'revoked', title: 'pk_test_revoked (revoked)' },
        ],
        dynamicTitle: true,
      },
    },
    scenario: {
      description: 'The mock backend scenario, for stories that do not pin one',
      toolbar: {
        title: 'Scenario',
        icon: 'server',
        items: SCENARIO_NAMES.map((name) => ({ value: name, title: `${name}: ${SCENARIO_DESCRIPTIONS[name]}` })),
        dynamicTitle: true,
      },
    },
    theme: {
      description: 'Color scheme of the components',
      toolbar: { title: 'Theme', icon: 'contrast', items: ['light', 'dark'], dynamicTitle: true },
    },
  },
  initialGlobals: { apiKey: 'free', scenario: 'happy', theme: 'light' },
  parameters: {
    layout: 'fullscreen',
    controls: { expanded: true },
    msw: { handlers: toolbarApi() },
  },
};

export default preview;
