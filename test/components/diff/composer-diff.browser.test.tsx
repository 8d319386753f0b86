/**
 * ComposerDiff with the shipped stylesheet: segments aligned, each marked in words, static HTML compared as
 * its outline (text) and rendered only through the sanitizer.
 */
import { cleanup, render, screen, within } from '@testing-library/react';
import { type CatalogOverride, type Composer, ComposerDiff, type ComposerSegment, type PromptSegment } from 'prompt-composer-react';
import { FIXTURE_IDS } from 'prompt-composer-react/mocks';
import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import '../../../src/styles.css';
import { composerAt, expectAccessibleAndFitting, LOOKS, resetViewport, shownText, sideText, Themed, touchingChanges } from './diff-fixtures.tsx';

const { renewalCheck, onboardingFlow } = FIXTURE_IDS.composers;

afterEach(async () => {
  cleanup();
  await resetViewport();
});

const segments = () => [...document.querySelectorAll<HTMLElement>('.pcr-composer-diff__segment')];
/** Each segment row as "change: title", in order. */
const rows = () => segments().map((item) => `${item.dataset.change}: ${item.querySelector('.pcr-composer-diff__title')?.textContent}`);
/** The rows of a line diff as `change: sign text`, the older side's line where it has one. */
const lines = (diff: Element) =>
  [...diff.querySelectorAll('.pcr-lines__row')].map((line) => {
    const shown = line.querySelector('.pcr-line:not([data-empty])') as Element;
    return `${line.getAttribute('data-change')}: ${shown.querySelector('.pcr-line__sign')?.textContent ?? ''} ${shownText(shown)}`;
  });
/** Opens every "As rendered" disclosure, as a reader would. */
const openRendered = () => document.querySelectorAll('details').forEach((details) => (details.open = true));

const segment = (text: string): ComposerSegment => ({ type: 'static', content: `<p>${text}</p>` });
const prompt = (promptId: string, version = '1.0.0', userMessage = 'Hi ${name}'): PromptSegment => ({
  type: 'prompt',
  promptId,
  promptName: `Prompt ${promptId}`,
  version,
  systemMessage: 'Be brief.',
  userMessage,
  config: { model: 'model', temperature: 0.5 },
});
const composer = (version: string, segments: ComposerSegment[]): Composer => ({
  composerId: 'flow',
  composerName: 'Flow',
  version,
  config: { schema: [], inputData: null, inputDataRootName: null },
  segments,
});

