import type { Meta, StoryObj } from '@storybook/react-vite';
import { PromptDiff } from 'prompt-composer-react';
import { FIXTURE_IDS } from 'prompt-composer-react/mocks';
import { expect } from 'storybook/test';
import { promptVersion } from './support/fixtures.ts';

const { accountReview, releaseNotes } = FIXTURE_IDS.prompts;

/**
 * What changed between two versions of a prompt, from props alone (server-safe): settings, variables in
 * words, and a word diff of the messages. The versions are the mock backend's fixtures.
 */
const meta = {
  title: 'Components/PromptDiff',
  component: PromptDiff,
  args: { before: promptVersion(accountReview, '1.0.0'), after: promptVersion(accountReview, '2.0.0') },
} satisfies Meta<typeof PromptDiff>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Model, temperature, schema fields, input data root and both messages changed; variables added and removed. */
export const VariablesAddedAndRemoved: Story = {
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('region', { name: 'Account review' })).toHaveAttribute('data-state', 'changed');
    const variables = canvas.getByText('Variables').nextElementSibling;
    await expect(variables).toHaveTextContent(/^Adds \$\{customer\.name\}, \$\{plan\}.*; removes \$\{account\.name\}, \$\{tier\}/);
    await expect(canvas.getByText('Schema fields').nextElementSibling).toHaveTextContent('Adds nextStep; removes score; changes risk.');
    await expect(canvasElement.querySelector('[data-message="user"] ins')).toHaveTextContent('added: customer');
    await expect(canvasElement.querySelector('[data-message="user"] del')).toHaveTextContent('removed: account');
  },
};

/** Only the temperature changed: both messages say "Unchanged". */
export const OnlyConfigChanged: Story = {
  args: { before: promptVersion(accountReview, '2.0.0'), after: promptVersion(accountReview, '2.1.0') },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Changes: temperature.')).toBeVisible();
    await expect(canvas.getByText('Temperature').nextElementSibling).toHaveTextContent('removed: 0.2 → added: 0.3');
    await expect(canvas.getAllByText('Unchanged')).toHaveLength(2);
  },
};

/** The same version on both sides. */
export const Identical: Story = {
  args: { before: promptVersion(accountReview, '2.1.0'), after: promptVersion(accountReview, '2.1.0') },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByText('No changes: the two versions are identical.')).toBeVisible();
    await expect(canvasElement.querySelector('ins, del')).toBeNull();
  },
};

/** A long user message template changed in several places: it wraps on a phone, word by word. */
export const LongTemplate: Story = {
  args: { before: promptVersion(releaseNotes, '1.0.0'), after: promptVersion(releaseNotes, '1.1.0') },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByText('Changes: user message, variables.')).toBeVisible();
    const inserted = [...canvasElement.querySelectorAll('[data-message="user"] ins')].map((element) => element.textContent);
    await expect(inserted.length).toBeGreaterThanOrEqual(4);
    await expect(inserted.join(' ')).toContain('deprecations');
    await expect(canvas.getByText('Variables').nextElementSibling).toHaveTextContent('Adds ${release.knownIssues}.');
  },
};
