/** PromptDiff with the shipped stylesheet: what changed, in words, and line diffs a screen reader reads out. */
import { cleanup, render, screen, within } from '@testing-library/react';
import { germanCatalog, type Prompt, PromptDiff } from 'prompt-composer-react';
import { FIXTURE_IDS } from 'prompt-composer-react/mocks';
import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import '../../../src/styles.css';
import { expectAccessibleAndFitting, LOOKS, promptAt, resetViewport, shownText, sideText, Themed, touchingChanges } from './diff-fixtures.tsx';

const { accountReview, releaseNotes } = FIXTURE_IDS.prompts;

afterEach(async () => {
  cleanup();
  await resetViewport();
});

const row = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling as HTMLElement;
const message = (kind: 'system' | 'user') => document.querySelector<HTMLElement>(`[data-message="${kind}"]`);
/** Each field of a field-by-field row as "path badge values", the hidden labels read out. */
const fields = (term: string) => [...row(term).querySelectorAll('.pcr-fields__field')].map((field) => field.textContent);
/** The rows of a line diff as `change: sign text`, as a reader sees them (the older side, else the newer). */
const lines = (diff: Element) =>
  [...diff.querySelectorAll('.pcr-lines__row')].map((line) => {
    const shown = line.querySelector('.pcr-line:not([data-empty])') as Element;
    return `${line.getAttribute('data-change')}: ${shown.querySelector('.pcr-line__sign')?.textContent ?? ''} ${shownText(shown)}`;
  });

