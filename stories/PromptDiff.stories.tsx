import type { Meta, StoryObj } from '@storybook/react-vite';
import { type Prompt, PromptDiff } from 'prompt-composer-react';
import { FIXTURE_IDS } from 'prompt-composer-react/mocks';
import { expect, within } from 'storybook/test';
import { promptVersion } from './support/fixtures.ts';
import { fill, storyWords } from './support/words.ts';

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
  play: async ({ canvas, canvasElement, globals }) => {
    const words = storyWords(globals);
    await expect(canvas.getByRole('region', { name: 'Account review' })).toHaveAttribute('data-state', 'changed');
    const variables = canvas.getByText(words.diff.rows.variables).nextElementSibling as HTMLElement;
    await expect([...variables.querySelectorAll('[data-change="added"] code')].map((code) => code.textContent)).toEqual(['${customer.name}', '${plan}', '${customer.lastLogin}', '${customer.openTickets}']);
    await expect([...variables.querySelectorAll('[data-change="removed"] code')].map((code) => code.textContent)).toEqual(['${account.name}', '${tier}', '${account.lastLogin}']);
    const schema = canvas.getByText(words.diff.rows.schema).nextElementSibling as HTMLElement;
    await expect([...schema.querySelectorAll('.pcr-fields__path')].map((path) => path.textContent)).toEqual(['risk.enum', 'nextStep', 'score']);
    const { badges } = words.diff;
    await expect([...schema.querySelectorAll('.pcr-diff__badge')].map((badge) => badge.textContent)).toEqual([badges.changed, badges.added, badges.removed]);
    await expect(canvasElement.querySelector('[data-message="user"] del .pcr-line__text')).toHaveTextContent(/^Review the account of \$\{account\.name\}/);
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
  // On a phone a split diff is one column too: Long template's phone capture is this story's.
  parameters: { visual: { phone: false } },
  play: async ({ canvasElement }) => {
    const deletion = canvasElement.querySelector('[data-message="user"] del') as HTMLElement;
    const insertion = canvasElement.querySelector('[data-message="user"] ins') as HTMLElement;
    await expect(deletion.getBoundingClientRect().bottom).toBeLessThanOrEqual(insertion.getBoundingClientRect().top + 1);
  },
};

/** Only the temperature changed: both messages say "Unchanged". */
export const OnlyConfigChanged: Story = {
  args: { before: promptVersion(accountReview, '2.0.0'), after: promptVersion(accountReview, '2.1.0') },
  play: async ({ canvas, globals }) => {
    const words = storyWords(globals);
    await expect(canvas.getByText(fill(words.diff.summary, { changes: words.diff.changed.temperature }, words))).toBeVisible();
    // The temperatures, written for the catalog's language (0,2 in German).
    const temperature = canvas.getByText(words.diff.rows.temperature).nextElementSibling as HTMLElement;
    await expect(within(temperature).getByRole('deletion')).toHaveTextContent(fill('{value}', { value: 0.2 }, words));
    await expect(within(temperature).getByRole('insertion')).toHaveTextContent(fill('{value}', { value: 0.3 }, words));
    await expect(canvas.getAllByText(words.diff.unchanged)).toHaveLength(2);
  },
};

/** The same version on both sides. */
export const Identical: Story = {
  args: { before: promptVersion(accountReview, '2.1.0'), after: promptVersion(accountReview, '2.1.0') },
  play: async ({ canvas, canvasElement, globals }) => {
    await expect(canvas.getByText(storyWords(globals).diff.identical)).toBeVisible();
    await expect(canvasElement.querySelector('ins, del')).toBeNull();
  },
};

/** A long user message template changed in several places: its paragraphs side by side, wrapping on a phone. */
export const LongTemplate: Story = {
  args: { before: promptVersion(releaseNotes, '1.0.0'), after: promptVersion(releaseNotes, '1.1.0') },
  play: async ({ canvas, canvasElement, globals }) => {
    const words = storyWords(globals);
    const { changed, list } = { changed: words.diff.changed, list: words.list };
    await expect(canvas.getByText(fill(words.diff.summary, { changes: [changed.userMessage, changed.variables].join(list.separator) }, words))).toBeVisible();
    const marked = [...canvasElement.querySelectorAll('[data-message="user"] ins mark')].map((element) => element.textContent);
    await expect(marked.length).toBeGreaterThanOrEqual(4);
    await expect(marked.join(' ')).toContain('deprecations');
    const variables = canvas.getByText(words.diff.rows.variables).nextElementSibling as HTMLElement;
    await expect([...variables.querySelectorAll('[data-change="added"] code')].map((code) => code.textContent)).toEqual(['${release.knownIssues}']);
  },
};
