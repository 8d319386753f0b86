import type { Meta, StoryObj } from '@storybook/react-vite';
import { type Composer, ComposerDiff } from 'prompt-composer-react';
import { FIXTURE_IDS, HTML_SHOWCASE_SAFE, HTML_SHOWCASE_UNSAFE } from 'prompt-composer-react/mocks';
import { expect, within } from 'storybook/test';
import { composerVersion } from './support/fixtures.ts';
import { fill, fillPlural, storyWords } from './support/words.ts';

const { renewalCheck, onboardingFlow, htmlShowcase } = FIXTURE_IDS.composers;

/**
 * What changed between two versions of a composer, from props alone (server-safe): segments aligned and
 * marked added, removed, changed or unchanged; static HTML as a line diff of its outline (the markup as text,
 * one block element per line) with its versions rendered through the sanitizer under "As rendered"; the input
 * configuration field by field. The versions are the mock backend's fixtures.
 */
const meta = {
  title: 'Components/ComposerDiff',
  component: ComposerDiff,
  args: { before: composerVersion(renewalCheck, '1.0.0'), after: composerVersion(renewalCheck, '2.0.0') },
} satisfies Meta<typeof ComposerDiff>;

export default meta;
type Story = StoryObj<typeof meta>;

const segments = (canvasElement: HTMLElement) => [...canvasElement.querySelectorAll<HTMLElement>('.pcr-composer-diff__segment')];
const changes = (canvasElement: HTMLElement) => segments(canvasElement).map((item) => item.dataset.change);
/** A line's own text: no number, sign or hidden label. */
const lineText = (line: Element) => line.querySelector('.pcr-line__text')?.textContent;

/** Segments added, removed, changed and kept, and the input configuration added field by field. */
export const AddedAndRemovedSegments: Story = {
  play: async ({ canvas, canvasElement, globals }) => {
    const words = storyWords(globals);
    const { opening, following } = words.diff.segmentCounts;
    const counts = [fillPlural(opening.added, 2, {}, words), fillPlural(following.removed, 1, {}, words), fillPlural(following.changed, 2, {}, words), fillPlural(following.same, 2, {}, words)];
    await expect(canvas.getByText(fill(words.diff.segmentsSummary, { counts: counts.join(words.list.separator) }, words))).toBeVisible();
    await expect(changes(canvasElement)).toEqual(['changed', 'changed', 'removed', 'same', 'same', 'added', 'added']);
    // The two unchanged segments in a row are one folded row.
    await expect(canvas.getByText(fillPlural(words.diff.unchangedSegments, 2, {}, words))).toBeVisible();
    const removed = within(segments(canvasElement)[2] as HTMLElement);
    await expect(removed.getByText(words.diff.badges.removed)).toBeVisible();
    await expect(lineText(removed.getByRole('deletion'))).toBe('<p>Offer a <strong>10% discount</strong> when the risk is high.</p>');
    const inputData = canvas.getByText(words.diff.rows.inputData).nextElementSibling as HTMLElement;
    const field = inputData.querySelector('.pcr-fields__field') as HTMLElement;
    await expect(field.querySelector('.pcr-fields__path')).toHaveTextContent('customer.name');
    await expect(within(field).getByRole('insertion')).toHaveTextContent('"Analytical Engines Ltd"');
    // The markup is text in the diff: no element of a segment reaches the page outside the sanitizer's containers.
    await expect([...canvasElement.querySelectorAll('.pcr-composer-diff__segments :is(strong, a)')].filter((element) => !element.closest('.pcr-static'))).toEqual([]);
  },
};

