import { createSeededRandom } from './random.ts';

/**
 * Faults the mock can answer with:
 * - `server-error`: 500 `INTERNAL_ERROR` "Internal server error" (JSON, all headers). Counts against the
 *   quota of a valid key with quota left, like any other error the service returns (DESIGN.md metering).
 * - `malformed-json`: status 200, `Content-Type: application/json`, a truncated JSON body. Counts too.
 * - `network-error`: no response at all (`HttpResponse.error()`; the loopback server destroys the
 *   socket). Never reaches the service, so it does not count.
 * - `html-502`: a proxy's 502 page (`text/html`, CORS header only, no rate-limit headers). Does not count.
 */
export type FaultKind = 'server-error' | 'malformed-json' | 'network-error' | 'html-502';

/** One fault rule. Faults apply to `GET` requests only: preflights and 405s stay as they are. */
export interface FaultInjection {
  /** What the affected requests get. */
  kind: FaultKind;
  /**
   * How many matching requests fail before the rule is used up.
   * @default 1, or Infinity when `rate` is given
   */
  times?: number;
  /**
   * Probability (0 to 1) that a matching request fails. Draws come from a random seeded with `seed`.
   * @default 1
   */
  rate?: number;
  /** Seed of this rule's random, for deterministic rates. @default 1 */
  seed?: number;
  /**
   * Only requests whose path (relative to the base URL, such as `/prompts/welcome-email`) matches: a
   * string matches itself and everything below it (`/prompts` matches `/prompts/x`); a RegExp is tested.
   * @default every path
   */
  path?: string | RegExp;
}

/** A queue of fault rules; the first matching rule that fires wins. */
export interface FaultController {
  /**
   * Adds a rule.
   * @example
   * db.faults.inject({ kind: 'server-error' })                 // the next request
   * db.faults.inject({ kind: 'network-error', times: 2 })      // the next two
   * db.faults.inject({ kind: 'html-502', rate: 0.3, seed: 7 }) // 30 % of requests, deterministic
   */
  inject(fault: FaultInjection): void;
  /** Removes every rule. */
  clear(): void;
  /** How many rules are still active. */
  readonly size: number;
  /** Decides the fault (if any) for a request path; used by the handlers. Consumes one `times`. */
  take(path: string): FaultKind | null;
}

interface Rule {
  kind: FaultKind;
  remaining: number;
  rate: number;
  random: () => number;
  path: string | RegExp | undefined;
}

function matches(rule: Rule, path: string): boolean {
  if (rule.path === undefined) return true;
  if (typeof rule.path === 'string') {
    const prefix = rule.path.replace(/\/+$/, '');
    return path === prefix || path.startsWith(`${prefix}/`) || prefix === '';
  }
  rule.path.lastIndex = 0;
  return rule.path.test(path);
}

/**
 * Creates a fault controller.
 * @param initial Rules active from the start. @default []
 */
export function createFaultController(initial: readonly FaultInjection[] = []): FaultController {
  let rules: Rule[] = [];
  const controller: FaultController = {
    inject({ kind, rate, times, seed = 1, path }) {
      if (rate !== undefined && !(rate >= 0 && rate <= 1)) throw new RangeError(`Fault rate must be from 0 to 1, got ${rate}`);
      const remaining = times ?? (rate === undefined ? 1 : Number.POSITIVE_INFINITY);
      if (!(remaining >= 1)) throw new RangeError(`Fault times must be at least 1, got ${String(times)}`);
      rules.push({ kind, remaining, rate: rate ?? 1, random: createSeededRandom(seed), path });
    },
    clear() {
      rules = [];
    },
    get size() {
      return rules.length;
    },
    take(path) {
      for (const rule of rules) {
        if (!matches(rule, path)) continue;
        if (rule.rate < 1 && rule.random() >= rule.rate) continue;
        rule.remaining -= 1;
        if (rule.remaining <= 0) rules = rules.filter((item) => item !== rule);
        return rule.kind;
      }
      return null;
    },
  };
  initial.forEach(controller.inject);
  return controller;
}
