// What the handler tells OpenTelemetry of each request: `prompt_api.handler.requests` and
// `prompt_api.handler.duration` by kind, route, outcome and status, and a span where a trace is already
// active. The outcome is the cache's for the request's read (fresh, stale, miss, refused), `refused` for
// the handler's own refusals, `error` for any 5xx.
import type { PromptCacheEvent } from '../api/cache/options.ts';
import { loadTelemetry, readObservers, record, startSpan, withActiveSpan } from '../api/cache/telemetry.ts';

/** What the handler says of a request once it knows: its kind and route (`none` for a refusal), the item read. */
export interface RequestLabel {
  kind: 'prompts' | 'composers' | 'none';
  route: 'list' | 'item' | 'pinned' | 'none';
  /** The item's identifier (decoded) and pinned version: how a read is told apart without an async context. */
  id?: string;
  version?: string;
}

/** What one request learns of its read. */
interface RequestState {
  label: RequestLabel;
  outcome?: string;
}

type ReadEvent = Extract<PromptCacheEvent, { type: 'read' }>;

/** The part of `AsyncLocalStorage` used here. */
interface ContextStorage<T> {
  getStore(): T | undefined;
  run<R>(store: T, work: () => R): R;
}
type StorageConstructor = new () => ContextStorage<RequestState>;

/**
 * The runtime's `AsyncLocalStorage`, without a static `node:` import (Cloudflare Workers without
 * `nodejs_compat` and Vercel Edge refuse one): the global one where the runtime has it (Vercel Edge,
 * Next.js), else `node:async_hooks` through `process.getBuiltinModule` (Node 20.16+, Bun, Deno, Workers
 * with `nodejs_compat`), else none.
 */
function contextStorage(): ContextStorage<RequestState> | undefined {
  const global = (globalThis as { AsyncLocalStorage?: StorageConstructor }).AsyncLocalStorage;
  if (typeof global === 'function') return new global();
  const process = (globalThis as { process?: { getBuiltinModule?(id: string): unknown } }).process;
  const asyncHooks = process?.getBuiltinModule?.('node:async_hooks') as { AsyncLocalStorage?: StorageConstructor } | undefined;
  return asyncHooks?.AsyncLocalStorage ? new asyncHooks.AsyncLocalStorage() : undefined;
}

/** Whether `event` is the read of the request labelled `label`: its kind, route, item and version. */
function isReadOf(label: RequestLabel, event: ReadEvent): boolean {
  if (event.kind !== label.kind || event.route !== label.route) return false;
  const url = new URL(event.url);
  const item = label.id === undefined ? `/${label.kind}` : `/${label.kind}/${encodeURIComponent(label.id)}`;
  return url.pathname.endsWith(item) && url.searchParams.get('version') === (label.version ?? null);
}

/**
 * The cache's outcome of the read each request makes, found by the request's async context where the
 * runtime has one. Without one, the requests in flight are searched for the first that makes this read
 * and has no outcome yet: requests for the same thing at the same time may swap outcomes, which leaves
 * the counts by kind, route and outcome right.
 */
const storage = contextStorage();
const inFlight = new Set<RequestState>();
readObservers.add((event) => {
  const state = storage ? storage.getStore() : [...inFlight].find((each) => each.outcome === undefined && isReadOf(each.label, event));
  if (state) state.outcome = event.outcome;
});

/** Runs one request of the handler (`work`), measured, in a span of its own where a trace is active. */
export async function measured(work: (label: RequestLabel) => Promise<Response>): Promise<Response> {
  await loadTelemetry();
  const started = performance.now();
  const label: RequestLabel = { kind: 'none', route: 'none' };
  const state: RequestState = { label };
  const span = startSpan('prompt_api.handler', {});
  let status = 500;
  if (!storage) inFlight.add(state);
  try {
    const response = await withActiveSpan(span, () => (storage ? storage.run(state, () => work(label)) : work(label)));
    status = response.status;
    return response;
  } finally {
    inFlight.delete(state);
    const outcome = status >= 500 ? 'error' : label.route === 'none' ? 'refused' : (state.outcome ?? 'miss');
    const attributes = { kind: label.kind, route: label.route, outcome, status };
    record.handler(attributes, (performance.now() - started) / 1000);
    span?.end(
      { 'prompt_api.kind': label.kind, 'prompt_api.route': label.route, 'prompt_api.outcome': outcome, 'http.response.status_code': status },
      status >= 500,
    );
  }
}
