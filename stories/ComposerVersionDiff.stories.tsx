import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, http } from 'msw';
import { type Catalog, ComposerVersionDiff } from 'prompt-composer-react';
import { DEFAULT_BASE_URL, FIXTURE_IDS, FIXTURE_KEYS } from 'prompt-composer-react/mocks';
import { expect, userEvent, waitFor } from 'storybook/test';
import { storyApi } from './support/mock-api.ts';
import { exactly, fill, fillPlural, storyWords } from './support/words.ts';

const { renewalCheck, onboardingFlow, htmlShowcase } = FIXTURE_IDS.composers;

/**
 * Two versions of a composer compared: pickers fed by `useComposerVersions`, the versions read with
 * `useComposer(id, { version })`, and `ComposerDiff` between them. Data comes from the mock backend.
 */
const meta = {
  title: 'Components/ComposerVersionDiff',
  component: ComposerVersionDiff,
  args: { composerId: renewalCheck },
  parameters: { msw: { handlers: storyApi('happy') } },
} satisfies Meta<typeof ComposerVersionDiff>;

export default meta;
type Story = StoryObj<typeof meta>;

/** "Segments: 2 segments added, 1 removed, …" in the story's words, from the counts in that order. */
function segmentsSummary(words: Catalog, counts: Record<'added' | 'removed' | 'changed' | 'same', number>): string {
  const phrases = (Object.entries(counts) as Array<[keyof typeof counts, number]>).map(([change, count], index) =>
    fillPlural(words.diff.segmentCounts[index === 0 ? 'opening' : 'following'][change], count, {}, words),
  );
  return fill(words.diff.segmentsSummary, { counts: phrases.join(words.list.separator) }, words);
}

/** The version before the latest against the latest: segments added, removed, changed and kept. */
export const Default: Story = {
  // Its diff is the presentational story's (ComposerDiff): the visual test captures the pickers and the diff's first 700 px.
  parameters: { visual: { maxHeight: 700 } },
  play: async ({ canvas, canvasElement, globals }) => {
    const words = storyWords(globals);
    await expect(await canvas.findByText(segmentsSummary(words, { added: 2, removed: 1, changed: 2, same: 2 }), {}, { timeout: 5000 })).toBeVisible();
    await expect(canvasElement.querySelectorAll('.pcr-composer-diff__segment[data-change="added"]')).toHaveLength(2);
    await expect(canvasElement.querySelectorAll('.pcr-composer-diff__segment[data-change="removed"]')).toHaveLength(1);
  },
};

/** Swap the versions with the pickers: what was added now shows as removed. */
export const Reversed: Story = {
  // Its diff is the presentational story's (ComposerDiff): the visual test captures the pickers and the diff's first 700 px.
  // The docs page plays it too, so it shows there what it shows on its own page.
  parameters: { visual: { maxHeight: 700 }, docs: { story: { autoplay: true } } },
  play: async ({ canvas, canvasElement, globals }) => {
    const words = storyWords(globals);
    const from = await canvas.findByRole('combobox', { name: words.versions.from }, { timeout: 5000 });
    await waitFor(() => expect(from).toHaveValue('1.0.0'));
    await userEvent.selectOptions(from, '2.0.0');
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: words.versions.to }), '1.0.0');
    await expect(await canvas.findByText(segmentsSummary(words, { added: 1, removed: 2, changed: 2, same: 2 }), {}, { timeout: 5000 })).toBeVisible();
    await expect(canvasElement.querySelectorAll('.pcr-composer-diff__segment[data-change="removed"]')).toHaveLength(2);
  },
};

/** The onboarding flow: prompt segments moved to newer prompt versions. */
export const ChangedPromptSegments: Story = {
  // Its diff is the presentational story's (ComposerDiff): the visual test captures the pickers and the diff's first 700 px.
  parameters: { visual: { maxHeight: 700 } },
  args: { composerId: onboardingFlow },
  play: async ({ canvas, globals }) => {
    const words = storyWords(globals);
    await expect(await canvas.findByText(fill(words.diff.promptTitleVersions, { name: 'Support reply', from: '1.0.0', to: '1.1.0' }, words), {}, { timeout: 5000 })).toBeVisible();
  },
};

/** A composer with one published version: nothing to compare yet, and no pickers that would hold it twice. */
export const OneVersion: Story = {
  args: { composerId: htmlShowcase },
  play: async ({ canvas, globals }) => {
    const words = storyWords(globals);
    await expect(await canvas.findByText(fill(words.versions.onlyOne, { version: '1.0.0' }, words), {}, { timeout: 5000 })).toBeVisible();
    await expect(canvas.queryAllByRole('combobox')).toEqual([]);
  },
};

/** The versions are on their way. */
export const Loading: Story = {
  parameters: {
    timeoutMs: 0,
    msw: { handlers: { api: [http.get(`${DEFAULT_BASE_URL}/composers`, async () => void (await delay('infinite')))] } },
  },
  play: async ({ canvas, globals }) => {
    await expect(await canvas.findByRole('status')).toHaveTextContent(storyWords(globals).versions.loading);
  },
};

const failsWith = (code: string) => async ({ canvasElement }: { canvasElement: HTMLElement }) => {
  await waitFor(() => expect(canvasElement.querySelector('[role="alert"]')?.getAttribute('data-code')).toBe(code), { timeout: 5000 });
};

/** A composer the account does not have. */
export const NotFound: Story = { args: { composerId: 'no-such-composer' }, play: failsWith('NOT_FOUND') };

/** A revoked key. */
export const InvalidKey: Story = { parameters: { apiKey: FIXTURE_KEYS.revoked }, play: failsWith('INVALID_KEY') };

/** The server fails; Retry is offered. */
export const ServerError: Story = {
  parameters: { msw: { handlers: storyApi('serverError') } },
  play: async (context) => {
    await failsWith('INTERNAL_ERROR')(context);
    await expect(await context.canvas.findByRole('button', { name: exactly(storyWords(context.globals).errors.retry) })).toBeVisible();
  },
};
