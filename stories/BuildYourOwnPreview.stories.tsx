import type { Meta, StoryObj } from '@storybook/react-vite';
import { FIXTURE_IDS } from 'prompt-composer-react/mocks';
import { expect, userEvent, waitFor } from 'storybook/test';
import { storyApi } from './support/mock-api.ts';
import { MyComposerPreview } from './support/MyComposerPreview.tsx';
import { oneAtATime } from './support/one-at-a-time.ts';

/**
 * The composer preview rebuilt by an app in about 30 lines: `useComposerPreview` gives what `ComposerPreview`
 * renders (the variables, their values, the segments with their prompts interpolated, what is still
 * unfilled, the status and the error), and the app lays it out with its own elements and classes
 * (stories/support/MyComposerPreview.tsx; docs/components/build-your-own-preview.md walks through it).
 */
const meta = {
  title: 'Guides/Build your own preview',
  component: MyComposerPreview,
  args: { composerId: FIXTURE_IDS.composers.onboardingFlow },
  parameters: { msw: { handlers: storyApi('happy') } },
} satisfies Meta<typeof MyComposerPreview>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The app's own preview of `onboarding-flow`: type a name and its prompts follow. */
export const HookAndPlainElements: Story = {
  // The docs page plays it too, so it shows there what it shows on its own page.
  parameters: { docs: { story: { autoplay: true } } },
  play: async ({ canvas, canvasElement }) => {
    const input = await canvas.findByRole('textbox', { name: 'customer.name' }, { timeout: 5000 });
    await expect(canvas.getByRole('textbox', { name: 'plan' })).toHaveValue('Pro');
    await oneAtATime(() => userEvent.type(input, 'Ada Lovelace'));
    const welcome = canvas.getByRole('article', { name: 'Welcome email' });
    await waitFor(() => expect(welcome.querySelector('mark')?.textContent).toBe('Ada Lovelace'));
    // The static segments, sanitized through StaticSegment; nothing else of the library's markup.
    await expect(canvasElement.querySelectorAll('.pcr-static').length).toBeGreaterThan(0);
    await expect([...canvasElement.querySelectorAll('[class*="pcr-"]')].every((element) => element.classList.contains('pcr-static') || element.classList.contains('pcr-story'))).toBe(true);
  },
};
