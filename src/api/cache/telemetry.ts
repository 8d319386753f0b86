// What the server side tells OpenTelemetry: the meter named after the package (and its version) with the
// `prompt_api.*` instruments, and spans where a trace is already active. Through `@opentelemetry/api`, an
// optional peer imported once at run time and never bundled: without the package nothing is recorded,
// and without an SDK the API's no-op meter makes each record one call into nothing. Attributes are of low
// cardinality only: never an id, a version, a URL or the key.
import type * as OpenTelemetry from '@opentelemetry/api';
import type { Attributes, Counter, Histogram, Meter, Span } from '@opentelemetry/api';
import type { RateLimit } from '../types.ts';
import type { Eventually } from './eventually.ts';
import { PACKAGE_NAME, PACKAGE_VERSION } from '../version.ts';
import type { PromptCacheEvent } from './options.ts';

type OpenTelemetryApi = typeof OpenTelemetry;

let api: OpenTelemetryApi | undefined;
let loading: Promise<void> | undefined;
let loaded = false;

/**
 * Imports `@opentelemetry/api` once, when it is installed; resolves either way. Once it has, `undefined`:
 * nothing is left to wait for (`await` it or not).
 */
export function loadTelemetry(): Promise<void> | undefined {
  if (loaded) return undefined;
  loading ??= (async () => {
    try {
      // A literal, which bundlers and Workers' module walker can follow: bundled where installed, left to
      // the runtime by webpack (an optional peer), and left unresolved by esbuild when not installed.
      api = await import(/* webpackIgnore: true */ '@opentelemetry/api');
    } catch {
      api = undefined;
    }
    loaded = true;
  })();
  return loading;
}

/**
 * `next()` once telemetry is loaded: at once when it is (every call after the first few), else after the
 * import. What the cache and the handler run before they record anything.
 */
export function afterTelemetry<T>(next: () => Eventually<T>): Eventually<T> {
  const pending = loadTelemetry();
  return pending ? pending.then(next) : next();
}

/** The instruments of one meter. */
interface Instruments {
  handlerRequests: Counter;
  handlerDuration: Histogram;
  upstreamRequests: Counter;
  upstreamDuration: Histogram;
  storeOperations: Counter;
  storeDuration: Histogram;
  lockWaits: Counter;
  lockWaitDuration: Histogram;
}

/** Seconds, from a few milliseconds (a hit) to the longest a request may take. */
const SECONDS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 15];

/** The latest rate limit any cache of this process saw: what the quota gauges report. */
let quota: RateLimit | undefined;

function createInstruments(meter: Meter): Instruments {
  const seconds = (name: string, description: string) => meter.createHistogram(name, { description, unit: 's', advice: { explicitBucketBoundaries: SECONDS } });
  const gauge = (name: string, description: string, unit: string, read: (rateLimit: RateLimit) => number) =>
    meter.createObservableGauge(name, { description, unit }).addCallback((result) => {
      if (quota) result.observe(read(quota));
    });
  gauge('prompt_api.quota.limit', "The account's monthly request quota (X-RateLimit-Limit)", '{request}', (rateLimit) => rateLimit.limit);
  gauge('prompt_api.quota.remaining', 'Requests left this month (X-RateLimit-Remaining)', '{request}', (rateLimit) => rateLimit.remaining);
  gauge('prompt_api.quota.reset', 'When the quota resets, in seconds since the epoch (X-RateLimit-Reset)', 's', (rateLimit) => rateLimit.reset);
  return {
    handlerRequests: meter.createCounter('prompt_api.handler.requests', { description: 'Requests the handler answered', unit: '{request}' }),
    handlerDuration: seconds('prompt_api.handler.duration', 'How long the handler took to answer'),
    upstreamRequests: meter.createCounter('prompt_api.upstream.requests', { description: 'Requests the cache sent to the API', unit: '{request}' }),
    upstreamDuration: seconds('prompt_api.upstream.duration', 'How long the API took to answer'),
    storeOperations: meter.createCounter('prompt_api.store.operations', { description: 'Operations of the shared store', unit: '{operation}' }),
    storeDuration: seconds('prompt_api.store.duration', 'How long a read waited on the shared store'),
    lockWaits: meter.createCounter('prompt_api.lock.waits', { description: "Reads that waited for another server's request", unit: '{wait}' }),
    lockWaitDuration: seconds('prompt_api.lock.wait.duration', "How long a read waited for another server's request"),
  };
}

