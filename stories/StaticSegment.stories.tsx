import type { Meta, StoryObj } from '@storybook/react-vite';
import { StaticSegment } from 'prompt-composer-react';
import { HTML_SHOWCASE_SAFE, HTML_SHOWCASE_UNSAFE } from 'prompt-composer-react/mocks';
import type { ReactNode } from 'react';
import { expect, within } from 'storybook/test';

/** Two labelled panes side by side (one above the other on a phone). */
function Panes({ panes }: { panes: Array<[title: string, content: ReactNode]> }) {
  return (
    <div className="pcr-story-panes">
      {panes.map(([title, content]) => (
        <section key={title} className="pcr-story-pane" aria-label={title}>
          <h2>{title}</h2>
          {content}
        </section>
      ))}
    </div>
  );
}

/**
 * Untrusted HTML from the service, sanitized with DOMPurify (strict by default) before it reaches the DOM.
 * The library's only `dangerouslySetInnerHTML`.
 */
const meta = {
  title: 'Components/StaticSegment',
  component: StaticSegment,
  args: { html: HTML_SHOWCASE_SAFE },
} satisfies Meta<typeof StaticSegment>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Benign markup: headings, lists, links, an image and a table survive as written. */
export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('table')).toBeVisible();
    await expect(canvas.getAllByRole('list').length).toBeGreaterThan(0);
    for (const link of canvas.getAllByRole('link')) {
      if (link.getAttribute('target') === '_blank') await expect(link.getAttribute('rel')).toContain('noopener');
    }
  },
};

/**
 * Hostile markup, as the service sent it and as `StaticSegment` renders it: scripts, event handlers,
 * `javascript:` links, frames, forms and styles are removed; their harmless text stays.
 */
export const WhatIsRemoved: Story = {
  args: { html: HTML_SHOWCASE_UNSAFE },
  render: (args) => (
    <Panes
      panes={[
        ['What the service sent', <pre className="pcr-story-source">{args.html}</pre>],
        ['What StaticSegment renders', <StaticSegment {...args} />],
      ]}
    />
  ),
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('region', { name: 'What the service sent' })).toHaveTextContent('<script>');
    const root = canvasElement.querySelector('[data-segment="static"]');
    // Absence checks prove nothing on an empty container: it must be filled, and keep the benign text.
    await expect(root?.getAttribute('data-state')).toBe('ready');
    await expect(canvas.getByText('Click me: nothing should happen.')).toBeVisible();
    await expect(canvas.getByText('A javascript: link')).toBeVisible();
    await expect(root?.querySelector('script, iframe, form, style, object, embed')).toBeNull();
    await expect(root?.querySelector('[onerror], [onclick], [style]')).toBeNull();
    const urls = [...(root?.querySelectorAll('[href], [src]') ?? [])].map((element) => element.getAttribute('href') ?? element.getAttribute('src'));
    await expect(urls.filter((url) => /^\s*javascript:/i.test(url ?? ''))).toEqual([]);
    // Clobbering names are namespaced: document.cookie and getElementById are the real ones.
    await expect(root?.querySelector('[id="getElementById"], [name="cookie"]')).toBeNull();
    await expect(typeof document.getElementById).toBe('function');
  },
};

/** Side by side, as the `html-showcase` fixture holds them: benign markup that is kept, hostile markup after sanitizing. */
export const KeptAndRemoved: Story = {
  render: () => (
    <Panes
      panes={[
        ['Kept: benign markup', <StaticSegment html={HTML_SHOWCASE_SAFE} />],
        ['Removed: hostile markup, sanitized', <StaticSegment html={HTML_SHOWCASE_UNSAFE} />],
      ]}
    />
  ),
  play: async ({ canvas }) => {
    const kept = canvas.getByRole('region', { name: 'Kept: benign markup' });
    const removed = canvas.getByRole('region', { name: 'Removed: hostile markup, sanitized' });
    // Side by side on a wide screen: the panes share a row.
    if (window.innerWidth > 768) await expect(kept.getBoundingClientRect().top).toBe(removed.getBoundingClientRect().top);
    await expect(await within(kept).findByRole('table')).toBeVisible();
    const root = removed.querySelector('[data-segment="static"]');
    await expect(root?.getAttribute('data-state')).toBe('ready');
    await expect(within(removed).getByText('Click me: nothing should happen.')).toBeVisible();
    await expect(root?.querySelector('script, iframe, form, style, [onclick], [onerror]')).toBeNull();
    await expect((window as { __pwned?: unknown }).__pwned).toBeUndefined();
  },
};
