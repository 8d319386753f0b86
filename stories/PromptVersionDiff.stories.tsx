import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, http } from 'msw';
import { type Catalog, PromptVersionDiff } from 'prompt-composer-react';
import { DEFAULT_BASE_URL, FIXTURE_IDS, FIXTURE_KEYS, FIXTURE_PROMPTS } from 'prompt-composer-react/mocks';
import { expect, userEvent, waitFor } from 'storybook/test';
import { storyApi } from './support/mock-api.ts';
import { exactly, fill, storyWords } from './support/words.ts';

const { accountReview, meetingSummary } = FIXTURE_IDS.prompts;

/**
 * Two versions of a prompt compared: pickers fed by `usePromptVersions` (one include_versions list for the
 * account), the versions read with `usePrompt(id, { version })`, and `PromptDiff` between them. Data comes
 * from the mock backend (`parameters.msw.handlers.api`).
 */
const meta = {
  title: 'Components/PromptVersionDiff',
  component: PromptVersionDiff,
  args: { promptId: accountReview },
  parameters: { msw: { handlers: storyApi('happy') } },
} satisfies Meta<typeof PromptVersionDiff>;

export default meta;
type Story = StoryObj<typeof meta>;

/** "Changes: …." in the story's words, for the summary's changed settings. */
const summary = (words: Catalog, ...changed: Array<keyof Catalog['diff']['changed']>) =>
  fill(words.diff.summary, { changes: changed.map((name) => words.diff.changed[name]).join(words.list.separator) }, words);

const picker = (canvasElement: HTMLElement, name: string) =>
  [...canvasElement.querySelectorAll('select')].find((select) => select.labels?.[0]?.textContent === name) as HTMLSelectElement;

/** The version before the latest against the latest: here only the temperature changed. */
export const Default: Story = {
  play: async ({ canvas, canvasElement, globals }) => {
    const words = storyWords(globals);
    await expect(await canvas.findByText(summary(words, 'temperature'), {}, { timeout: 5000 })).toBeVisible();
    await expect(canvas.getByRole('combobox', { name: words.versions.from })).toHaveValue('2.0.0');
    await expect(canvas.getByRole('combobox', { name: words.versions.to })).toHaveValue('2.1.0');
    await expect(picker(canvasElement, words.versions.to).options[0]?.textContent).toBe(fill(words.versions.latestOption, { version: '2.1.0' }, words));
  },
};

/** Pick an older version: the diff shows the variables added and removed, and the picker keeps the focus. */
export const PickAnOlderVersion: Story = {
  // Its diff is the presentational story's (PromptDiff): the visual test captures the pickers and the diff's first 700 px.
  // The docs page plays it too, so it shows there what it shows on its own page.
  parameters: { visual: { maxHeight: 700 }, docs: { story: { autoplay: true } } },
  play: async ({ canvas, globals }) => {
    const words = storyWords(globals);
    const from = await canvas.findByRole('combobox', { name: words.versions.from }, { timeout: 5000 });
    await waitFor(() => expect(from).toHaveValue('2.0.0'));
    await userEvent.selectOptions(from, '1.0.0');
    const variables = (await canvas.findByText(words.diff.rows.variables, {}, { timeout: 5000 })).nextElementSibling as HTMLElement;
    await expect(variables.querySelector('[data-change="added"] code')).toHaveTextContent('${customer.name}');
    await expect([...variables.querySelectorAll('[data-change="removed"] code')].map((code) => code.textContent)).toContain('${tier}');
    await expect(from).toHaveFocus();
  },
};

/** Opened on two versions given as props. */
export const GivenVersions: Story = {
  // Its diff is the presentational story's (PromptDiff): the visual test captures the pickers and the diff's first 700 px.
  parameters: { visual: { maxHeight: 700 } },
  args: { from: '1.0.0', to: '2.0.0' },
  play: async ({ canvas, globals }) => {
    const words = storyWords(globals);
    await expect(await canvas.findByText(summary(words, 'model', 'temperature', 'inputDataRoot', 'schema', 'inputData', 'systemMessage', 'userMessage', 'variables'), {}, { timeout: 5000 })).toBeVisible();
    await expect(canvas.getByText(fill(words.diff.versions, { from: '1.0.0', to: '2.0.0' }, words))).toBeVisible();
  },
};

/** A prompt with one published version: nothing to compare yet, and no pickers that would hold it twice. */
export const OneVersion: Story = {
  args: { promptId: meetingSummary },
  play: async ({ canvas, globals }) => {
    const words = storyWords(globals);
    await expect(await canvas.findByText(fill(words.versions.onlyOne, { version: '1.0.0' }, words), {}, { timeout: 5000 })).toBeVisible();
    await expect(canvas.queryAllByRole('combobox')).toEqual([]);
  },
};

const meetingSummaryBase = FIXTURE_PROMPTS.find((prompt) => prompt.promptId === meetingSummary);

/** A rollback: 1.0.0 published after 2.0.0, so the latest is the lowest version. The default compares 2.0.0 with it. */
export const Rollback: Story = {
  args: { promptId: 'rollback' },
  parameters: {
    msw: {
      handlers: storyApi('happy', (db) => {
        for (const version of ['2.0.0', '1.0.0']) {
          if (meetingSummaryBase) db.addPrompt({ ...meetingSummaryBase, promptId: 'rollback', version, userMessage: `Summarize version ${version} for \${team}.` });
        }
      }),
    },
  },
  play: async ({ canvas, canvasElement, globals }) => {
    const words = storyWords(globals);
    await expect(await canvas.findByText(summary(words, 'userMessage'), {}, { timeout: 5000 })).toBeVisible();
    await expect(canvas.getByRole('combobox', { name: words.versions.from })).toHaveValue('2.0.0');
    await expect(canvas.getByRole('combobox', { name: words.versions.to })).toHaveValue('1.0.0');
    // The old line and the new one, each with its changed character marked: never "21.0.0".
    await expect(canvasElement.querySelector('[data-message="user"] del mark')).toHaveTextContent('2');
    await expect(canvasElement.querySelector('[data-message="user"] ins mark')).toHaveTextContent('1');
  },
};

/** The versions are on their way. */
export const Loading: Story = {
  parameters: {
    timeoutMs: 0,
    msw: { handlers: { api: [http.get(`${DEFAULT_BASE_URL}/prompts`, async () => void (await delay('infinite')))] } },
  },
  play: async ({ canvas, globals }) => {
    const words = storyWords(globals);
    await expect(await canvas.findByRole('status')).toHaveTextContent(words.versions.loading);
    await expect(canvas.getByRole('region', { name: words.versions.title })).toHaveAttribute('aria-busy', 'true');
  },
};

const failsWith = (code: string) => async ({ canvasElement }: { canvasElement: HTMLElement }) => {
  await waitFor(() => expect(canvasElement.querySelector('[role="alert"]')?.getAttribute('data-code')).toBe(code), { timeout: 5000 });
};

/** A prompt the account does not have (or has not published). */
export const NotFound: Story = { args: { promptId: 'no-such-prompt' }, play: failsWith('NOT_FOUND') };

/** A version given as a prop that does not exist: the error, and both pickers, to pick another version. */
export const VersionNotFound: Story = {
  args: { to: '9.9.9' },
  play: async (context) => {
    await failsWith('VERSION_NOT_FOUND')(context);
    await expect(context.canvas.getByRole('combobox', { name: storyWords(context.globals).versions.to })).toHaveValue('9.9.9');
    await expect(context.canvas.getByRole('combobox', { name: storyWords(context.globals).versions.from })).toHaveValue('2.1.0');
  },
};

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
