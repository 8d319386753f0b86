import { parseRateLimit } from 'prompt-composer-react';
import { describe, expect, it } from 'vitest';

describe('parseRateLimit', () => {
  it('reads the three headers, case-insensitively', () => {
    const headers = new Headers({ 'x-ratelimit-limit': '50000', 'X-RATELIMIT-REMAINING': '49999', 'X-RateLimit-Reset': '1798761600' });
    expect(parseRateLimit(headers)).toEqual({ limit: 50000, remaining: 49999, reset: 1798761600 });
  });

  it.each([
    ['missing one', { 'X-RateLimit-Limit': '10', 'X-RateLimit-Remaining': '1' }],
    ['a decimal', { 'X-RateLimit-Limit': '10.5', 'X-RateLimit-Remaining': '1', 'X-RateLimit-Reset': '1' }],
    ['empty', { 'X-RateLimit-Limit': '', 'X-RateLimit-Remaining': '1', 'X-RateLimit-Reset': '1' }],
    ['hex', { 'X-RateLimit-Limit': '0x10', 'X-RateLimit-Remaining': '1', 'X-RateLimit-Reset': '1' }],
    ['remaining above limit', { 'X-RateLimit-Limit': '1', 'X-RateLimit-Remaining': '2', 'X-RateLimit-Reset': '1' }],
  ])('returns null when %s', (_, init) => {
    expect(parseRateLimit(new Headers(init))).toBeNull();
  });
});
