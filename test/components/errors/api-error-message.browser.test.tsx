import { cleanup, render, screen, within } from '@testing-library/react';
import { ApiErrorMessage, parseRateLimit, PromptApiError } from 'prompt-composer-react';
import { afterEach, describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { axeViolations, Page } from '../presentational-fixtures.tsx';

afterEach(cleanup);

/** A 429 from the service, with `upgradeUrl` in its body. */
const quotaError = (upgradeUrl?: string) =>
  new PromptApiError({
    method: 'GET',
    path: '/prompts/welcome-email',
    status: 429,
    code: 'USAGE_LIMIT_EXCEEDED',
    detail: 'Usage limit exceeded',
    usage: { used: 5_000, limit: 5_000 },
    upgradeUrl,
  });

const UNSAFE_URLS = ['javascript:alert(document.domain)', '\tjavascript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'vbscript:msgbox(1)'];

/** A 404 for `path`, as the client reports it. */
const notFound = (path: string) => new PromptApiError({ method: 'GET', path, status: 404, code: 'NOT_FOUND', detail: 'Prompt not found' });

describe('ApiErrorMessage', () => {
  describe('given an id that does not exist', () => {
    it('names the id, decoded, as code', async () => {
      render(<ApiErrorMessage error={notFound('/prompts/caf%C3%A9-notes?version=1.0.0')} />, { wrapper: Page });
      const alert = screen.getByRole('alert', { name: 'Prompt not found' });
      expect(alert.querySelector('.pcr-api-error__detail')?.textContent).toBe('The prompt café-notes does not exist or is not published.');
      expect(screen.getByText('café-notes').tagName).toBe('CODE');
      expect(await axeViolations(document.body)).toEqual([]);
    });

    it('says it without the id when the path names none', () => {
      render(<ApiErrorMessage error={notFound('/prompts')} />);
      expect(screen.getByRole('alert').querySelector('.pcr-api-error__detail')?.textContent).toBe('This prompt does not exist or is not published.');
    });

    it('says it without the id when the path cannot be decoded', () => {
      render(<ApiErrorMessage error={notFound('/composers/%E0%A4%A')} />);
      expect(screen.getByRole('alert').querySelector('.pcr-api-error__detail')?.textContent).toBe('This composer does not exist or is not published.');
    });
  });

  describe('as a callout', () => {
    const serverError = new PromptApiError({ method: 'GET', path: '/prompts/welcome-email', status: 500, code: 'INTERNAL_ERROR', detail: 'boom' });

    it('shows an icon hidden from assistive technology, the words, and Retry as its one action', async () => {
      render(<ApiErrorMessage error={serverError} onRetry={() => undefined} />, { wrapper: Page });
      const alert = screen.getByRole('alert', { name: 'Server error' });
      expect(alert.querySelector('svg.pcr-callout__icon')?.getAttribute('aria-hidden')).toBe('true');
      expect(within(alert).getAllByRole('button').map((button) => button.textContent)).toEqual(['Retry']);
      expect(within(alert).queryByRole('link')).toBeNull();
      expect(await axeViolations(document.body)).toEqual([]);
    });

    it('gives a used-up quota the upgrade link as its one action, styled as a button, and no Retry', () => {
      render(<ApiErrorMessage error={quotaError('/billing')} onRetry={() => undefined} />);
      const link = screen.getByRole('link', { name: 'Upgrade your plan' });
      expect(link.classList).toContain('pcr-button');
      expect(screen.queryByRole('button')).toBeNull();
    });

    it('keeps the technical message under Details, closed until asked', async () => {
      render(<ApiErrorMessage error={serverError} />);
      const message = screen.getByText(serverError.message);
      expect(message).not.toBeVisible();
      await userEvent.click(screen.getByText('Details'));
      expect(message).toBeVisible();
    });
  });

  describe('given a quota error with an upgrade link that is not http(s) or relative', () => {
    it.each(UNSAFE_URLS)('drops the link from the body (%s), and keeps the message', async (url) => {
      render(<ApiErrorMessage error={quotaError(url)} />, { wrapper: Page });
      const alert = screen.getByRole('alert');
      expect(alert.textContent).toContain('Monthly quota used up');
      expect(alert.textContent).toContain("This month's request quota is used up (5,000 of 5,000 requests).");
      expect(screen.queryByRole('link')).toBeNull();
      expect(alert.querySelector('[href]')).toBeNull();
      expect(await axeViolations(document.body)).toEqual([]);
    });

    it.each(UNSAFE_URLS)('drops the link from the props (%s)', (url) => {
      render(<ApiErrorMessage error={quotaError()} upgradeUrl={url} />);
      expect(screen.getByRole('alert').textContent).toContain('Monthly quota used up');
      expect(screen.queryByRole('link')).toBeNull();
    });

    it('falls back to a safe link from the props', () => {
      render(<ApiErrorMessage error={quotaError('javascript:alert(1)')} upgradeUrl="/billing" />);
      expect(screen.getByRole('link', { name: 'Upgrade your plan' }).getAttribute('href')).toBe('/billing');
    });
  });

  describe('given a safe upgrade link', () => {
    it.each(['https://example.com/upgrade', 'http://example.com/upgrade', '/billing', 'billing?plan=pro', '#plans'])('keeps %s', (url) => {
      render(<ApiErrorMessage error={quotaError(url)} />);
      expect(screen.getByRole('link', { name: 'Upgrade your plan' }).getAttribute('href')).toBe(url);
    });
  });

  describe('given an X-RateLimit-Reset beyond the last date JavaScript can hold', () => {
    // Valid for the header parser (an integer of at most 16 digits), but no Date: formatting it throws RangeError.
    const rateLimit = parseRateLimit(new Headers({ 'X-RateLimit-Limit': '5000', 'X-RateLimit-Remaining': '0', 'X-RateLimit-Reset': '9999999999999999' }))!;
    const error = (status: number, code: string) =>
      new PromptApiError({ method: 'GET', path: '/prompts/welcome-email', status, code, detail: code, rateLimit, usage: { used: 5_000, limit: 5_000 } });

    it.each([
      [404, 'NOT_FOUND', 'The prompt welcome-email does not exist or is not published.'],
      [429, 'USAGE_LIMIT_EXCEEDED', 'It resets at the start of the next period.'],
      [500, 'INTERNAL_ERROR', 'The service failed to answer.'],
    ])('renders a %i %s without the date', (status, code, text) => {
      render(<ApiErrorMessage error={error(status, code)} locale="en-GB" timeZone="UTC" />);
      expect(screen.getByRole('alert').textContent).toContain(text);
    });

    it('falls back to a resetAt that is a date', () => {
      render(<ApiErrorMessage error={error(429, 'USAGE_LIMIT_EXCEEDED')} resetAt={new Date(Date.UTC(2026, 11, 1))} locale="en-GB" timeZone="UTC" />);
      expect(screen.getByRole('alert').textContent).toContain('It resets on 1 December 2026 at 00:00 UTC.');
    });

    it('ignores a resetAt that is an Invalid Date', () => {
      render(<ApiErrorMessage error={quotaError()} resetAt={new Date(Number.NaN)} />);
      expect(screen.getByRole('alert').textContent).toContain('It resets at the start of the next period.');
    });
  });
});
