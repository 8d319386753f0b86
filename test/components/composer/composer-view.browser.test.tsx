import { cleanup, render, screen, within } from '@testing-library/react';
import { ComposerView, createHtmlSanitizer, StaticSegment } from 'prompt-composer-react';
import { afterEach, describe, expect, it } from 'vitest';
import { axeViolations, composerOf, Page, promptSegment } from '../presentational-fixtures.tsx';

afterEach(cleanup);

const unique = (label: string) => `${label}-${Math.random().toString(36).slice(2)}`;

describe('ComposerView', () => {
  describe('given static and prompt segments', () => {
    const intro = unique('intro');
    const composer = composerOf([
      { type: 'static', content: `<h3>Intro</h3><p>${intro}</p>` },
      promptSegment,
      { type: 'static', content: '<p>Outro</p>' },
    ]);

    it('renders a named region with the version and the segments in order', async () => {
      render(<ComposerView composer={composer} values={{ topic: 'AI', audience: 'kids' }} />, { wrapper: Page });
      const region = screen.getByRole('region', { name: 'Onboarding flow' });
      expect(within(region).getByRole('heading', { level: 2, name: 'Onboarding flow' })).toBeTruthy();
      expect(within(region).getByText('Version 3.1.0')).toBeTruthy();
      const items = within(region).getAllByRole('listitem');
      expect(items.map((item) => item.dataset.segmentType)).toEqual(['static', 'prompt', 'static']);
      expect(items[0]!.querySelector('.pcr-static')?.innerHTML).toBe(`<h3>Intro</h3><p>${intro}</p>`);
      expect(within(items[1]!).getByRole('heading', { level: 3, name: 'Summary' })).toBeTruthy();
      expect(items[1]!.querySelector('[data-message="user"]')?.textContent).toBe('Summarise AI for kids.');
      expect(await axeViolations(document.body)).toEqual([]);
    });

    it('names each copy button after its prompt, keeping the visible text', () => {
      const other = { ...promptSegment, promptId: 'welcome', promptName: 'Welcome' };
      render(<ComposerView composer={composerOf([promptSegment, other])} />, { wrapper: Page });
      const buttons = screen.getAllByRole('button');
      expect(screen.getByRole('button', { name: 'Copy user message, Summary' })).toBe(buttons[0]);
      expect(screen.getByRole('button', { name: 'Copy user message, Welcome' })).toBe(buttons[1]);
      expect(buttons.map((button) => button.firstChild?.textContent)).toEqual(['Copy user message', 'Copy user message']);
    });

    describe('when only the values change', () => {
      it('keeps the static DOM nodes and does not sanitize again (with the sanitizer it was given)', () => {
        const sanitizer = createHtmlSanitizer();
        const { rerender } = render(<ComposerView composer={composer} values={{ topic: 'A' }} sanitizer={sanitizer} />);
        const before = [...document.querySelectorAll('.pcr-static')];
        const firstChild = before[0]!.firstChild;
        const count = sanitizer.sanitizeCount;
        expect(count).toBe(before.length);
        for (const topic of ['AB', 'ABC', 'ABCD']) rerender(<ComposerView composer={composer} values={{ topic }} sanitizer={sanitizer} />);
        const after = [...document.querySelectorAll('.pcr-static')];
        expect(after).toEqual(before);
        after.forEach((node, index) => expect(node).toBe(before[index]));
        expect(after[0]!.firstChild).toBe(firstChild);
        expect(sanitizer.sanitizeCount).toBe(count);
        expect(document.querySelector('[data-message="user"]')?.textContent).toBe('Summarise ABCD for ${audience}.');
      });
    });
  });

  describe('given renderStatic and renderPrompt overrides', () => {
    it('calls them with each segment, its index and the values', () => {
      const composer = composerOf([{ type: 'static', content: '<p>Hi</p>' }, promptSegment]);
      const calls: unknown[] = [];
      render(
        <ComposerView
          composer={composer}
          values={{ topic: 'X' }}
          renderStatic={(segment, index) => {
            calls.push(['static', index]);
            return <aside aria-label="note"><StaticSegment html={segment.content} className="mine" /></aside>;
          }}
          renderPrompt={(segment, index, values) => {
            calls.push(['prompt', index, values]);
            return <p>Custom {segment.promptName}</p>;
          }}
        />,
      );
      expect(calls).toEqual([['static', 0], ['prompt', 1, { topic: 'X' }]]);
      expect(screen.getByText('Custom Summary')).toBeTruthy();
      expect(screen.getByRole('complementary', { name: 'note' }).querySelector('.pcr-static.mine')?.innerHTML).toBe('<p>Hi</p>');
      expect(screen.queryByRole('article')).toBeNull();
    });
  });

  describe('given an empty composer', () => {
    it('renders the heading and an empty list, accessibly', async () => {
      render(<ComposerView composer={composerOf([], 'Empty')} headingLevel={3} />, { wrapper: Page });
      expect(screen.getByRole('heading', { level: 3, name: 'Empty' })).toBeTruthy();
      expect(screen.queryAllByRole('listitem')).toHaveLength(0);
      expect(await axeViolations(document.body)).toEqual([]);
    });
  });

  describe('given a policy', () => {
    it('applies it to the default static segments', () => {
      const composer = composerOf([{ type: 'static', content: '<p style="color: red">Red</p>' }]);
      render(<ComposerView composer={composer} policy={{ allowAttributes: ['style'] }} />);
      expect(document.querySelector('.pcr-static p')?.getAttribute('style')).toBe('color: red');
    });
  });
});
