/** The mock database's clock: real time until set, then fixed (it moves only by `set` and `advance`). */
export interface MockClock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Fixes the clock at a time (milliseconds, a `Date`, or an ISO string). */
  set(time: number | Date | string): void;
  /** Moves the clock forward by `ms` (from real time, when it was not fixed yet, and fixes it there). */
  advance(ms: number): void;
  /** Whether the clock follows real time. */
  readonly isReal: boolean;
}

function toMs(time: number | Date | string): number {
  const ms = typeof time === 'number' ? time : new Date(time).getTime();
  if (!Number.isFinite(ms)) throw new TypeError(`Invalid mock clock time: ${String(time)}`);
  return ms;
}

/**
 * Creates a clock.
 * @param start A fixed start time; without it the clock follows `Date.now()`. @default undefined
 */
export function createMockClock(start?: number | Date | string): MockClock {
  let fixed: number | null = start === undefined ? null : toMs(start);
  return {
    now: () => fixed ?? Date.now(),
    set(time) {
      fixed = toMs(time);
    },
    advance(ms) {
      fixed = (fixed ?? Date.now()) + ms;
    },
    get isReal() {
      return fixed === null;
    },
  };
}

/** The usage period (calendar month, UTC) of a time, such as `2026-11`. */
export function periodOf(ms: number): string {
  const date = new Date(ms);
  return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** 00:00 UTC on the first day of the month after `ms`, in milliseconds: when the quota resets. */
export function nextMonthStart(ms: number): number {
  const date = new Date(ms);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1);
}
