import type { Meta, StoryObj } from '@storybook/react-vite';
import { ComposerDiff } from 'prompt-composer-react';
import { FIXTURE_IDS } from 'prompt-composer-react/mocks';
import { expect, within } from 'storybook/test';
import { composerVersion } from './support/fixtures.ts';

const { renewalCheck, onboardingFlow } = FIXTURE_IDS.composers;

/**
 * What changed between two versions of a composer, from props alone (server-safe): segments aligned and
 * marked added, removed, changed or unchanged. The versions are the mock backend's fixtures.
 */
const meta = {
  title: 'Components/ComposerDiff',
  component: ComposerDiff,
  args: { before: composerVersion(renewalCheck, '1.0.0'), after: composerVersion(renewalCheck, '2.0.0') },
} satisfies Meta<typeof ComposerDiff>;

export default meta;
type Story = StoryObj<typeof meta>;

const changes = (canvasElement: HTMLElement) => [...canvasElement.querySelectorAll('li[data-change]')].map((item) => item.getAttribute('data-change'));

/** Segments added, removed, changed and kept, and the input configuration added. */
export const AddedAndRemovedSegments: Story = {
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByText('Segments: 2 segments added, 1 removed, 2 changed, 2 unchanged.')).toBeVisible();
    await expect(changes(canvasElement)).toEqual(['changed', 'changed', 'removed', 'same', 'same', 'added', 'added']);
    const removed = within(canvasElement.querySelector('li[data-change="removed"]') as HTMLElement);
    await expect(removed.getByText('Removed')).toBeVisible();
    await expect(canvasElement.querySelector('li[data-change="removed"] del')).toHaveTextContent('removed: Offer a 10% discount when the risk is high.');
    // Static HTML is compared as text: no markup of the segments reaches the page.
    await expect(canvasElement.querySelector('.pcr-composer-diff__segments strong, .pcr-composer-diff__segments a')).toBeNull();
  },
};

/** The onboarding flow's two versions: its prompt segments moved to newer versions, a static segment changed, one added. */
export const ChangedSegments: Story = {
  args: { before: composerVersion(onboardingFlow, '1.0.0'), after: composerVersion(onboardingFlow, '1.1.0') },
  play: async ({ canvas, canvasElement }) => {
    await expect(changes(canvasElement)).toEqual(['same', 'changed', 'changed', 'changed', 'added']);
    await expect(canvas.getByText('Prompt Welcome email, from version 1.1.0 to 2.0.0')).toBeVisible();
    await expect(canvas.getByText('Input data root').nextElementSibling).toHaveTextContent('removed: none → added: customer');
  },
};

/** The same version on both sides. */
export const Identical: Story = {
  args: { before: composerVersion(renewalCheck, '2.0.0'), after: composerVersion(renewalCheck, '2.0.0') },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByText('No changes: the two versions are identical.')).toBeVisible();
    await expect(new Set(changes(canvasElement))).toEqual(new Set(['same']));
  },
};
