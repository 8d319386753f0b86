/** ComposerDiff with the shipped stylesheet: segments aligned, each marked in words, static HTML only ever as text. */
import { cleanup, render, screen, within } from '@testing-library/react';
import { type Composer, ComposerDiff, type ComposerSegment, type PromptSegment } from 'prompt-composer-react';
import { FIXTURE_IDS } from 'prompt-composer-react/mocks';
import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import '../../../src/styles.css';
import { composerAt, expectAccessibleAndFitting, LOOKS, resetViewport, Themed } from './diff-fixtures.tsx';

const { renewalCheck, onboardingFlow } = FIXTURE_IDS.composers;

afterEach(async () => {
  cleanup();
  await resetViewport();
});

/** Each segment row as "change: title", in order. */
const rows = () =>
  screen.getAllByRole('listitem').map((item) => `${item.dataset.change}: ${item.querySelector('.pcr-composer-diff__title')?.textContent}`);

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

    it('shows a changed static segment as a word diff of its text, and a changed prompt segment as its prompt diff', () => {
      render(<ComposerDiff before={composerAt(renewalCheck, '1.0.0')} after={composerAt(renewalCheck, '2.0.0')} />);
      const [staticRow, promptRow] = screen.getAllByRole('listitem');
      expect(within(staticRow!).getByRole('deletion').textContent).toBe('removed: 30');
      expect(within(staticRow!).getByRole('insertion').textContent).toBe('added: 45');
      expect(within(promptRow!).getByText(/^Changes: /).textContent).toBe('Changes: model, temperature, system message, user message, variables.');
      expect(within(promptRow!).getByText('Variables').nextElementSibling?.textContent).toMatch(/removes \$\{account\.name\}, \$\{tier\}/);
      const removed = screen.getAllByRole('listitem')[2]!;
      expect(within(removed).getByRole('deletion').textContent).toBe('removed: Offer a 10% discount when the risk is high.');
    });

    it('states the input configuration that changed', () => {
      render(<ComposerDiff before={composerAt(renewalCheck, '1.0.0')} after={composerAt(renewalCheck, '2.0.0')} />);
      expect(screen.getByText('Input data root').nextElementSibling?.textContent).toBe('removed: none → added: customer');
      expect(screen.getByText('Schema fields').nextElementSibling?.textContent).toBe('Adds customer.');
    });

    it.each(LOOKS)('has no axe violation and fits the screen in the $theme theme at $width px', async ({ theme, width }) => {
      await page.viewport(width, 800);
      render(
        <Themed theme={theme}>
          <ComposerDiff before={composerAt(renewalCheck, '1.0.0')} after={composerAt(renewalCheck, '2.0.0')} />
          <ComposerDiff before={composerAt(onboardingFlow, '1.0.0')} after={composerAt(onboardingFlow, '1.1.0')} />
        </Themed>,
      );
      await expectAccessibleAndFitting();
    });
  });

  describe('given static HTML that a sanitizer would clean', () => {
    it('compares and shows it as text: no element, script or handler of it reaches the page', () => {
      const before = composer('1', [{ type: 'static', content: '<p onclick="window.__composerDiffXss=1">Hello <strong>team</strong></p>' }]);
      const after = composer('2', [
        { type: 'static', content: '<p>Hello <em>all</em> &amp; welcome</p><script>window.__composerDiffXss=1</script><img src=x onerror="window.__composerDiffXss=1" alt="logo">' },
      ]);
      render(<ComposerDiff before={before} after={after} />);
      const list = screen.getByRole('list', { name: 'Segments' });
      expect(list.querySelectorAll('strong, em, script, img, [onclick], [onerror]')).toHaveLength(0);
      expect(within(list).getByRole('insertion').textContent).toBe('added: all & welcome\n[image: logo]');
      expect((window as { __composerDiffXss?: number }).__composerDiffXss).toBeUndefined();
    });

    it('says when only the markup changed, and shows the markup difference as text', () => {
      const before = composer('1', [{ type: 'static', content: '<p>Read <a href="https://a.test/">the guide</a></p>' }]);
      const after = composer('2', [{ type: 'static', content: '<p>Read <a href="https://b.test/">the guide</a></p>' }]);
      render(<ComposerDiff before={before} after={after} />);
      expect(screen.getByText('The text is the same; only the markup changed:')).toBeTruthy();
      const markup = document.querySelector('[data-message="markup"]')!;
      expect(markup.querySelector('a')).toBeNull();
      expect(within(markup as HTMLElement).getByRole('deletion').textContent).toBe('removed: a');
      expect(within(markup as HTMLElement).getByRole('insertion').textContent).toBe('added: b');
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
