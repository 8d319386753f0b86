import type { Meta, StoryObj } from '@storybook/react-vite';
import { ComposerView } from 'prompt-composer-react';
import { expect } from 'storybook/test';
import { htmlShowcase, onboardingFlow } from './support/fixtures.ts';

/** A composer's segments in order: static HTML (sanitized) and prompt cards (interpolated). */
const meta = {
  title: 'Components/ComposerView',
  component: ComposerView,
  args: { composer: onboardingFlow, values: { customer: { name: 'Ada Lovelace', company: 'Analytical Engines' }, plan: 'Pro' } },
} satisfies Meta<typeof ComposerView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The `onboarding-flow` fixture, with some values. */
export const Default: Story = {
  play: async ({ canvas, canvasElement }) => {
    await expect(await canvas.findByRole('heading', { name: /Onboarding flow/ })).toBeVisible();
    const kinds = [...canvasElement.querySelectorAll('[data-segment-type]')].map((item) => item.getAttribute('data-segment-type'));
    await expect(kinds).toEqual(onboardingFlow.segments.map((segment) => segment.type));
  },
};

/** The `html-showcase` fixture: hostile static HTML, rendered safely. */
export const HtmlShowcase: Story = {
  args: { composer: htmlShowcase, values: {} },
  play: async ({ canvas, canvasElement }) => {
    const statics = [...canvasElement.querySelectorAll('[data-segment="static"]')];
    await expect(statics.length).toBeGreaterThan(1);
    await expect(statics.map((element) => element.getAttribute('data-state'))).toEqual(statics.map(() => 'ready'));
    // The hostile segment is rendered, not dropped: its benign text survives.
    await expect(canvas.getByText('Click me: nothing should happen.')).toBeVisible();
    await expect(canvasElement.querySelector('script, iframe, form, style, [onerror], [onclick], [style]')).toBeNull();
    await expect((window as { __pwned?: unknown }).__pwned).toBeUndefined();
  },
};

/** The text of some HTML, its blocks apart, cut at `length` characters with one ellipsis where it was cut. */
function summary(html: string, length: number): string {
  const text = html
    .replace(/<\/(h[1-6]|p|li)>/g, ' ')
    .replace(/<[^>]+>/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > length ? `${text.slice(0, length - 1).trimEnd()}…` : text;
}

/**
 * An app's own look through `renderStatic` and `renderPrompt`: each static segment as a short note (its text,
 * cut), each prompt as a one-line chip with its version, in the app's own classes (`app-*`, styled by the
 * app, here in the story's stylesheet).
 */
export const CustomRenderers: Story = {
  args: {
    renderStatic: (segment) => <p className="app-note">{summary(segment.content, 80)}</p>,
    renderPrompt: (segment) => (
      <p className="app-prompt">
        <span className="app-prompt__kind">Prompt</span>
        <span className="app-prompt__name">{segment.promptName}</span>
        <span className="app-prompt__version">{segment.version}</span>
      </p>
    ),
  },
  play: async ({ canvasElement }) => {
    const names = [...canvasElement.querySelectorAll('.app-prompt__name')].map((name) => name.textContent);
    await expect(names).toEqual(onboardingFlow.segments.flatMap((segment) => (segment.type === 'prompt' ? [segment.promptName] : [])));
    const summaries = [...canvasElement.querySelectorAll('.app-note')].map((note) => note.textContent ?? '');
    // Cut text ends with one ellipsis; whole text ends as written.
    await expect(summaries.filter((text) => /[.…]…$|\s[.,:;]/.test(text))).toEqual([]);
    await expect(summaries).toContain('Questions? See the onboarding guide.');
  },
};
