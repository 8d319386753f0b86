import type { Meta, StoryObj } from '@storybook/react-vite';
import { PromptPreview } from 'prompt-composer-react';
import { FIXTURE_IDS } from 'prompt-composer-react/mocks';
import { expect, userEvent, waitFor } from 'storybook/test';
import { storyApi } from './support/mock-api.ts';
import { storyWords } from './support/words.ts';

/** One prompt, with a version picker fed by `usePromptList({ includeVersions: true })`. */
const meta = {
  title: 'Components/PromptPreview',
  component: PromptPreview,
  args: { promptId: FIXTURE_IDS.prompts.welcomeEmail },
  parameters: { msw: { handlers: storyApi('happy') } },
} satisfies Meta<typeof PromptPreview>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The latest version (2.0.0 of `welcome-email`); the picker lists the older ones. */
export const Default: Story = {
  play: async ({ canvas, globals }) => {
    const picker = await canvas.findByRole('combobox', {}, { timeout: 5000 });
    await waitFor(() => expect(picker.querySelectorAll('option').length).toBeGreaterThan(2));
    await expect(picker).toHaveDisplayValue(storyWords(globals).preview.latest);
    await expect(await canvas.findByText('2.0.0', { selector: ':not(option)' }, { timeout: 5000 })).toBeVisible();
  },
};

/** An older version picked from the list: the picker sends one request for that version. */
export const OlderVersionPicked: Story = {
  // The docs page plays it too, so it shows there what it shows on its own page.
  parameters: { docs: { story: { autoplay: true } } },
  play: async ({ canvas }) => {
    const picker = await canvas.findByRole('combobox', {}, { timeout: 5000 });
    await waitFor(() => expect(picker.querySelectorAll('option').length).toBeGreaterThan(2));
    await userEvent.selectOptions(picker, '1.0.0');
    await expect(await canvas.findByText('1.0.0', { selector: ':not(option)' }, { timeout: 5000 })).toBeVisible();
  },
};

/** Opened at a pinned version. */
export const PinnedVersion: Story = {
  args: { version: '1.1.0', initialValues: { name: 'Ada', plan: 'Pro' } },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelector('[data-message="user"]')?.textContent).toContain('Pro plan'), { timeout: 5000 });
  },
};

/** A draft-only prompt is not reachable. */
export const NotFound: Story = {
  args: { promptId: FIXTURE_IDS.prompts.draftAnnouncement },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelector('[role="alert"]')?.getAttribute('data-code')).toBe('NOT_FOUND'), { timeout: 5000 });
  },
};
