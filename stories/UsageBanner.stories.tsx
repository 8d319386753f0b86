import type { Meta, StoryObj } from '@storybook/react-vite';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { type CatalogOverride, createPromptApiClient, PromptApiProvider, UsageBanner } from 'prompt-composer-react';
import { DEFAULT_BASE_URL, FIXTURE_KEYS, type MockDb, PLAN_LIMITS, UPGRADE_URL } from 'prompt-composer-react/mocks';
import { useEffect, useMemo } from 'react';
import { expect, userEvent, waitFor } from 'storybook/test';
import { storyLocale } from './support/locales.ts';
import { storyApi } from './support/mock-api.ts';
import { oneAtATime } from './support/one-at-a-time.ts';
import { exactly, storyWords } from './support/words.ts';
import type { StoryApi } from './support/story-network.ts';
import { UsageHarness } from './support/UsageHarness.tsx';

/** Sets every fixture key's usage this month, for a story's database. */
const usedEverywhere = (used: number) => (db: MockDb) => {
  for (const key of [FIXTURE_KEYS.free, FIXTURE_KEYS.nearLimit]) db.setUsage(key, used);
};

/**
 * The monthly quota banner, driven by the `X-RateLimit-*` headers of real (mock) responses: hidden below
 * 80 % used, a warning, a critical warning from 95 %, and the exceeded hard stop with the reset date.
 */
const meta = {
  title: 'Components/UsageBanner',
  component: UsageBanner,
  render: (args) => <UsageHarness {...args} />,
  // The app's upgrade page: the critical warning links to it before any 429 has brought the service's own.
  args: { warningAt: 0.8, criticalAt: 0.95, dismissible: true, upgradeUrl: UPGRADE_URL },
  argTypes: {
    warningAt: { control: { type: 'range', min: 0, max: 1, step: 0.05 } },
    criticalAt: { control: { type: 'range', min: 0, max: 1, step: 0.05 } },
  },
} satisfies Meta<typeof UsageBanner>;

export default meta;
type Story = StoryObj<typeof meta>;

const banner = (element: HTMLElement) => element.querySelector('[data-state="warning"], [data-state="critical"], [data-state="exceeded"]');

/** 82 % used: a warning (`role="status"`). */
export const Warning: Story = {
  parameters: { msw: { handlers: storyApi('happy', usedEverywhere(4100)) } },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(banner(canvasElement)?.getAttribute('data-state')).toBe('warning'), { timeout: 5000 });
    await expect(banner(canvasElement)?.getAttribute('role')).toBe('status');
  },
};

/** 96 % used: the critical warning, with the upgrade link, still dismissible. */
export const Critical: Story = {
  parameters: { msw: { handlers: storyApi('happy', usedEverywhere(4800)) } },
  play: async ({ canvas, canvasElement, globals }) => {
    const words = storyWords(globals);
    await waitFor(() => expect(banner(canvasElement)?.getAttribute('data-state')).toBe('critical'), { timeout: 5000 });
    await expect(canvas.getByRole('link', { name: exactly(words.usage.upgrade) })).toHaveAttribute('href', UPGRADE_URL);
    await expect(canvas.getByRole('button', { name: exactly(words.usage.dismiss) })).toBeVisible();
  },
};

/**
 * The quota is used up: `role="alert"`, the reset date, the upgrade link and "Check again" (for after an
 * upgrade: one request); not dismissible.
 */
export const Exceeded: Story = {
  parameters: { apiKey: FIXTURE_KEYS.exhausted, msw: { handlers: storyApi('happy') } },
  play: async ({ canvas, canvasElement, globals }) => {
    const words = storyWords(globals);
    await waitFor(() => expect(banner(canvasElement)?.getAttribute('data-state')).toBe('exceeded'), { timeout: 5000 });
    await expect(banner(canvasElement)?.getAttribute('role')).toBe('alert');
    await expect(canvas.getByRole('link', { name: exactly(words.usage.upgrade) })).toBeVisible();
    await expect(canvas.getByRole('button', { name: exactly(words.usage.checkAgain) })).toBeVisible();
  },
};

/** Whether the plan of the UpgradedWithoutUsageHeaders story has been upgraded (reset before each render). */
const upgrade = { done: false };

/**
 * "Check again" after an upgrade, through a proxy that drops the `X-RateLimit-*` headers (or CORS without
 * `Access-Control-Expose-Headers`): the service answered, so the alert goes, and the status region says
 * what is known: requests go through again, how many are left was not reported.
 */
