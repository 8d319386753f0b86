/**
 * Simulated response time: milliseconds, a `[min, max]` range (uniform), or a function called per request.
 * @default 0
 */
export type Latency = number | readonly [min: number, max: number] | (() => number);

/**
 * Turns a `Latency` into the function the handlers call once per request.
 * @param random Source of randomness for ranges (pass `createSeededRandom(seed)` in tests). @default Math.random
 * @example
 * const next = resolveLatency([50, 80], createSeededRandom(3))
 * next() // a number from 50 to 80
 */
export function resolveLatency(latency: Latency, random: () => number = Math.random): () => number {
  if (typeof latency === 'function') return () => Math.max(0, latency());
  if (typeof latency === 'number') {
    if (!(latency >= 0)) throw new RangeError(`Latency must be a non-negative number of ms, got ${latency}`);
    return () => latency;
  }
  const [min, max] = latency;
  if (!(min >= 0 && max >= min)) throw new RangeError(`Latency range must be [min, max] with 0 <= min <= max, got [${min}, ${max}]`);
  return () => Math.round(min + random() * (max - min));
}

/** Resolves after `ms` milliseconds. */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
