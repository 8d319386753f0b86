import type { Meta, StoryObj } from '@storybook/react-vite';
import { StaticSegment } from 'prompt-composer-react';
import { HTML_SHOWCASE_SAFE, HTML_SHOWCASE_UNSAFE } from 'prompt-composer-react/mocks';
import { expect } from 'storybook/test';

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

/** Hostile markup: scripts, event handlers, `javascript:` links, frames, forms and styles are removed. */
export const WhatIsRemoved: Story = {
  args: { html: HTML_SHOWCASE_UNSAFE },
  play: async ({ canvas, canvasElement }) => {
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

/** Both side by side: what is kept and what is removed, as the `html-showcase` fixture holds them. */
export const KeptAndRemoved: Story = {
  args: { html: `${HTML_SHOWCASE_SAFE}\n${HTML_SHOWCASE_UNSAFE}` },
  play: async ({ canvas, canvasElement }) => {
    await expect(await canvas.findByRole('table')).toBeVisible();
    const root = canvasElement.querySelector('[data-segment="static"]');
    await expect(root?.getAttribute('data-state')).toBe('ready');
    await expect(canvas.getByText('Click me: nothing should happen.')).toBeVisible();
    await expect(root?.querySelector('script, iframe, form, style, [onclick], [onerror]')).toBeNull();
    await expect((window as { __pwned?: unknown }).__pwned).toBeUndefined();
  },
};