describe('PromptDiff', () => {
  describe('given a version that changes settings, schema, input data, messages and variables', () => {
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
      expect(row('Temperature').textContent).toBe('removed: 0.5  added: 0.2');
      expect(row('Input data root').textContent).toBe('removed: account  added: customer');
      expect(row('Variables').textContent).toBe(
        'Adds ${customer.name}, ${plan}, ${customer.lastLogin} and ${customer.openTickets}; removes ${account.name}, ${tier} and ${account.lastLogin}.',
      );
    });

    it('shows the schema and the input data field by field, saying what changed in each', () => {
      render(<PromptDiff before={promptAt(accountReview, '1.0.0')} after={promptAt(accountReview, '2.0.0')} />);
      expect(fields('Schema fields')).toEqual([
        'risk.enumChangedremoved: ["low","high"]  added: ["low","medium","high"]',
        'nextStepAddedadded: {"type":"string","maxLength":200,"required":true}',
        'scoreRemovedremoved: {"type":"number","minimum":0,"maximum":100,"required":false}',
      ]);
      expect(fields('Input data')).toEqual([
        'customer.nameAddedadded: "Analytical Engines Ltd"',
        'customer.lastLoginAddedadded: "2026-10-02"',
        'customer.openTicketsAddedadded: 2',
        'planAddedadded: "Pro"',
        'account.nameRemovedremoved: "Analytical Engines Ltd"',
        'account.lastLoginRemovedremoved: "2026-10-02"',
        'tierRemovedremoved: "Pro"',
      ]);
      // Each field's path is code, and its badge says in words how it changed.
      const field = row('Schema fields').querySelector('[data-change="added"]')!;
      expect(field.querySelector('code')?.textContent).toBe('nextStep');
      expect(field.querySelector('.pcr-diff__badge')?.textContent).toBe('Added');
    });

    it('shows each message as a line diff: the older line removed, its replacement added, the changed words marked', () => {
      const before = promptAt(accountReview, '1.0.0');
      const after = promptAt(accountReview, '2.0.0');
      render(<PromptDiff before={before} after={after} />);
      const user = message('user')!;
      expect(sideText(user, 'before')).toBe(before.userMessage);
      expect(sideText(user, 'after')).toBe(after.userMessage);
      expect(sideText(message('system')!, 'before')).toBe(before.systemMessage);
      expect(sideText(message('system')!, 'after')).toBe(after.systemMessage);
      // One line replaced by another: a deletion with its gutter sign and label, then an insertion.
      expect(within(user).getByRole('deletion').textContent).toMatch(/^1−removed: Review the account of/);
      expect(within(user).getByRole('insertion').textContent).toMatch(/^1\+added: Review the account of/);
      const marked = (element: Element) => [...element.querySelectorAll('mark')].map((mark) => mark.textContent);
      expect(marked(within(user).getByRole('deletion'))).toEqual(['account', 'tier', 'tier', 'account']);
      expect(marked(within(user).getByRole('insertion'))).toEqual(['customer', 'plan', 'plan', 'customer', ' Open support tickets: ${customer.openTickets}.']);
      expect(marked(within(message('system')!).getByRole('insertion'))[0]).toBe(' in the next 90 days');
    });

    it('marks changes by more than colour: a sign in the gutter, line numbers, changed words by their background only, labels hidden from sight only', () => {
      render(<PromptDiff before={promptAt(accountReview, '1.0.0')} after={promptAt(accountReview, '2.0.0')} />);
      const deleted = message('user')!.querySelector('del')!;
      const inserted = message('user')!.querySelector('ins')!;
      expect(deleted.querySelector('.pcr-line__sign')?.textContent).toBe('−');
      expect(inserted.querySelector('.pcr-line__sign')?.textContent).toBe('+');
      expect(deleted.querySelector('.pcr-line__sign')!.getBoundingClientRect().width).toBeGreaterThan(4);
      // As GitHub marks them: a background, no strike-through or underline (the line's sign says which side it is).
      expect(getComputedStyle(deleted.querySelector('mark')!).textDecorationLine).toBe('none');
      expect(getComputedStyle(inserted.querySelector('mark')!).textDecorationLine).toBe('none');
      expect(getComputedStyle(deleted.querySelector('mark')!).backgroundColor).not.toBe(getComputedStyle(deleted).backgroundColor);
      // A changed setting: the old value, an arrow pointing to the new one.
      expect(getComputedStyle(within(row('Model')).getByRole('deletion')).textDecorationLine).toBe('none');
      expect(row('Model').querySelector('.pcr-diff__arrow[data-icon="arrow"]')).not.toBeNull();
      // Each line's number in its version, seen but not read out.
      expect([...deleted.querySelectorAll('.pcr-line__number')].map((number) => number.textContent)).toEqual(['1', '']);
      expect([...inserted.querySelectorAll('.pcr-line__number')].map((number) => number.textContent)).toEqual(['', '1']);
      expect(deleted.querySelector('.pcr-line__number')?.getAttribute('aria-hidden')).toBe('true');
      const label = inserted.querySelector('.pcr-diff__label')!;
      expect(label.textContent).toBe('added: ');
      expect(label.getBoundingClientRect().width).toBeLessThanOrEqual(1);
      // Clipped out of sight, yet in the accessibility tree (not display: none, not visibility: hidden).
      expect(getComputedStyle(label).display).not.toBe('none');
      expect(label.checkVisibility()).toBe(true);
    });

    it.each(LOOKS)('has no axe violation and fits the screen in the $theme theme at $width px', async ({ theme, width }) => {
      await page.viewport(width, 800);
      render(
        <Themed theme={theme}>
          <PromptDiff before={promptAt(accountReview, '1.0.0')} after={promptAt(accountReview, '2.0.0')} />
          <PromptDiff before={promptAt(releaseNotes, '1.0.0')} after={promptAt(releaseNotes, '1.1.0')} layout="unified" />
        </Themed>,
      );
      await expectAccessibleAndFitting();
    });
  });

  describe('given a message whose one word changed (a rollback from 2.0.0 to 1.0.0)', () => {
    const base = promptAt(accountReview, '2.1.0');
    const before: Prompt = { ...base, userMessage: 'Summarize version 2.0.0 for ${team}.\nKeep it short.' };
    const after: Prompt = { ...base, version: '2.2.0', userMessage: 'Summarize version 1.0.0 for ${team}.\nKeep it short.' };

    it.each(['split', 'unified'] as const)('never runs the deletion and the insertion together (%s, 1280 and 360 px, left to right and right to left)', async (layout) => {
      for (const dir of ['ltr', 'rtl'] as const) {
        for (const width of [1280, 360]) {
          await page.viewport(width, 800);
          const view = render(
            <div dir={dir}>
              <PromptDiff before={before} after={after} layout={layout} />
            </div>,
          );
          // "21.0.0" is impossible: the removed 2 and the added 1 are on lines of their own, or columns apart.
          expect(touchingChanges(document.body)).toEqual([]);
          expect(document.querySelector('del mark')?.textContent).toBe('2');
          expect(document.querySelector('ins mark')?.textContent).toBe('1');
          view.unmount();
        }
      }
    });

    it('puts the older line beside the newer one in the split layout where there is room, one above the other on a phone', async () => {
      render(<PromptDiff before={before} after={after} />);
      const box = (selector: string) => document.querySelector(selector)!.getBoundingClientRect();
      await page.viewport(1280, 800);
      expect(box('[data-message="user"] del').right).toBeLessThanOrEqual(box('[data-message="user"] ins').left + 1);
      expect(Math.abs(box('[data-message="user"] del').top - box('[data-message="user"] ins').top)).toBeLessThan(1);
      // The kept line shows on both sides, read once: its copy on the newer side is hidden from screen readers.
      expect(document.querySelectorAll('[data-message="user"] [data-change="same"] > .pcr-line[aria-hidden="true"]')).toHaveLength(1);
      await page.viewport(360, 800);
      expect(box('[data-message="user"] del').bottom).toBeLessThanOrEqual(box('[data-message="user"] ins').top + 1);
      expect(lines(message('user')!)).toEqual(['changed: − Summarize version 2.0.0 for ${team}.', 'same:  Keep it short.']);
    });

    it('lays the lines out one above the other with layout="unified", even where there is room; right to left the gutter is on the right', async () => {
      await page.viewport(1280, 800);
      render(
        <div dir="rtl">
          <PromptDiff before={before} after={after} layout="unified" />
        </div>,
      );
      const deletion = document.querySelector('[data-message="user"] del')!;
      const insertion = document.querySelector('[data-message="user"] ins')!;
      expect(deletion.getBoundingClientRect().bottom).toBeLessThanOrEqual(insertion.getBoundingClientRect().top + 1);
      expect(deletion.querySelector('.pcr-line__sign')!.getBoundingClientRect().left).toBeGreaterThan(deletion.querySelector('.pcr-line__text')!.getBoundingClientRect().right - 1);
      // One column: the kept line's copy for the newer side is not shown.
      expect([...document.querySelectorAll('[data-message="user"] .pcr-line')].filter((line) => line.checkVisibility())).toHaveLength(3);
    });
  });

  describe('given a long message changed in one line', () => {
    const lines = Array.from({ length: 21 }, (_, index) => `Step ${index + 1}: do what step ${index + 1} says.`);
    const before: Prompt = { ...promptAt(accountReview, '2.1.0'), userMessage: lines.join('\n') };
    const after: Prompt = { ...before, version: '2.2.0', userMessage: lines.map((line, index) => (index === 10 ? 'Step 11: skip it.' : line)).join('\n') };

    it('keeps 3 shared lines around the change in sight and folds the others into summaries that open, with hunk headers', async () => {
      render(<PromptDiff before={before} after={after} />);
      const user = message('user')!;
      const summaries = within(user).getAllByText('7 unchanged lines');
      expect(summaries).toHaveLength(2);
      // The first fold carries the hunk header of the lines after it, as unified diffs write one; the last has none.
      expect([...user.querySelectorAll('.pcr-lines__hunk')].map((hunk) => hunk.textContent)).toEqual(['@@ -8,7 +8,7 @@']);
      expect(user.querySelector('.pcr-lines__hunk')?.getAttribute('aria-hidden')).toBe('true');
      const shown = () => [...user.querySelectorAll('.pcr-lines__row')].filter((row) => row.checkVisibility()).length;
      expect(shown()).toBe(7);
      // Folded lines are still the diff's: both versions rebuild whole.
      expect(sideText(user, 'before')).toBe(before.userMessage);
      expect(sideText(user, 'after')).toBe(after.userMessage);
      summaries[0]!.click();
      await expect.poll(shown).toBe(14);
      await expectAccessibleAndFitting();
    });
  });

  describe('given a version that changes the temperature only', () => {
    it('writes the temperatures as the catalog\'s language writes numbers', () => {
      render(<PromptDiff before={promptAt(accountReview, '2.0.0')} after={promptAt(accountReview, '2.1.0')} catalog={germanCatalog} />);
      expect(row('Temperatur').textContent).toBe('entfernt: 0,2  hinzugefügt: 0,3');
    });

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
      expect(sideText(user, 'after')).toBe(after.userMessage);
      expect((window as { __diffXss?: number }).__diffXss).toBeUndefined();
    });
  });

  describe('given prompt segments of a composer', () => {
    it('compares what segments carry (model and temperature) and skips the settings they lack', () => {
      const segment = { type: 'prompt' as const, promptId: 'p', promptName: 'Segment', version: '1.0.0', systemMessage: 'S', userMessage: 'Hi ${a}', config: { model: 'm', temperature: 1 } };
      render(<PromptDiff before={segment} after={{ ...segment, version: '1.1.0', promptName: 'Renamed', config: { model: 'm', temperature: 0.5 } }} />);
      expect(screen.getByText(/^Changes: /).textContent).toBe('Changes: name, temperature.');
      expect(row('Name').textContent).toBe('removed: Segment  added: Renamed');
      expect(screen.queryByText('Input data root')).toBeNull();
    });
  });
});
