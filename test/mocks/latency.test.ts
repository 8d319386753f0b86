import { createMockDb, createPromptApiHandlers, createSeededRandom, DEFAULT_BASE_URL, FIXTURE_KEYS, resolveLatency, TYPICAL_LATENCY } from 'prompt-composer-react/mocks';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server } from '../msw-server.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('latency', () => {
  it('a number is constant; 0 is the default', () => {
    expect(resolveLatency(0)()).toBe(0);
    expect(resolveLatency(25)()).toBe(25);
  });

  it('a range draws uniformly within [min, max], deterministically with a seeded random', () => {
    const draw = resolveLatency(TYPICAL_LATENCY, createSeededRandom(7));
    const values = Array.from({ length: 200 }, draw);
    expect(Math.min(...values)).toBeGreaterThanOrEqual(50);
    expect(Math.max(...values)).toBeLessThanOrEqual(80);
    expect(new Set(values).size).toBeGreaterThan(10);
    const again = resolveLatency(TYPICAL_LATENCY, createSeededRandom(7));
    expect(Array.from({ length: 200 }, again)).toEqual(values);
  });

  it('rejects negative numbers and inverted ranges', () => {
    expect(() => resolveLatency(-1)).toThrow(RangeError);
    expect(() => resolveLatency([80, 50])).toThrow(RangeError);
  });

  it('the handlers ask for one delay per request', async () => {
    const latency = vi.fn(() => 0);
    server.use(...createPromptApiHandlers({ db: createMockDb(), latency }));
    for (const path of ['/prompts', '/composers', '/prompts/nope']) {
      await fetch(`${DEFAULT_BASE_URL}${path}`, { headers: { Authorization: `Bearer ${FIXTURE_KEYS.free}` } });
    }
    expect(latency).toHaveBeenCalledTimes(3);
  });

  it('the response waits for the delay (fake timers, no wall clock)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    server.use(...createPromptApiHandlers({ db: createMockDb(), latency: 5_000 }));
    let settled = false;
    const pending = fetch(`${DEFAULT_BASE_URL}/prompts`, { headers: { Authorization: `Bearer ${FIXTURE_KEYS.free}` } }).then((response) => {
      settled = true;
      return response.status;
    });
    await vi.advanceTimersByTimeAsync(4_999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toBe(200);
  });
});
