import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, http } from 'msw';
import { ComposerPreview } from 'prompt-composer-react';
import { DEFAULT_BASE_URL, FIXTURE_COMPOSERS, FIXTURE_IDS, FIXTURE_KEYS, type MockComposerSeed } from 'prompt-composer-react/mocks';
import { expect, userEvent, waitFor } from 'storybook/test';
import { storyApi } from './support/mock-api.ts';
import { oneAtATime } from './support/one-at-a-time.ts';
import { exactly, storyWords } from './support/words.ts';

/**
 * The in-app preview: fetches a composer with `useComposer`, derives one input per variable across its
 * prompt segments, and previews live. Data comes from the mock backend (`parameters.msw.handlers.api`).
 */
const meta = {
  title: 'Components/ComposerPreview',
  component: ComposerPreview,
  args: { composerId: FIXTURE_IDS.composers.onboardingFlow },
  parameters: { msw: { handlers: storyApi('happy') } },
} satisfies Meta<typeof ComposerPreview>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The latest version of `onboarding-flow`: one input per variable; type in them and watch the prompt cards change. */
export const Default: Story = {
  play: async ({ canvas, canvasElement }) => {
    const inputs = await canvas.findAllByRole('textbox', {}, { timeout: 5000 });
    await expect(inputs.length).toBeGreaterThan(0);
    await expect(canvasElement.querySelectorAll('mark[data-state="missing"]').length).toBeGreaterThan(0);
  },
};

/** A name typed into the form: the prompt cards show it at once, marked as filled. */
export const Typed: Story = {
  // The docs page plays it too, so it shows there what it shows on its own page.
  parameters: { docs: { story: { autoplay: true } } },
  play: async ({ canvas, canvasElement }) => {
    const input = await canvas.findByRole('textbox', { name: 'senderName' }, { timeout: 5000 });
    // Typing follows the focus, which is one per page: one story's interactions at a time on a docs page.
    await oneAtATime(() => userEvent.type(input, 'Ada Lovelace'));
    await waitFor(() => expect(canvasElement.querySelector('mark[data-state="filled"]')?.textContent).toContain('Ada Lovelace'));
  },
};

/** A pinned version, with initial values. */
export const PinnedVersion: Story = {
  args: { version: '1.0.0', initialValues: { name: 'Grace' } },
  play: async ({ canvas, canvasElement }) => {
    await expect((await canvas.findAllByText(/1\.0\.0/, {}, { timeout: 5000 })).length).toBeGreaterThan(0);
    await waitFor(() => expect(canvasElement.querySelector('mark[data-state="filled"]')?.textContent).toBe('Grace'));
  },
};

/** While the composer loads: the request never answers, and the client never gives up on it. */
export const Loading: Story = {
  parameters: {
    timeoutMs: 0,
    msw: {
      handlers: {
        api: [
          http.get(`${DEFAULT_BASE_URL}/composers/:id`, async () => {
            await delay('infinite');
          }),
        ],
      },
    },
  },
  play: async ({ canvas, globals }) => {
    await expect(await canvas.findByRole('status')).toHaveTextContent(storyWords(globals).preview.loading.composer);
  },
};

const failsWith = (code: string) => async ({ canvasElement }: { canvasElement: HTMLElement }) => {
  await waitFor(() => expect(canvasElement.querySelector('[role="alert"]')?.getAttribute('data-code')).toBe(code), { timeout: 5000 });
};

/** An id that does not exist (or is not published). */
export const NotFound: Story = { args: { composerId: 'no-such-composer' }, play: failsWith('NOT_FOUND') };

/** A version that does not exist. */
export const VersionNotFound: Story = { args: { version: '9.9.9' }, play: failsWith('VERSION_NOT_FOUND') };

/** A revoked key. */
export const InvalidKey: Story = { parameters: { apiKey: FIXTURE_KEYS.revoked }, play: failsWith('INVALID_KEY') };

/** No key at all. */
export const Unauthorized: Story = { parameters: { apiKey: null }, play: failsWith('UNAUTHORIZED') };

/** The monthly quota is used up: the reset date and the upgrade link. */
export const QuotaExceeded: Story = {
  parameters: { apiKey: FIXTURE_KEYS.exhausted },
  play: async (context) => {
    await failsWith('USAGE_LIMIT_EXCEEDED')(context);
    await expect(await context.canvas.findByRole('link', { name: exactly(storyWords(context.globals).errors.upgrade) })).toBeVisible();
  },
};

/** The server fails; Retry is offered. */
export const ServerError: Story = {
  parameters: { msw: { handlers: storyApi('serverError') } },
  play: async (context) => {
    await failsWith('INTERNAL_ERROR')(context);
    await expect(await context.canvas.findByRole('button', { name: exactly(storyWords(context.globals).errors.retry) })).toBeVisible();
  },
};

/** The `html-showcase` composer: hostile static HTML, sanitized. */
export const HtmlShowcase: Story = {
  args: { composerId: FIXTURE_IDS.composers.htmlShowcase },
  play: async ({ canvas, canvasElement }) => {
    await expect(await canvas.findByRole('table', {}, { timeout: 5000 })).toBeVisible();
    const statics = canvasElement.querySelectorAll('[data-segment="static"]');
    await expect(statics.length).toBeGreaterThan(0);
    for (const element of statics) await expect(element.querySelector('script, iframe, form, [onerror], [onclick], [style]')).toBeNull();
  },
};

/** The latest `onboarding-flow`, eight times over: 40 segments, far taller than a screen. */
const longFlow: MockComposerSeed = (() => {
  const onboarding = FIXTURE_COMPOSERS.filter((composer) => composer.composerId === FIXTURE_IDS.composers.onboardingFlow).at(-1) as MockComposerSeed;
  return { ...onboarding, composerId: 'long-flow', composerName: 'Long flow', segments: Array.from({ length: 8 }, () => onboarding.segments).flat() };
})();

/**
 * A long composer (40 segments): segments off screen skip layout and paint until they scroll near
 * (`content-visibility: auto`), standing in with their estimated height; printing shows them all.
 */
export const LongComposer: Story = {
  args: { composerId: longFlow.composerId },
  // Its segments repeat the Default story's eight times: the visual test captures its first 2,000 px.
  parameters: { msw: { handlers: storyApi('happy', (db) => db.addComposer(longFlow)) }, visual: { maxHeight: 2000 } },
  play: async ({ canvas, canvasElement }) => {
    await expect(await canvas.findByRole('heading', { name: 'Long flow' }, { timeout: 5000 })).toBeVisible();
    await expect(canvasElement.querySelectorAll('.pcr-composer__segment').length).toBe(longFlow.segments.length);
  },
};
