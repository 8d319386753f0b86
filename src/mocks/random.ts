/**
 * A seeded pseudo-random generator (mulberry32): returns numbers in [0, 1), the same sequence for the
 * same seed, so fault rates and latency ranges are deterministic in tests.
 * @param seed Any integer. @default 1
 */
export function createSeededRandom(seed = 1): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}
