import { cleanup, render, screen, within } from '@testing-library/react';
import { germanCatalog, interpolate, PromptCard } from 'prompt-composer-react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { axeViolations, Page, prompt, promptSegment, settle } from '../presentational-fixtures.tsx';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const userMessage = (card: HTMLElement) => card.querySelector<HTMLElement>('[data-message="user"]')!;
const systemMessage = (card: HTMLElement) => card.querySelector<HTMLElement>('[data-message="system"]')!;

describe('PromptCard', () => {
  describe('given a prompt and every value', () => {
    const values = { brand: 'Acme', customer: { name: 'Ada' }, product: 'Rockets' };

    it('shows name, version, model, temperature and both interpolated messages', async () => {
      render(<PromptCard prompt={prompt} values={values} />, { wrapper: Page });
      const card = screen.getByRole('article', { name: 'Welcome email' });
      expect(within(card).getByRole('heading', { level: 3, name: 'Welcome email' })).toBeTruthy();
      expect(card.querySelector('.pcr-prompt-card__meta')?.textContent).toBe('Version1.2.0Modelgpt-4o-miniTemperature0.7');
      // Values from the service read in their own direction.
      expect([...card.querySelectorAll('.pcr-prompt-card__meta dd')].map((value) => value.getAttribute('dir'))).toEqual(['auto', 'auto', null]);
      expect(userMessage(card).getAttribute('dir')).toBe('auto');
      expect(systemMessage(card).textContent).toBe('You write for Acme.');
      expect(userMessage(card).textContent).toBe(interpolate(prompt.userMessage, values));
      expect(card.dataset.state).toBe('complete');
      expect(card.querySelector('[data-state="missing"]')).toBeNull();
      expect([...userMessage(card).querySelectorAll('mark[data-state="filled"]')].map((mark) => mark.textContent)).toEqual(['Ada', 'Rockets']);
      expect(await axeViolations(document.body)).toEqual([]);
    });
  });

  describe('given a catalog of another language', () => {
    it('writes the temperature as that language writes numbers', () => {
      render(<PromptCard prompt={prompt} catalog={germanCatalog} />, { wrapper: Page });
      expect(screen.getByText('Temperatur').nextElementSibling?.textContent).toBe('0,7');
    });
  });

  describe('given some values missing', () => {
    it('keeps the raw placeholders, flags them and counts them outside the message', async () => {
      render(<PromptCard prompt={prompt} values={{ customer: { name: 'Ada' } }} />, { wrapper: Page });
      const card = screen.getByRole('article', { name: 'Welcome email' });
      expect(userMessage(card).textContent).toBe('Write a welcome email to Ada about ${product}.');
      const missing = [...card.querySelectorAll('mark[data-state="missing"]')].map((mark) => mark.textContent);
      expect(missing).toEqual(['${brand}', '${product}']);
      expect(card.dataset.state).toBe('missing');
      expect(within(card).getByText('2 variables to fill in: brand, product')).toBeTruthy();
      expect(await axeViolations(document.body)).toEqual([]);
    });

    it('flags them quietly before anyone has acted', () => {
      render(<PromptCard prompt={prompt} values={{ customer: { name: 'Ada' } }} />, { wrapper: Page });
      expect(screen.getByRole('article').dataset.missing).toBe('quiet');
    });

    it('flags them as needing attention when the app asks (flagMissing)', () => {
      render(<PromptCard prompt={prompt} values={{ customer: { name: 'Ada' } }} flagMissing />, { wrapper: Page });
      expect(screen.getByRole('article').dataset.missing).toBe('alert');
    });
  });

  describe('given no values at all', () => {
    it('shows every placeholder as missing', () => {
      render(<PromptCard prompt={prompt} />, { wrapper: Page });
      const card = screen.getByRole('article');
      expect(userMessage(card).textContent).toBe(prompt.userMessage);
      expect(within(card).getByText('3 variables to fill in: brand, customer.name, product')).toBeTruthy();
    });
  });

  describe('given a prompt without variables', () => {
    it('renders plain text, no marks and no missing note', async () => {
      const plain = { ...prompt, systemMessage: '', userMessage: 'Say hello.' };
      render(<PromptCard prompt={plain} />, { wrapper: Page });
      const card = screen.getByRole('article');
      expect(userMessage(card).textContent).toBe('Say hello.');
      expect(card.querySelectorAll('mark')).toHaveLength(0);
      expect(card.querySelector('.pcr-prompt-card__missing')).toBeNull();
      expect(await axeViolations(document.body)).toEqual([]);
    });
  });

  describe('given a composer prompt segment', () => {
    it('reads the same fields and honours headingLevel', async () => {
      render(<PromptCard prompt={promptSegment} values={{ topic: 'AI' }} headingLevel={4} />, { wrapper: Page });
      const card = screen.getByRole('article', { name: 'Summary' });
      expect(within(card).getByRole('heading', { level: 4 })).toBeTruthy();
      expect(card.textContent).toContain('claude-sonnet');
      expect(userMessage(card).textContent).toBe('Summarise AI for ${audience}.');
      expect(await axeViolations(document.body)).toEqual([]);
    });
  });

  describe('given hostile values', () => {
    const hostile = {
      'HTML': '<img src=x onerror="window.__hostile=1"><b>bold</b>',
      'a script': '<script>window.__hostile=1</script>',
      'a placeholder': '${product}',
      'nested placeholders': '${${customer.name}}',
      'an entity': '&lt;b&gt;&amp;',
    };
    for (const [label, value] of Object.entries(hostile)) {
      it(`shows ${label} as text`, async () => {
        const values = { brand: value, customer: { name: value }, product: value };
        render(<PromptCard prompt={prompt} values={values} />, { wrapper: Page });
        const card = screen.getByRole('article');
        expect(userMessage(card).textContent).toBe(`Write a welcome email to ${value} about ${value}.`);
        expect(userMessage(card).querySelectorAll('*:not(mark)')).toHaveLength(0);
        expect(card.querySelectorAll('img, script, b')).toHaveLength(0);
        await settle();
        expect((window as { __hostile?: unknown }).__hostile).toBeUndefined();
      });
    }

    it('does not read __proto__ or constructor from the prototype chain', () => {
      const template = { ...prompt, userMessage: '${__proto__} ${constructor} ${toString} ${__proto__.polluted}' };
      render(<PromptCard prompt={template} values={JSON.parse('{"__proto__": {"polluted": "yes"}}')} />, { wrapper: Page });
      const card = screen.getByRole('article');
      const text = userMessage(card).textContent ?? '';
      expect(text).toBe(interpolate(template.userMessage, JSON.parse('{"__proto__": {"polluted": "yes"}}')));
      expect(text).toContain('${constructor} ${toString}');
      expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
    });
  });

  describe('when the copy button is used with the keyboard', () => {
    it('copies the interpolated user message and says "Copied"', async () => {
      const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
      render(<PromptCard prompt={prompt} values={{ brand: 'Acme', customer: { name: 'Ada' }, product: 'Rockets' }} />, { wrapper: Page });
      const button = screen.getByRole('button', { name: 'Copy user message, Welcome email' });
      await userEvent.tab();
      expect(document.activeElement).toBe(button);
      await userEvent.keyboard('{Enter}');
      await vi.waitFor(() => expect(screen.getByRole('status').textContent).toBe('Copied'));
      expect(writeText).toHaveBeenCalledExactlyOnceWith('Write a welcome email to Ada about Rockets.');
      expect(await axeViolations(document.body)).toEqual([]);
    });
  });

  describe('when a message with unfilled placeholders is copied', () => {
    it('copies it as it is, says which placeholders it holds (to screen readers), and flags them from then on, in one red note', async () => {
      const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
      render(<PromptCard prompt={prompt} values={{ customer: { name: 'Ada' } }} />, { wrapper: Page });
      const card = screen.getByRole('article');
      expect(card.dataset.missing).toBe('quiet');
      await userEvent.click(screen.getByRole('button', { name: 'Copy user message, Welcome email' }));
      // Only the user message is copied, so only its placeholders count (not the system message's ${brand}).
      const status = screen.getByRole('status');
      await vi.waitFor(() => expect(status.querySelector('.pcr-visually-hidden')?.textContent).toBe('Copied with 1 unfilled placeholder: ${product}'));
      // The eye sees "Copied" in the copy's own colour; the card's note, now red, is the one that names them.
      expect(status.querySelector('[aria-hidden="true"]')?.textContent).toBe('Copied');
      expect(card.querySelector('.pcr-prompt-card__missing')?.textContent).toBe('2 variables to fill in: brand, product');
      expect(writeText).toHaveBeenCalledExactlyOnceWith('Write a welcome email to Ada about ${product}.');
      expect(card.dataset.missing).toBe('alert');
      expect(await axeViolations(document.body)).toEqual([]);
    });
  });

  describe('when the clipboard refuses', () => {
    it('reports the failure in the status region', async () => {
      vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('Denied', 'NotAllowedError'));
      render(<PromptCard prompt={prompt} />, { wrapper: Page });
      await userEvent.click(screen.getByRole('button', { name: 'Copy user message, Welcome email' }));
      await vi.waitFor(() => expect(screen.getByRole('status').textContent).toMatch(/Could not copy/));
      expect(screen.getByRole('status').closest('[data-state]')?.getAttribute('data-state')).toBe('failed');
      expect(await axeViolations(document.body)).toEqual([]);
    });
  });

  describe('given copy={false}', () => {
    it('renders no button', () => {
      render(<PromptCard prompt={prompt} copy={false} />, { wrapper: Page });
      expect(screen.queryByRole('button')).toBeNull();
    });
  });
});