let current: { provider: unknown; instruments: Instruments } | undefined;

/**
 * The instruments of the global meter provider, made again when it changes (the API 1.9 has no proxy
 * meter provider: a meter taken before the SDK registers would stay a no-op), or none without the API.
 */
function instruments(): Instruments | undefined {
  if (!api) return undefined;
  const provider = api.metrics.getMeterProvider();
  if (current?.provider !== provider) current = { provider, instruments: createInstruments(provider.getMeter(PACKAGE_NAME, PACKAGE_VERSION)) };
  return current.instruments;
}

const add = (pick: (each: Instruments) => Counter, timing: (each: Instruments) => Histogram, attributes: Attributes, seconds: number) => {
  const each = instruments();
  if (!each) return;
  pick(each).add(1, attributes);
  timing(each).record(seconds, attributes);
};

/** What the telemetry records. */
export const record = {
  handler: (attributes: { kind: string; route: string; outcome: string; status: number }, seconds: number) =>
    add((each) => each.handlerRequests, (each) => each.handlerDuration, attributes, seconds),
  upstream: (attributes: { kind: string; reason: string; status: number }, seconds: number) =>
    add((each) => each.upstreamRequests, (each) => each.upstreamDuration, attributes, seconds),
  store: (attributes: { operation: string; outcome: string }, seconds: number) => add((each) => each.storeOperations, (each) => each.storeDuration, attributes, seconds),
  lockWait: (attributes: { kind: string; outcome: string }, seconds: number) => add((each) => each.lockWaits, (each) => each.lockWaitDuration, attributes, seconds),
  quota(rateLimit: RateLimit | undefined) {
    if (rateLimit && rateLimit.limit > 0) quota = rateLimit;
  },
};

/** A span this package started, which ends once, with its outcome. */
export interface OpenSpan {
  readonly span: Span;
  /** Ends it with `attributes`, and an error status when `failed` (a 5xx, no answer). */
  end(attributes: Attributes, failed: boolean): void;
}

/**
 * Starts a span named `name`, a child of the active one, where a trace is active (none otherwise). It is
 * not made active itself: the handler makes its own active for its work (`withActiveSpan`); an upstream
 * request's is seen by nothing else, so it adds no header to what the API receives.
 */
export function startSpan(name: string, attributes: Attributes): OpenSpan | undefined {
  const otel = api;
  if (!otel || !otel.trace.getActiveSpan()) return undefined;
  const span = otel.trace.getTracer(PACKAGE_NAME, PACKAGE_VERSION).startSpan(name, { attributes });
  return {
    span,
    end(more, failed) {
      span.setAttributes(more);
      if (failed) span.setStatus({ code: otel.SpanStatusCode.ERROR });
      span.end();
    },
  };
}

/** Runs `work` with `open` as the active span (when there is one). */
export function withActiveSpan<T>(open: OpenSpan | undefined, work: () => T): T {
  if (!api || !open) return work();
  return api.context.with(api.trace.setSpan(api.context.active(), open.span), work);
}

/** Records one of the cache's events on its instrument. */
export function recordEvent(event: PromptCacheEvent): void {
  switch (event.type) {
    case 'read':
      // Each read's outcome labels its handler request (the handler hears it from the read itself).
      return;
    case 'upstream':
      return record.upstream({ kind: event.kind, reason: event.reason, status: event.status }, event.durationMs / 1000);
    case 'store':
      return record.store({ operation: event.operation, outcome: event.outcome }, event.durationMs / 1000);
    case 'lock-wait':
      return record.lockWait({ kind: event.kind, outcome: event.outcome }, event.durationMs / 1000);
    case 'store-health':
      return;
  }
}