export const UpgradedWithoutUsageHeaders: Story = {
  parameters: {
    // The docs page plays it too, so it shows there what it shows on its own page.
    docs: { story: { autoplay: true } },
    apiKey: FIXTURE_KEYS.exhausted,
    msw: {
      handlers: {
        api: [
          // Before the API's handlers (in the same group, which keeps its place): once upgraded, the list
          // answers 200 without rate-limit headers.
          http.get(`${DEFAULT_BASE_URL}/prompts`, () => (upgrade.done ? HttpResponse.json([]) : undefined)),
          storyApi('happy', () => {
            upgrade.done = false;
          }).api,
        ],
      },
    },
  },
  play: async ({ canvas, canvasElement, globals }) => {
    const words = storyWords(globals);
    await waitFor(() => expect(banner(canvasElement)?.getAttribute('data-state')).toBe('exceeded'), { timeout: 5000 });
    // One story's interactions at a time: on the docs page, Dismissed plays beside it (one focus per page).
    await oneAtATime(async () => {
      upgrade.done = true;
      await userEvent.click(canvas.getByRole('button', { name: exactly(words.usage.checkAgain) }));
      await waitFor(() => expect(banner(canvasElement)).toBeNull());
      await expect(canvas.getByRole('status')).toHaveTextContent(words.usage.unreported);
    });
  },
};

/** Below the first threshold nothing shows. */
export const Hidden: Story = {
  parameters: { msw: { handlers: storyApi('happy', usedEverywhere(1200)) } },
  play: async ({ canvas, canvasElement }) => {
    await canvas.findByText('Last request: OK', {}, { timeout: 5000 });
    await expect(banner(canvasElement)).toBeNull();
  },
};

/** Dismissed with the keyboard: gone until a higher threshold or the next period; focus stays in its place. */
export const Dismissed: Story = {
  // The docs page plays it too, so it shows there what it shows on its own page.
  parameters: { msw: { handlers: storyApi('happy', usedEverywhere(4100)) }, docs: { story: { autoplay: true } } },
  play: async ({ canvas, canvasElement, globals }) => {
    const dismiss = await canvas.findByRole('button', { name: exactly(storyWords(globals).usage.dismiss) }, { timeout: 5000 });
    // One story's interactions at a time: on the docs page, another story's click would take the focus.
    await oneAtATime(async () => {
      dismiss.focus();
      await userEvent.keyboard('{Enter}');
      await waitFor(() => expect(banner(canvasElement)).toBeNull());
      await expect(document.activeElement).toBe(canvas.getByRole('status'));
    });
  },
};

/** The Meter's controls, the banner's props, the story's mock backend (its `fetch` and database) and the toolbar's catalog. */
type MeterDemoProps = { used: number; plan: 'free' | 'pro'; storyApi: StoryApi; providerCatalog: CatalogOverride | undefined } & Parameters<typeof UsageBanner>[0];

function MeterDemo({ used, plan, storyApi, providerCatalog, ...props }: MeterDemoProps) {
  const key = plan === 'pro' ? FIXTURE_KEYS.pro : FIXTURE_KEYS.free;
  // No account uses more than its plan: past the limit, the slider means "all of it".
  const limit = PLAN_LIMITS[plan];
  const { fetch, db } = storyApi;
  const client = useMemo(() => createPromptApiClient({ baseUrl: DEFAULT_BASE_URL, apiKey: key, fetch }), [fetch, key]);
  const queryClient = useMemo(() => new QueryClient({ defaultOptions: { queries: { retry: false } } }), []);
  useEffect(() => {
    // The request that reports the usage counts itself, hence the one less; a 429 counts nothing.
    db?.setUsage(key, used >= limit ? limit : Math.max(0, used - 1));
    void queryClient.invalidateQueries();
  }, [db, key, used, limit, queryClient]);
  return (
    <QueryClientProvider client={queryClient}>
      <PromptApiProvider client={client} retry={false} catalog={providerCatalog}>
        <UsageHarness {...props} />
      </PromptApiProvider>
    </QueryClientProvider>
  );
}

/**
 * Turn the controls: requests used this month and the plan (Free 5,000, Pro 50,000). Past the plan's
 * limit the account has used all of it: the exceeded banner.
 */
export const Meter: StoryObj<Omit<MeterDemoProps, 'storyApi' | 'providerCatalog'>> = {
  // The story's own database (built by the loader for each render), which the controls set, and the toolbar's language.
  render: (args, { loaded, globals }) => <MeterDemo {...args} storyApi={loaded.storyApi as StoryApi} providerCatalog={storyLocale(globals).catalog} />,
  args: { used: 4500, plan: 'free', warningAt: 0.8, criticalAt: 0.95, dismissible: false },
  argTypes: {
    used: { control: { type: 'range', min: 0, max: PLAN_LIMITS.pro, step: 50 } },
    plan: { control: 'inline-radio', options: ['free', 'pro'] },
  },
  parameters: { msw: { handlers: storyApi('happy') } },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(banner(canvasElement)?.getAttribute('data-state')).toBe('warning'), { timeout: 5000 });
  },
};

/** The Meter past the Free plan's limit: "5,000 of 5,000", never more used than the plan holds. */
export const MeterPastTheLimit: typeof Meter = {
  ...Meter,
  args: { ...Meter.args, used: 20_000 },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(banner(canvasElement)?.getAttribute('data-state')).toBe('exceeded'), { timeout: 5000 });
    // The meter says 5,000 of 5,000, never more used than the plan holds.
    const meter = banner(canvasElement)?.querySelector('meter');
    await expect([meter?.value, meter?.max]).toEqual([5000, 5000]);
  },
};
