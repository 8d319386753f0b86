/** PromptDiff with the shipped stylesheet: what changed, in words and in ins/del a screen reader announces. */
import { cleanup, render, screen, within } from '@testing-library/react';
import { type Prompt, PromptDiff } from 'prompt-composer-react';
import { FIXTURE_IDS } from 'prompt-composer-react/mocks';
import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import '../../../src/styles.css';
import { expectAccessibleAndFitting, LOOKS, promptAt, resetViewport, Themed } from './diff-fixtures.tsx';

const { accountReview, releaseNotes } = FIXTURE_IDS.prompts;

afterEach(async () => {
  cleanup();
  await resetViewport();
});

const row = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling as HTMLElement;
const message = (kind: 'system' | 'user') => document.querySelector<HTMLElement>(`[data-message="${kind}"]`);

/** A word diff read back as one version: kept text plus the removed (`before`) or added (`after`) runs, labels left out. */
function versionText(diff: Element, side: 'before' | 'after'): string {
  const skip = side === 'before' ? 'INS' : 'DEL';
  return [...diff.childNodes]
    .filter((node) => node.nodeName !== skip)
    .map((node) => (node.nodeType === Node.TEXT_NODE ? node.textContent : (node as Element).lastChild?.textContent))
    .join('');
}

describe('PromptDiff', () => {
  describe('given a version that changes settings, schema, messages and variables', () => {
    it('names every change in words, with the old value deleted and the new one inserted', () => {
      render(<PromptDiff before={promptAt(accountReview, '1.0.0')} after={promptAt(accountReview, '2.0.0')} />);
      const region = screen.getByRole('region', { name: 'Account review' });
      expect(region.dataset.state).toBe('changed');
      expect(within(region).getByText('From version 1.0.0 to 2.0.0')).toBeTruthy();
      expect(screen.getByText(/^Changes: /).textContent).toBe(
        'Changes: model, temperature, input data root, schema fields, input data, system message, user message, variables.',
      );
      expect(within(row('Model')).getByRole('deletion').textContent).toBe('removed: gpt-4.1-mini');
      expect(within(row('Model')).getByRole('insertion').textContent).toBe('added: claude-sonnet-4-5');
      expect(row('Temperature').textContent).toBe('removed: 0.5 → added: 0.2');
      expect(row('Input data root').textContent).toBe('removed: account → added: customer');
      expect(row('Schema fields').textContent).toBe('Adds nextStep; removes score; changes risk.');
      expect(row('Input data').textContent).toBe('Changed');
      expect(row('Variables').textContent).toBe(
        'Adds ${customer.name}, ${plan}, ${customer.lastLogin} and ${customer.openTickets}; removes ${account.name}, ${tier} and ${account.lastLogin}.',
      );
    });

    it('shows each message as a word diff whose kept, removed and added text rebuild both versions', () => {
      const before = promptAt(accountReview, '1.0.0');
      const after = promptAt(accountReview, '2.0.0');
      render(<PromptDiff before={before} after={after} />);
      const user = message('user')!;
      // Kept runs carry the newer version's spacing (jsdiff's diffWords): the older one matches up to whitespace.
      const withoutSpaces = (text: string) => text.replace(/\s+/g, '');
      expect(withoutSpaces(versionText(user, 'before'))).toEqual(withoutSpaces(before.userMessage));
      expect(versionText(user, 'after')).toBe(after.userMessage);
      expect(withoutSpaces(versionText(message('system')!, 'before'))).toEqual(withoutSpaces(before.systemMessage));
      expect(versionText(message('system')!, 'after')).toBe(after.systemMessage);
      expect(within(user).getAllByRole('insertion').map((element) => element.textContent)).toContain('added: plan');
      expect(within(user).getAllByRole('deletion').map((element) => element.textContent)).toContain('removed: tier');
      expect(within(message('system')!).getAllByRole('insertion')[0]?.textContent).toBe('added: in the next 90 days');
    });

    it('marks changes by more than colour: underlined or struck through, with labels hidden from sight only', () => {
      render(<PromptDiff before={promptAt(accountReview, '1.0.0')} after={promptAt(accountReview, '2.0.0')} />);
      const inserted = screen.getAllByRole('insertion')[0]!;
      const deleted = screen.getAllByRole('deletion')[0]!;
      expect(getComputedStyle(inserted).textDecorationLine).toBe('underline');
      expect(getComputedStyle(deleted).textDecorationLine).toBe('line-through');
      const label = inserted.querySelector('.pcr-diff__label')!;
      expect(label.getBoundingClientRect().width).toBeLessThanOrEqual(1);
      // Clipped out of sight, yet in the accessibility tree (not display: none, not visibility: hidden).
      expect(getComputedStyle(label).display).not.toBe('none');
      expect(getComputedStyle(label).visibility).toBe('visible');
      expect(label.checkVisibility()).toBe(true);
    });

    it.each(LOOKS)('has no axe violation and fits the screen in the $theme theme at $width px', async ({ theme, width }) => {
      await page.viewport(width, 800);
      render(
        <Themed theme={theme}>
          <PromptDiff before={promptAt(accountReview, '1.0.0')} after={promptAt(accountReview, '2.0.0')} />
          <PromptDiff before={promptAt(releaseNotes, '1.0.0')} after={promptAt(releaseNotes, '1.1.0')} />
        </Themed>,
      );
      await expectAccessibleAndFitting();
    });
  });

  describe('given a version that changes the temperature only', () => {
    it('says so and calls both messages unchanged', () => {
      render(<PromptDiff before={promptAt(accountReview, '2.0.0')} after={promptAt(accountReview, '2.1.0')} />);
      expect(screen.getByText('Changes: temperature.')).toBeTruthy();
      expect(screen.getAllByText('Unchanged')).toHaveLength(2);
      expect(screen.queryByText('Variables', { selector: 'dt' })).toBeNull();
    });
  });

  describe('given the same version twice', () => {
    it('says the versions are identical and marks nothing', async () => {
      const prompt = promptAt(accountReview, '2.1.0');
      render(<PromptDiff before={prompt} after={prompt} headingLevel={3} />);
      expect(screen.getByRole('heading', { level: 3, name: 'Account review' })).toBeTruthy();
      expect(screen.getByRole('region').dataset.state).toBe('same');
      expect(screen.getByText('Version 2.1.0')).toBeTruthy();
      expect(screen.getByText('No changes: the two versions are identical.')).toBeTruthy();
      expect(screen.queryAllByRole('insertion')).toEqual([]);
      expect(screen.queryAllByRole('deletion')).toEqual([]);
    });
  });

  describe('given messages that hold markup', () => {
    it('shows it as text, never as elements', () => {
      const before: Prompt = { ...promptAt(accountReview, '2.1.0'), userMessage: 'Hello <b>${name}</b>' };
      const after: Prompt = { ...before, userMessage: 'Hello <img src=x onerror="window.__diffXss=1"> ${name}<script>window.__diffXss=1</script>' };
      render(<PromptDiff before={before} after={after} />);
      const user = message('user')!;
      expect(user.querySelectorAll('b, img, script')).toHaveLength(0);
      expect(versionText(user, 'after')).toBe(after.userMessage);
      expect((window as { __diffXss?: number }).__diffXss).toBeUndefined();
    });
  });

  describe('given prompt segments of a composer', () => {
    it('compares what segments carry (model and temperature) and skips the settings they lack', () => {
      const segment = { type: 'prompt' as const, promptId: 'p', promptName: 'Segment', version: '1.0.0', systemMessage: 'S', userMessage: 'Hi ${a}', config: { model: 'm', temperature: 1 } };
      render(<PromptDiff before={segment} after={{ ...segment, version: '1.1.0', promptName: 'Renamed', config: { model: 'm', temperature: 0.5 } }} />);
      expect(screen.getByText(/^Changes: /).textContent).toBe('Changes: name, temperature.');
      expect(row('Name').textContent).toBe('removed: Segment → added: Renamed');
      expect(screen.queryByText('Input data root')).toBeNull();
    });
  });
});