/** The onboarding flow's two versions: its prompts moved to newer versions, a paragraph became a list, a segment added. */
export const ChangedSegments: Story = {
  args: { before: composerVersion(onboardingFlow, '1.0.0'), after: composerVersion(onboardingFlow, '1.1.0') },
  play: async ({ canvas, canvasElement, globals }) => {
    const words = storyWords(globals);
    await expect(changes(canvasElement)).toEqual(['same', 'changed', 'changed', 'changed', 'added']);
    await expect(canvas.getByText(fill(words.diff.promptTitleVersions, { name: 'Welcome email', from: '1.1.0', to: '2.0.0' }, words))).toBeVisible();
    const root = canvas.getByText(words.diff.rows.inputDataRoot).nextElementSibling as HTMLElement;
    await expect(within(root).getByRole('deletion')).toHaveTextContent(words.diff.none);
    await expect(within(root).getByRole('insertion')).toHaveTextContent('customer');
    const day3 = within(segments(canvasElement)[2] as HTMLElement);
    await expect(lineText(day3.getByRole('deletion'))).toBe('<p>Sent when the customer has not created a board yet.</p>');
    await expect(day3.getAllByRole('insertion').map(lineText)).toEqual(['<ul>', '  <li>Only when no board exists yet</li>', '  <li>Skipped for teams that booked a demo</li>', '</ul>']);
  },
};

/** The same changes in one column, each changed line above the line that took its place. */
export const Unified: Story = {
  args: { ...ChangedSegments.args, layout: 'unified' },
  // On a phone a split diff is one column too: Changed segments' phone capture is this story's.
  parameters: { visual: { phone: false } },
  play: async ({ canvasElement }) => {
    const deletion = canvasElement.querySelector('[data-message="user"] del') as HTMLElement;
    const insertion = canvasElement.querySelector('[data-message="user"] ins') as HTMLElement;
    await expect(deletion.getBoundingClientRect().bottom).toBeLessThanOrEqual(insertion.getBoundingClientRect().top + 1);
  },
};

const showcase = composerVersion(htmlShowcase, '1.0.0');
const [safe, unsafe, prompt] = showcase.segments;
const revisedShowcase: Composer = {
  ...showcase,
  version: '1.1.0',
  segments: [
    {
      type: 'static',
      content: HTML_SHOWCASE_SAFE.replace('<li>Share a board</li>', '<li>Share a board</li><li>Archive a board</li>')
        .replace('https://prompt-composer.test/docs"', 'https://prompt-composer.test/docs/static-segments"')
        .replace('<tr><td>Pro</td><td>50,000</td></tr>', '<tr><td>Pro</td><td>50,000</td></tr><tr><td>Team</td><td>200,000</td></tr>'),
    },
    { type: 'static', content: `<h3>Markup that must be removed</h3>\n${HTML_SHOWCASE_UNSAFE.replace('Click me', 'Tap me')}` },
    ...(prompt ? [prompt] : []),
  ],
};

/**
 * Static HTML whose structure and markup changed (a list item, a table row, a link's target), beside markup
 * a sanitizer must remove. The diff shows every tag as text; "As rendered" shows each version through the
 * sanitizer: no script, handler, frame, form or style of either version reaches the page.
 */
export const StructureAndMarkup: Story = {
  args: { before: { ...showcase, segments: [safe, unsafe, prompt].filter((segment) => segment !== undefined) }, after: revisedShowcase },
  // The docs page plays it too, so it shows there what it shows on its own page.
  parameters: { docs: { story: { autoplay: true } } },
  play: async ({ canvas, canvasElement }) => {
    await expect(changes(canvasElement)).toEqual(['changed', 'changed', 'same']);
    await expect(canvas.getAllByRole('insertion').filter((line) => line.textContent?.includes('<td>Team</td>'))).toHaveLength(1);
    await expect(canvas.getAllByRole('insertion').some((line) => line.querySelector('mark')?.textContent === '/static-segments')).toBe(true);
    // Opened as a reader opens them, without moving the focus (a docs page must not scroll to this story).
    for (const details of canvasElement.querySelectorAll<HTMLDetailsElement>('details.pcr-rendered')) details.open = true;
    await expect(await canvas.findAllByRole('table')).toHaveLength(2);
    await expect(canvasElement.querySelectorAll('script, iframe, form, style, [onclick], [onerror], [href^="javascript:"]')).toHaveLength(0);
    await expect((window as { __pwned?: boolean }).__pwned).toBeUndefined();
  },
};

/** The same version on both sides. */
export const Identical: Story = {
  args: { before: composerVersion(renewalCheck, '2.0.0'), after: composerVersion(renewalCheck, '2.0.0') },
  play: async ({ canvas, canvasElement, globals }) => {
    await expect(canvas.getByText(storyWords(globals).diff.identical)).toBeVisible();
    await expect(new Set(changes(canvasElement))).toEqual(new Set(['same']));
  },
};
