import type { Meta, StoryObj } from '@storybook/react-vite';
import { type Prompt, PromptDiff } from 'prompt-composer-react';
import { FIXTURE_IDS } from 'prompt-composer-react/mocks';
import { expect, within } from 'storybook/test';
import { promptVersion } from './support/fixtures.ts';

const { accountReview, releaseNotes } = FIXTURE_IDS.prompts;

/**
 * What changed between two versions of a prompt, from props alone (server-safe): settings, the schema and
 * input data field by field, variables in words, and a line diff of the messages as GitHub shows one (the
 * changed words marked inside a line, split beside each other where there is room, one column on a phone).
 * The versions are the mock backend's fixtures.
 */
const meta = {
  title: 'Components/PromptDiff',
  component: PromptDiff,
  args: { before: promptVersion(accountReview, '1.0.0'), after: promptVersion(accountReview, '2.0.0') },
} satisfies Meta<typeof PromptDiff>;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * Model, temperature, input data root, both messages, the schema and the input data changed (field by field);
 * variables added and removed.
 */
export const VariablesAddedAndRemoved: Story = {
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('region', { name: 'Account review' })).toHaveAttribute('data-state', 'changed');
    const variables = canvas.getByText('Variables').nextElementSibling;
    await expect(variables).toHaveTextContent(/^Adds \$\{customer\.name\}, \$\{plan\}.*; removes \$\{account\.name\}, \$\{tier\}/);
    const schema = canvas.getByText('Schema fields').nextElementSibling as HTMLElement;
    await expect([...schema.querySelectorAll('.pcr-fields__path')].map((path) => path.textContent)).toEqual(['risk.enum', 'nextStep', 'score']);
    await expect(within(schema).getAllByText(/^(Added|Removed|Changed)$/).map((badge) => badge.textContent)).toEqual(['Changed', 'Added', 'Removed']);
    await expect(canvasElement.querySelector('[data-message="user"] del')).toHaveTextContent(/^−removed: Review the account of \$\{account\.name\}/);
    await expect(canvasElement.querySelector('[data-message="user"] ins mark')).toHaveTextContent('customer');
  },
};

const rollbackBase = promptVersion(accountReview, '2.1.0');
const rollbackFrom: Prompt = { ...rollbackBase, userMessage: 'Summarize version 2.0.0 for ${team}.\nKeep it under 100 words.' };
const rollbackTo: Prompt = { ...rollbackBase, version: '2.2.0', userMessage: 'Summarize version 1.0.0 for ${team}.\nKeep it under 100 words.' };

/** One character of a line changed (2.0.0 to 1.0.0): the old line and the new one, never "21.0.0". */
export const OneWordChanged: Story = {
  args: { before: rollbackFrom, after: rollbackTo },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('[data-message="user"] del mark')).toHaveTextContent('2');
    await expect(canvasElement.querySelector('[data-message="user"] ins mark')).toHaveTextContent('1');
    await expect(canvasElement.querySelector('[data-message="user"] del')).not.toHaveTextContent('1.0.0');
  },
};

/** The same change in one column, each changed line above the line that took its place. */
export const Unified: Story = {
  args: { before: promptVersion(releaseNotes, '1.0.0'), after: promptVersion(releaseNotes, '1.1.0'), layout: 'unified' },
  play: async ({ canvasElement }) => {
    const deletion = canvasElement.querySelector('[data-message="user"] del') as HTMLElement;
    const insertion = canvasElement.querySelector('[data-message="user"] ins') as HTMLElement;
    await expect(deletion.getBoundingClientRect().bottom).toBeLessThanOrEqual(insertion.getBoundingClientRect().top + 1);
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

/** A long user message template changed in several places: its paragraphs side by side, wrapping on a phone. */
export const LongTemplate: Story = {
  args: { before: promptVersion(releaseNotes, '1.0.0'), after: promptVersion(releaseNotes, '1.1.0') },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByText('Changes: user message, variables.')).toBeVisible();
    const marked = [...canvasElement.querySelectorAll('[data-message="user"] ins mark')].map((element) => element.textContent);
    await expect(marked.length).toBeGreaterThanOrEqual(4);
    await expect(marked.join(' ')).toContain('deprecations');
    await expect(canvas.getByText('Variables').nextElementSibling).toHaveTextContent('Adds ${release.knownIssues}.');
  },
};
