import { cleanup, render, screen } from '@testing-library/react';
import { ApiErrorMessage, parseRateLimit, PromptApiError } from 'prompt-composer-react';
import { afterEach, describe, expect, it } from 'vitest';
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

describe('ApiErrorMessage', () => {
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
      [404, 'NOT_FOUND', 'This prompt does not exist or is not published.'],
      [429, 'USAGE_LIMIT_EXCEEDED', 'It resets at the start of the next period.'],
      [500, 'INTERNAL_ERROR', 'The service failed to answer.'],
    ])('renders a %i %s without the date', (status, code, text) => {
      render(<ApiErrorMessage error={error(status, code)} locale="en-GB" timeZone="UTC" />);
      expect(screen.getByRole('alert').textContent).toContain(text);
    });

    it('falls back to a resetAt that is a date', () => {
      render(<ApiErrorMessage error={error(429, 'USAGE_LIMIT_EXCEEDED')} resetAt={new Date(Date.UTC(2026, 11, 1))} locale="en-GB" timeZone="UTC" />);
      expect(screen.getByRole('alert').textContent).toContain('It resets on 1 December 2026 at 00:00.');
    });

    it('ignores a resetAt that is an Invalid Date', () => {
      render(<ApiErrorMessage error={quotaError()} resetAt={new Date(Number.NaN)} />);
      expect(screen.getByRole('alert').textContent).toContain('It resets at the start of the next period.');
    });
  });
});