describe('ComposerDiff', () => {
  describe('given a version that adds, removes and changes segments', () => {
    it('aligns the segments of both versions and says how each one changed', () => {
      render(<ComposerDiff before={composerAt(renewalCheck, '1.0.0')} after={composerAt(renewalCheck, '2.0.0')} />);
      expect(screen.getByRole('region', { name: 'Renewal check' }).dataset.state).toBe('changed');
      expect(screen.getByText(/^Segments: /).textContent).toBe('Segments: 2 segments added, 1 removed, 2 changed, 2 unchanged.');
      expect(rows()).toEqual([
        'changed: Changed Static content: Renewal check',
        'changed: Changed Prompt Account review, from version 1.0.0 to 2.1.0',
        'removed: Removed Static content: Offer a 10% discount when the risk is high.',
        'same: Unchanged Prompt Support reply, version 1.1.0',
        'same: Unchanged Static content: Questions? Ask in the renewals guide.',
        'added: Added Static content: Hand-off',
        'added: Added Prompt Ticket triage, version 1.0.0',
      ]);
      expect(screen.getByRole('list', { name: 'Segments' })).toBeTruthy();
    });

    it('shows a changed static segment as a line diff of its outline, and a changed prompt segment as its prompt diff', () => {
      render(<ComposerDiff before={composerAt(renewalCheck, '1.0.0')} after={composerAt(renewalCheck, '2.0.0')} />);
      const [staticRow, promptRow, removed] = segments();
      expect(lines(staticRow!.querySelector('[data-message="static"]')!)).toEqual([
        'same:  <h2>Renewal check</h2>',
        'changed: − <p>Runs 30 days before a plan renews: it reviews the account, then drafts a note for the account manager.</p>',
      ]);
      expect(within(staticRow!).getByRole('deletion').querySelector('mark')?.textContent).toBe('30');
      expect(within(staticRow!).getByRole('insertion').querySelector('mark')?.textContent).toBe('45');
      expect(within(promptRow!).getByText(/^Changes: /).textContent).toBe('Changes: model, temperature, system message, user message, variables.');
      expect(within(promptRow!).getByText('Variables').nextElementSibling?.textContent).toMatch(/removes \$\{account\.name\}, \$\{tier\}/);
      expect(lines(removed!.querySelector('[data-message]')!)).toEqual(['removed: − <p>Offer a <strong>10% discount</strong> when the risk is high.</p>']);
    });

    it('shows a paragraph that became a list as lines of its structure, the removed and the added never on one line', async () => {
      await page.viewport(1280, 800);
      render(<ComposerDiff before={composerAt(onboardingFlow, '1.0.0')} after={composerAt(onboardingFlow, '1.1.0')} />);
      const day3 = segments().find((segment) => segment.textContent?.includes('Day 3'))!;
      const outline = day3.querySelector('[data-message="static"]')!;
      expect(sideText(outline, 'before')).toBe('<h3>Day 3: the first support touch</h3>\n<p>Sent when the customer has not created a board yet.</p>');
      expect(sideText(outline, 'after')).toBe(
        '<h3>Day 3: the first support touch</h3>\n<ul>\n  <li>Only when no board exists yet</li>\n  <li>Skipped for teams that booked a demo</li>\n</ul>',
      );
      // "~~Sent~~Only" and "created a" + "no" = "ano" are impossible: nothing removed touches anything added.
      expect(touchingChanges(document.body)).toEqual([]);
      await page.viewport(360, 800);
      expect(touchingChanges(document.body)).toEqual([]);
    });

    it('states the input configuration that changed, field by field', () => {
      render(<ComposerDiff before={composerAt(renewalCheck, '1.0.0')} after={composerAt(renewalCheck, '2.0.0')} />);
      const fields = (term: string) => [...screen.getByText(term).nextElementSibling!.querySelectorAll('.pcr-fields__field')].map((field) => field.textContent);
      expect(screen.getByText('Input data root').nextElementSibling?.textContent).toBe('removed: none  added: customer');
      expect(fields('Schema fields')).toEqual(['customerAddedadded: {"type":"object","required":true}']);
      expect(fields('Input data')).toEqual([
        'customer.nameAddedadded: "Analytical Engines Ltd"',
        'customer.lastLoginAddedadded: "2026-10-02"',
        'customer.openTicketsAddedadded: 2',
      ]);
    });

    it.each(LOOKS)('has no axe violation and fits the screen in the $theme theme at $width px, its rendered versions open', async ({ theme, width }) => {
      await page.viewport(width, 800);
      render(
        <Themed theme={theme}>
          <ComposerDiff before={composerAt(renewalCheck, '1.0.0')} after={composerAt(renewalCheck, '2.0.0')} />
          <ComposerDiff before={composerAt(onboardingFlow, '1.0.0')} after={composerAt(onboardingFlow, '1.1.0')} layout="unified" />
        </Themed>,
      );
      openRendered();
      await expect.poll(() => document.querySelectorAll('.pcr-static[data-state="ready"]').length).toBe(7);
      await expectAccessibleAndFitting();
    });
  });

  describe('given hostile static HTML', () => {
    const hostile = [
      '<p onclick="window.__composerDiffXss=1">Hello <strong>team</strong></p>',
      '<script>window.__composerDiffXss=1</script><img src=x onerror="window.__composerDiffXss=1" alt="logo">',
      '<a href="javascript:window.__composerDiffXss=1">the guide</a><iframe srcdoc="<script>window.__composerDiffXss=1</script>"></iframe>',
      '<style>body { display: none }</style><form action="/steal"><input name="password"></form>',
    ].join('');
    const before = composer('1', [{ type: 'static', content: '<p>Hello <em>all</em></p>' }]);
    const after = composer('2', [{ type: 'static', content: hostile }]);

    it('compares it as text: its outline shows every tag, none of them is an element of the page', () => {
      render(<ComposerDiff before={before} after={after} />);
      const outline = document.querySelector('[data-message="static"]')!;
      expect(sideText(outline, 'after')).toContain('<script>window.__composerDiffXss=1</script>');
      expect(sideText(outline, 'after')).toContain('<img src=x onerror="window.__composerDiffXss=1" alt="logo">');
      expect(outline.querySelectorAll('*:not(ol, li, span, del, ins, mark)')).toHaveLength(0);
    });

    it('renders it only through the sanitizer: no script, handler, frame, form, style or javascript: URL reaches the page', async () => {
      render(<ComposerDiff before={before} after={after} />);
      openRendered();
      await expect.poll(() => document.querySelectorAll('.pcr-static[data-state="ready"]').length).toBe(2);
      const [older, newer] = [...document.querySelectorAll('.pcr-static')];
      expect(older?.innerHTML).toBe('<p>Hello <em>all</em></p>');
      expect(newer?.querySelector('strong')?.textContent).toBe('team');
      expect(newer?.querySelector('img')?.getAttribute('alt')).toBe('logo');
      const page = screen.getByRole('region');
      expect(page.querySelectorAll('script, iframe, style, form, input, [onclick], [onerror], [srcdoc], [href^="javascript:" i]')).toHaveLength(0);
      // Markup of either version appears only inside the sanitizer's containers.
      expect([...page.querySelectorAll('strong, em, img, a')].every((element) => element.closest('.pcr-static'))).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect((window as { __composerDiffXss?: number }).__composerDiffXss).toBeUndefined();
    });

    it('shows a change of markup alone (a link target) as its line, the changed words marked', () => {
      const link = (target: string) => composer('1', [{ type: 'static', content: `<p>Read <a href="https://${target}.test/">the guide</a></p>` }]);
      render(<ComposerDiff before={link('a')} after={link('b')} />);
      const outline = document.querySelector('[data-message="static"]')!;
      expect(within(outline as HTMLElement).getByRole('deletion').querySelector('mark')?.textContent).toBe('a');
      expect(within(outline as HTMLElement).getByRole('insertion').querySelector('mark')?.textContent).toBe('b');
      expect(outline.querySelector('a')).toBeNull();
    });

    it('shows a change of spacing alone as lines of its source', () => {
      const spaced = (content: string) => composer('1', [{ type: 'static', content }]);
      render(<ComposerDiff before={spaced('<p>Hi  there</p>')} after={spaced('<p>Hi there</p>')} />);
      expect(lines(document.querySelector('[data-message="static"]')!)).toEqual(['changed: − <p>Hi  there</p>']);
    });
  });

  describe('given a catalog in a cursive script', () => {
    const arabic: CatalogOverride = { diff: { badges: { added: 'مضاف', removed: 'محذوف', changed: 'معدّل', same: 'بلا تغيير' } } };

    it('draws the badges with the letters joined: no letter spacing, no case change', () => {
      render(
        <div dir="rtl" lang="ar">
          <ComposerDiff before={composerAt(renewalCheck, '1.0.0')} after={composerAt(renewalCheck, '2.0.0')} catalog={arabic} />
        </div>,
      );
      const badge = document.querySelector('.pcr-composer-diff__title .pcr-diff__badge[data-change="added"]') as HTMLElement;
      expect(badge.textContent).toBe('مضاف');
      expect(getComputedStyle(badge).letterSpacing).toBe('normal');
      expect(getComputedStyle(badge).textTransform).toBe('none');
      // The same word in the same font without the badge's rules: letter spacing would widen the badge's.
      const reference = document.createElement('span');
      reference.textContent = badge.textContent;
      reference.style.font = getComputedStyle(badge).font;
      badge.after(reference);
      const range = document.createRange();
      range.selectNodeContents(badge);
      expect(range.getBoundingClientRect().width).toBeCloseTo(reference.getBoundingClientRect().width, 0);
    });
  });

  describe('alignment', () => {
    it('keeps a prompt segment by its prompt id across versions, and pairs static HTML replaced in place', () => {
      const before = composer('1', [segment('Intro'), prompt('a'), segment('Middle'), prompt('b'), prompt('c')]);
      const after = composer('2', [segment('Intro, revised'), prompt('a', '2.0.0', 'Hello ${name}'), segment('Middle, revised'), prompt('c'), prompt('d')]);
      render(<ComposerDiff before={before} after={after} />);
      expect(rows()).toEqual([
        'changed: Changed Static content: Intro, revised',
        'changed: Changed Prompt Prompt a, from version 1.0.0 to 2.0.0',
        'changed: Changed Static content: Middle, revised',
        'removed: Removed Prompt Prompt b, version 1.0.0',
        'same: Unchanged Prompt Prompt c, version 1.0.0',
        'added: Added Prompt Prompt d, version 1.0.0',
      ]);
    });

    it('marks nothing when both versions are the same', () => {
      const flow = composerAt(renewalCheck, '2.0.0');
      render(<ComposerDiff before={flow} after={flow} />);
      expect(screen.getByText('No changes: the two versions are identical.')).toBeTruthy();
      expect(new Set(rows().map((row) => row.split(':')[0]))).toEqual(new Set(['same']));
      expect(screen.queryAllByRole('insertion')).toEqual([]);
    });
  });
});
