import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor } from 'storybook/test';
import { PlaygroundApp } from './support/PlaygroundApp.tsx';

/**
 * Everything together, on the mock backend. Use the toolbar: **API key** (free, pro, near limit,
 * exhausted, revoked) and **Scenario** (happy, nearLimit, exhausted, invalidKey, slow, serverError,
 * empty) reach every state by hand.
 */
const meta = {
  title: 'Playground',
  component: PlaygroundApp,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof PlaygroundApp>;

export default meta;

/** The in-app preview: pick a composer or a prompt, type variables, watch the preview and the quota. */
export const Playground: StoryObj<typeof meta> = {
  play: async ({ canvas, canvasElement }) => {
    const first = await canvas.findByRole('button', { name: 'HTML showcase' }, { timeout: 5000 });
    await expect(first).toBeVisible();
    await userEvent.click(await canvas.findByRole('button', { name: 'Onboarding flow' }));
    const input = (await canvas.findAllByRole('textbox', {}, { timeout: 5000 }))[0] as HTMLElement;
    await userEvent.type(input, 'Ada');
    await waitFor(() => expect(canvasElement.querySelector('mark[data-state="filled"]')?.textContent).toContain('Ada'));
    await expect(await canvas.findByText(/requests left this month/)).toBeVisible();
  },
};
