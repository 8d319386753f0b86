import type { Decorator, Preview } from '@storybook/react-vite';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type CatalogOverride, createPromptApiClient, PromptApiProvider } from 'prompt-composer-react';
import { DEFAULT_BASE_URL, SCENARIO_DESCRIPTIONS, SCENARIO_NAMES } from 'prompt-composer-react/mocks';
import { type ReactNode, useState } from 'react';
import { MINIMAL_VIEWPORTS } from 'storybook/viewport';
import { PRESENTATIONAL, STORY_DIRECTIONS, STORY_LOCALES, storyDirection, storyLocale } from '../stories/support/locales.ts';
import { imageHost, TOOLBAR_KEYS, toolbarApi } from '../stories/support/mock-api.ts';
import { type StoryApi, storyNetworkLoader } from '../stories/support/story-network.ts';
import { cleanArgTypes } from './arg-types.ts';
import { keepDocsPageStill } from './docs-focus.ts';
import { expectNoHorizontalOverflow } from './overflow.ts';
import '../src/styles.css';
import './story.css';

type KeyLabel = keyof typeof TOOLBAR_KEYS;

/** The key a story's client sends: `parameters.apiKey` (a key, or `null` for none) wins over the toolbar. */
function storyKey(parameters: Record<string, unknown>, globals: Record<string, unknown>): string | undefined {
  if (parameters.apiKey !== undefined) return (parameters.apiKey as string | null) ?? undefined;
  return TOOLBAR_KEYS[(globals.apiKey as KeyLabel | undefined) ?? 'free'] ?? TOOLBAR_KEYS.free;
}

/** What the story providers need: the key, the client's timeout, the story's own `fetch`, and the toolbar's catalog. */
interface StoryProvidersProps {
  apiKey: string | undefined;
  timeoutMs: number | undefined;
  storyApi: StoryApi;
  catalog: CatalogOverride | undefined;
  children: ReactNode;
}

/**
 * Every story render gets a fresh QueryClient without retries (msw-storybook-addon's React Query demo) and
 * a client for its key whose `fetch` answers from the story's own mock backend (the loader's);
 * `parameters.timeoutMs` changes the client's timeout (`0`: a loading story that never times out).
 * Presentational stories ignore both.
 */
function StoryProviders({ apiKey, timeoutMs, storyApi, catalog, children }: StoryProvidersProps) {
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false } } }));
  const [client] = useState(() => createPromptApiClient({ baseUrl: DEFAULT_BASE_URL, apiKey, timeoutMs, fetch: storyApi.fetch }));
  return (
    <QueryClientProvider client={queryClient}>
      <PromptApiProvider client={client} retry={false} catalog={catalog}>
        {children}
      </PromptApiProvider>
    </QueryClientProvider>
  );
}

const withApi: Decorator = (Story, { parameters, globals, loaded }) => (
  <StoryProviders
    apiKey={storyKey(parameters, globals)}
    timeoutMs={parameters.timeoutMs as number | undefined}
    storyApi={loaded.storyApi as StoryApi}
    catalog={storyLocale(globals).catalog}
  >
    <Story />
  </StoryProviders>
);

/**
 * The toolbar's language for the presentational components, which read no provider (they render in Server
 * Components): the catalog as their `catalog` arg. English passes nothing, as an app that passes nothing.
 */
const withCatalogArg: Decorator = (Story, { globals, component, args }) => {
  const { catalog } = storyLocale(globals);
  return catalog && PRESENTATIONAL.has(component) ? <Story args={{ ...args, catalog }} /> : <Story />;
};

/**
 * Applies the toolbar (theme, language, direction, scenario) and remounts the story when the key or scenario
 * changes. The wrapper carries `lang` and `dir`, as an app's page would: `dir="rtl"` mirrors every component
 * inside. A story on its own fills the canvas with the theme's background; inline in a docs page it takes
 * its own height.
 */
const withToolbar: Decorator = (Story, { globals, viewMode }) => (
  <div
    key={`${String(globals.apiKey)}:${String(globals.scenario)}`}
    className="pcr-story"
    data-view={viewMode === 'docs' ? 'docs' : 'story'}
    data-theme={globals.theme === 'dark' ? 'dark' : 'light'}
    lang={storyLocale(globals).lang}
    dir={storyDirection(globals)}
  >
    <Story />
  </div>
);

const preview: Preview = {
  // A generated docs page per component, from its JSDoc, props and stories.
  tags: ['autodocs'],
  decorators: [withCatalogArg, withApi, withToolbar],
  argTypesEnhancers: [cleanArgTypes],
  // A mock backend of its own for every story render, answering its client's requests in the page
  // (stories/support/story-network.ts): a docs page shows each story as its own page does. The fixtures'
  // image host is the msw worker's, shared by every story (it holds no state).
  loaders: [storyNetworkLoader(imageHost())],
  // A docs page opens at its top and stays there while its stories play (their focus scrolls nothing).
  beforeEach({ viewMode }) {
    if (viewMode === 'docs') keepDocsPageStill();
  },
  // Every story fits its viewport's width: `npm test` renders them 360 px wide, a small phone.
  afterEach({ viewMode }) {
    if (viewMode === 'story') expectNoHorizontalOverflow(document);
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
        icon: 'database',
        // The toolbar shows the short name; the menu adds what the scenario does.
        items: SCENARIO_NAMES.map((name) => ({ value: name, title: name, right: SCENARIO_DESCRIPTIONS[name] })),
        dynamicTitle: true,
      },
    },
    theme: {
      description: 'Color scheme of the components',
      toolbar: { title: 'Theme', icon: 'contrast', items: ['light', 'dark'], dynamicTitle: true },
    },
    locale: {
      description: 'The language of the components: their catalog (the URL takes it too: &globals=locale:pseudo)',
      toolbar: {
        title: 'Language',
        icon: 'globe',
        items: Object.entries(STORY_LOCALES).map(([value, { title }]) => ({ value, title })),
        dynamicTitle: true,
      },
    },
    dir: {
      description: 'The text direction around the components (the URL takes it too: &globals=dir:rtl)',
      toolbar: {
        title: 'Direction',
        icon: 'transfer',
        items: Object.entries(STORY_DIRECTIONS).map(([value, title]) => ({ value, title })),
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { apiKey: 'free', scenario: 'happy', theme: 'light', locale: 'en', dir: 'ltr' },
  parameters: {
    layout: 'fullscreen',
    // Required props first, in the Controls panel and in the docs pages' props tables.
    controls: { expanded: true, sort: 'requiredFirst' },
    docs: { controls: { sort: 'requiredFirst' } },
    // A small phone beside Storybook's defaults; `npm test` renders every story at this width.
    viewport: { options: { phone: { name: 'Small phone (360 px)', styles: { width: '360px', height: '780px' }, type: 'mobile' }, ...MINIMAL_VIEWPORTS } },
    // Storybook opens on the first entry: Getting started, then the Playground, then the reference.
    options: { storySort: { order: ['Start here', ['Getting started', 'Playground'], 'Components', 'Hooks', ['Overview', '*'], 'Guides'] } },
    // Handler groups by name: a story replaces `api` (its scenario) with its own.
    msw: { handlers: toolbarApi() },
  },
};

export default preview;
