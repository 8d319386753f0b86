import { type UsageSnapshot, usageLevel } from 'prompt-composer-react';
// The banner's dismissal rules are internal: tested here by their module.
import { isDismissed, parseUsageDismissal, visibleUsageLevel } from '../../../src/components/usage/usage-level.ts';
import { describe, expect, it } from 'vitest';

const reset = new Date(Date.UTC(2026, 11, 1));
const snapshot = (used: number, extra: Partial<UsageSnapshot> = {}): UsageSnapshot => ({
  limit: 1_000,
  used,
  remaining: 1_000 - used,
  reset,
  exceeded: used >= 1_000,
  upgradeUrl: null,
  ...extra,
});

describe('usageLevel (the banner decision, framework-free)', () => {
  describe('given the default thresholds (0.8 and 0.95)', () => {
    it.each([
      [0, 'none'],
      [799, 'none'],
      [800, 'warning'],
      [949, 'warning'],
      [950, 'critical'],
      [999, 'critical'],
      [1_000, 'exceeded'],
    ] as const)('at %i of 1,000 used is %s', (used, level) => {
      expect(usageLevel(snapshot(used))).toBe(level);
    });
  });

  it('is none without a snapshot, and exceeded after a 429 whatever the count', () => {
    expect(usageLevel(null)).toBe('none');
    expect(usageLevel(snapshot(10, { exceeded: true }))).toBe('exceeded');
  });

  it('follows custom thresholds', () => {
    expect(usageLevel(snapshot(499), { warningAt: 0.5, criticalAt: 0.7 })).toBe('none');
    expect(usageLevel(snapshot(500), { warningAt: 0.5, criticalAt: 0.7 })).toBe('warning');
    expect(usageLevel(snapshot(700), { warningAt: 0.5, criticalAt: 0.7 })).toBe('critical');
  });

  describe('given a dismissal', () => {
    const dismissal = { level: 'warning', reset: reset.getTime() } as const;
    it('hides the same level in the same period', () => {
      expect(visibleUsageLevel(snapshot(900), {}, dismissal)).toBe('none');
      expect(isDismissed('warning', snapshot(900), dismissal)).toBe(true);
    });
    it('shows a higher level', () => {
      expect(visibleUsageLevel(snapshot(960), {}, dismissal)).toBe('critical');
      expect(visibleUsageLevel(snapshot(1_000), {}, dismissal)).toBe('exceeded');
    });
    it('never hides the exceeded level, even under a (forged) exceeded dismissal', () => {
      const forged = { level: 'exceeded', reset: reset.getTime() } as never;
      expect(isDismissed('exceeded', snapshot(1_000), forged)).toBe(false);
      expect(visibleUsageLevel(snapshot(1_000), {}, forged)).toBe('exceeded');
      expect(visibleUsageLevel(snapshot(1_000), {}, { level: 'critical', reset: reset.getTime() })).toBe('exceeded');
    });
    it('shows again in another period', () => {
      expect(visibleUsageLevel(snapshot(900, { reset: new Date(Date.UTC(2027, 0, 1)) }), {}, dismissal)).toBe('warning');
    });
  });

  it('reads stored dismissals back and ignores malformed ones', () => {
    expect(parseUsageDismissal('{"level":"critical","reset":1}')).toEqual({ level: 'critical', reset: 1 });
    for (const text of [null, '', '{', '"x"', '{"level":"none","reset":1}', '{"level":"exceeded","reset":1}', '{"level":"warning","reset":"1"}']) {
      expect(parseUsageDismissal(text)).toBeNull();
    }
  });
});
