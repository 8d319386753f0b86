// Page views against a fleet of servers, round-robin, a fixed number in flight; what each request took
// and what the cache said it did.

/** The requests of one page view: the list, two details, a pinned version and a composer. */
export const PAGE = [
  '/api/prompt-api/prompts',
  '/api/prompt-api/prompts/welcome-email',
  '/api/prompt-api/prompts/support-reply',
  '/api/prompt-api/prompts/welcome-email?version=1.0.0',
  '/api/prompt-api/composers/onboarding-flow',
];

/** One request of a page view. */
export interface Sample {
  instance: number;
  path: string;
  status: number;
  /** `x-bench-cache`: hit, stale, miss, refused; `proxy` for the recipe proxy; `error` for no response. */
  outcome: string;
  ms: number;
  /** `version` of the body, for `/prompts/welcome-email`. */
  version?: string;
  /** Why no response arrived (status 0). */
  error?: string;
  /** When it was sent and when it finished (ms since the run started). */
  startedAt: number;
  at: number;
}

/** One page view: failed when any of its requests is not a 200. */
export interface PageView {
  instance: number;
  failed: boolean;
  samples: Sample[];
}

const started = performance.now();
export const elapsed = () => performance.now() - started;

/** Everything any response carried, to look for the key in. */
export const seenBytes: string[] = [];

/** Sends one request to a server of the fleet, and says what it answered and how long it took. */
export async function send(base: string, instance: number, path: string, headers: Record<string, string> = {}): Promise<Sample> {
  const begin = performance.now();
  const startedAt = elapsed();
  try {
    const response = await fetch(base + path, { headers });
    const text = await response.text();
    const ms = performance.now() - begin;
    seenBytes.push(`${response.status} ${JSON.stringify([...response.headers])} ${text}`);
    const version = path.endsWith('/welcome-email') && response.ok ? (JSON.parse(text) as { version: string }).version : undefined;
    return { instance, path, status: response.status, outcome: response.headers.get('x-bench-cache') ?? 'proxy', ms, version, startedAt, at: elapsed() };
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
    return { instance, path, status: 0, outcome: 'error', ms: performance.now() - begin, startedAt, at: elapsed(), error: `${String(error)}${cause}` };
  }
}

/** A page view on one server: its requests at once, as a browser sends them. */
export async function pageView(bases: readonly string[], instance: number, paths: readonly string[] = PAGE): Promise<PageView> {
  const samples = await Promise.all(paths.map((path) => send(bases[instance]!, instance, path)));
  return { instance, failed: samples.some((sample) => sample.status !== 200), samples };
}

/**
 * `count` page views, round-robin over `bases`, at most `concurrency` in flight; stops early once `until`
 * says so (checked before each page view), waits `paceMs` between page views of one lane, and shows each
 * finished page view to `onView`.
 */
export async function pageViews(
  bases: readonly string[],
  count: number,
  options: { concurrency?: number; until?: () => boolean; paceMs?: number; paths?: readonly string[]; onView?: (view: PageView) => void } = {},
): Promise<PageView[]> {
  const { concurrency = 40, until, paceMs = 0, paths = PAGE, onView } = options;
  const views: PageView[] = [];
  let next = 0;
  const lane = async () => {
    while (next < count && !until?.()) {
      const index = next++;
      const view = await pageView(bases, index % bases.length, paths);
      views.push(view);
      onView?.(view);
      if (paceMs > 0) await new Promise((resolve) => setTimeout(resolve, paceMs));
    }
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
  return views;
}

/** The `fraction` percentile of `values` (nearest rank), in ms with one decimal. */
export function percentile(values: readonly number[], fraction: number): string {
  if (values.length === 0) return '-';
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1));
  return sorted[rank]!.toFixed(1);
}
