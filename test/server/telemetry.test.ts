// The prompt_api.* instruments and spans, read through the OpenTelemetry SDK's in-memory exporters: each
// moves as it should for a miss, a fresh and a stale hit, a refresh, a 429, a store fault and a lock wait,
// and no attribute carries an id, a version, a URL or the key.
import { readFileSync } from 'node:fs';
import { context, metrics, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { AggregationTemporality, InMemoryMetricExporter, MeterProvider, PeriodicExportingMetricReader } from '@opentelemetry/sdk-metrics';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { http } from 'msw';
import { memoryStore, type PromptCacheStore } from 'prompt-composer-react';
import { FIXTURE_KEYS } from 'prompt-composer-react/mocks';
import { createPromptApiHandler } from 'prompt-composer-react/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { server as msw } from '../msw-server.ts';
import { BASE_URL, frozenClock, instance, mockApi, settle } from '../api/cache/harness.ts';

const APP = 'https://app.test/api/prompt-api';
let exporter: InMemoryMetricExporter;
let reader: PeriodicExportingMetricReader;

beforeEach(() => {
  exporter = new InMemoryMetricExporter(AggregationTemporality.CUMULATIVE);
  reader = new PeriodicExportingMetricReader({ exporter, exportIntervalMillis: 3_600_000 });
  metrics.setGlobalMeterProvider(new MeterProvider({ readers: [reader] }));
});
afterEach(async () => {
  vi.useRealTimers();
  await reader.shutdown();
  metrics.disable();
});

/** One data point of an instrument: its attributes, and its value (a count for a histogram). */
interface Point {
  name: string;
  attributes: Record<string, unknown>;
  value: number;
}

/** Every data point the SDK has, flattened; and the meter's scope. */
async function collect(): Promise<{ points: Point[]; scope: { name: string; version?: string } }> {
  exporter.reset();
  await reader.forceFlush();
  const scopes = exporter.getMetrics().at(-1)?.scopeMetrics ?? [];
  const points = scopes.flatMap((scope) =>
    scope.metrics.flatMap((metric) =>
      metric.dataPoints.map((point) => ({
        name: metric.descriptor.name,
        attributes: point.attributes,
        value: typeof point.value === 'number' ? point.value : (point.value as { count: number }).count,
      })),
    ),
  );
  return { points, scope: scopes[0]?.scope ?? { name: '' } };
}

/** The sum of an instrument's points whose attributes include `attributes`. */
const total = (points: Point[], name: string, attributes: Record<string, unknown> = {}) =>
  points
    .filter((point) => point.name === name && Object.entries(attributes).every(([key, value]) => point.attributes[key] === value))
    .reduce((sum, point) => sum + point.value, 0);

function setup(options: Parameters<typeof instance>[0] = {}, apiKey: string = FIXTURE_KEYS.free) {
  const api = mockApi();
  const server = instance({ ttlMs: 60_000, ...options }, apiKey);
  const handler = createPromptApiHandler({ client: server.client });
  const get = (path: string) => handler(new Request(`${APP}${path}`));
  return { api, server, get };
}

describe('the instruments', () => {
  it('a miss, a fresh hit, a stale hit and its refresh: handler requests by outcome, upstream requests by reason', async () => {
    const advance = frozenClock();
    const { server, get } = setup();
    expect((await get('/prompts/welcome-email')).status).toBe(200);
    expect((await get('/prompts/welcome-email')).status).toBe(200);
    advance(60_001);
    expect((await get('/prompts/welcome-email')).status).toBe(200);
    await settle(server);
    const { points, scope } = await collect();
    const item = { kind: 'prompts', route: 'item', status: 200 };
    expect(total(points, 'prompt_api.handler.requests', { ...item, outcome: 'miss' })).toBe(1);
    expect(total(points, 'prompt_api.handler.requests', { ...item, outcome: 'fresh' })).toBe(1);
    expect(total(points, 'prompt_api.handler.requests', { ...item, outcome: 'stale' })).toBe(1);
    expect(total(points, 'prompt_api.handler.duration', item)).toBe(3);
    expect(total(points, 'prompt_api.upstream.requests', { kind: 'prompts', reason: 'miss', status: 200 })).toBe(1);
    expect(total(points, 'prompt_api.upstream.requests', { kind: 'prompts', reason: 'refresh', status: 200 })).toBe(1);
    expect(total(points, 'prompt_api.quota.limit')).toBe(5000);
    expect(total(points, 'prompt_api.quota.remaining')).toBeGreaterThan(4990);
    expect(total(points, 'prompt_api.quota.reset')).toBeGreaterThan(Date.now() / 1000);
    const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { name: string; version: string };
    expect(scope).toMatchObject({ name: manifest.name, version: manifest.version });
  });

  it('a 429: the miss that met it, then refused reads without a request; the quota gauges at 0', async () => {
    const { get } = setup({}, FIXTURE_KEYS.exhausted);
    expect((await get('/prompts/welcome-email')).status).toBe(429);
    expect((await get('/composers')).status).toBe(429);
    const { points } = await collect();
    expect(total(points, 'prompt_api.upstream.requests', { reason: 'miss', status: 429 })).toBe(1);
    expect(total(points, 'prompt_api.handler.requests', { outcome: 'miss', status: 429 })).toBe(1);
    expect(total(points, 'prompt_api.handler.requests', { kind: 'composers', route: 'list', outcome: 'refused', status: 429 })).toBe(1);
    expect(total(points, 'prompt_api.quota.remaining')).toBe(0);
  });

  it('the handler’s own refusals and a 5xx: outcome refused and error', async () => {
    const { api, get } = setup();
    expect((await get('/other')).status).toBe(404);
    api.db.faults.inject({ kind: 'server-error', rate: 1 });
    expect((await get('/composers')).status).toBe(500);
    const { points } = await collect();
    expect(total(points, 'prompt_api.handler.requests', { kind: 'none', route: 'none', outcome: 'refused', status: 404 })).toBe(1);
    expect(total(points, 'prompt_api.handler.requests', { kind: 'composers', route: 'list', outcome: 'error', status: 500 })).toBe(1);
    expect(total(points, 'prompt_api.upstream.requests', { kind: 'composers', reason: 'miss', status: 500 })).toBe(1);
  });

  it('a store fault: the operations that failed, then those skipped while it is down', async () => {
    const shared = memoryStore();
    let down = false;
    const guard = <T>(run: () => T): T => {
      if (down) throw new Error('connection refused');
      return run();
    };
    const store: PromptCacheStore = {
      get: (key) => guard(() => shared.get(key)),
      set: (key, value, ttlMs) => guard(() => shared.set(key, value, ttlMs)),
      add: (key, value, ttlMs) => guard(() => shared.add(key, value, ttlMs)),
      delete: (key) => guard(() => shared.delete(key)),
    };
    const { get } = setup({ store });
    await get('/prompts');
    const healthy = await collect();
    expect(total(healthy.points, 'prompt_api.store.operations', { operation: 'get', outcome: 'ok' })).toBeGreaterThan(0);
    down = true;
    await get('/prompts');
    await get('/prompts');
    const { points } = await collect();
    expect(total(points, 'prompt_api.store.operations', { outcome: 'error' })).toBeGreaterThan(0);
    expect(total(points, 'prompt_api.store.operations', { outcome: 'skipped' })).toBeGreaterThan(0);
    expect(total(points, 'prompt_api.store.duration', { outcome: 'error' })).toBe(total(points, 'prompt_api.store.operations', { outcome: 'error' }));
  });

  it('a lock wait: a server that waits for another server’s request', async () => {
    mockApi();
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let reached: () => void = () => {};
    const atUpstream = new Promise<void>((resolve) => (reached = resolve));
    msw.use(http.get(`${BASE_URL}/composers`, async () => (reached(), await gate, undefined)));
    // The request is let go once the second server was refused the lock: from then on it waits, however
    // slowly the machine runs (a fixed 30 ms was once too short for it to reach the lock).
    let refused: () => void = () => {};
    const lockRefused = new Promise<void>((resolve) => (refused = resolve));
    const shared = memoryStore();
    const store: PromptCacheStore = {
      ...shared,
      add: async (key, value, ttlMs) => {
        const taken = await shared.add(key, value, ttlMs);
        if (!taken) refused();
        return taken;
      },
    };
    const [first, second] = [instance({ store }), instance({ store })];
    const firstRead = first.client.getComposer('onboarding-flow');
    await atUpstream;
    const secondRead = second.client.getComposer('onboarding-flow');
    await lockRefused;
    release();
    await Promise.all([firstRead, secondRead]);
    const { points } = await collect();
    expect(total(points, 'prompt_api.lock.waits', { kind: 'composers', outcome: 'answered' })).toBe(1);
    expect(total(points, 'prompt_api.lock.wait.duration', { kind: 'composers' })).toBe(1);
    expect(total(points, 'prompt_api.upstream.requests')).toBe(1);
  });

  it('without an AsyncLocalStorage (Workers without nodejs_compat): concurrent requests, each counted by its own outcome', async () => {
    mockApi();
    // The handler's module, loaded again where the runtime has no AsyncLocalStorage at all.
    vi.resetModules();
    const builtin = vi.spyOn(process, 'getBuiltinModule').mockReturnValue(undefined as never);
    const library = await import('prompt-composer-react');
    const { createPromptApiHandler: isolatedHandler } = await import('prompt-composer-react/server');
    builtin.mockRestore();
    const cache = library.createPromptCache({ onEvent: () => {}, ttlMs: 60_000 });
    const handler = isolatedHandler({ client: library.createPromptApiClient({ baseUrl: BASE_URL, apiKey: FIXTURE_KEYS.free, cache }) });
    const get = (path: string) => handler(new Request(`${APP}${path}`));
    expect((await get('/prompts')).status).toBe(200);
    const answers = await Promise.all(['/prompts/welcome-email', '/prompts/no-such-prompt', '/composers/onboarding-flow', '/prompts/welcome-email?version=1.0.0'].map(get));
    expect(answers.map((answer) => answer.status)).toEqual([200, 404, 200, 200]);
    const { points } = await collect();
    expect(total(points, 'prompt_api.handler.requests', { kind: 'prompts', route: 'list', outcome: 'miss', status: 200 })).toBe(1);
    expect(total(points, 'prompt_api.handler.requests', { kind: 'prompts', route: 'item', outcome: 'fresh', status: 200 })).toBe(1);
    expect(total(points, 'prompt_api.handler.requests', { kind: 'prompts', route: 'item', outcome: 'fresh', status: 404 })).toBe(1);
    expect(total(points, 'prompt_api.handler.requests', { kind: 'composers', route: 'item', outcome: 'miss', status: 200 })).toBe(1);
    expect(total(points, 'prompt_api.handler.requests', { kind: 'prompts', route: 'pinned', outcome: 'miss', status: 200 })).toBe(1);
  });

  it('no attribute carries an id, a version, a URL or the key', async () => {
    const { get } = setup({ store: memoryStore() });
    for (const path of ['/prompts', '/prompts/welcome-email', '/prompts/welcome-email?version=1.0.0', '/prompts/no-such-prompt', '/composers/onboarding-flow?version=9.9.9', '/x']) await get(path);
    const { points } = await collect();
    const values = points.flatMap((point) => Object.values(point.attributes).map(String));
    expect(values.length).toBeGreaterThan(20);
    for (const value of values) {
      expect(value).not.toMatch(/welcome-email|no-such-prompt|onboarding-flow|1\.0\.0|9\.9\.9|\/|https?:|pk_/);
      expect(value).not.toContain(FIXTURE_KEYS.free);
    }
    const names = new Set(points.flatMap((point) => Object.keys(point.attributes)));
    expect([...names].sort()).toEqual(['kind', 'operation', 'outcome', 'reason', 'route', 'status']);
  });
});

describe('the spans', () => {
  const spans = new InMemorySpanExporter();
  const manager = new AsyncLocalStorageContextManager();
  beforeEach(() => {
    manager.enable();
    context.setGlobalContextManager(manager);
    trace.setGlobalTracerProvider(new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(spans)] }));
  });
  afterEach(() => {
    spans.reset();
    trace.disable();
    context.disable();
  });

  it('where a trace is active: one for the handler request and one for its upstream request, with their outcome; nothing propagated upstream', async () => {
    const { api, get } = setup();
    const headers: string[][] = [];
    msw.use(http.get(`${BASE_URL}/*`, ({ request }) => void headers.push([...request.headers.keys()])));
    await trace.getTracer('app').startActiveSpan('GET /page', async (page) => {
      await get('/prompts/welcome-email');
      page.end();
    });
    const finished = spans.getFinishedSpans();
    const byName = Object.fromEntries(finished.map((span) => [span.name, span]));
    expect(Object.keys(byName).sort()).toEqual(['GET /page', 'prompt_api.handler', 'prompt_api.upstream']);
    expect(byName['prompt_api.handler']!.parentSpanContext?.spanId).toBe(byName['GET /page']!.spanContext().spanId);
    expect(byName['prompt_api.upstream']!.parentSpanContext?.spanId).toBe(byName['prompt_api.handler']!.spanContext().spanId);
    expect(byName['prompt_api.handler']!.attributes).toMatchObject({ 'prompt_api.kind': 'prompts', 'prompt_api.route': 'item', 'prompt_api.outcome': 'miss', 'http.response.status_code': 200 });
    expect(byName['prompt_api.upstream']!.attributes).toMatchObject({ 'prompt_api.kind': 'prompts', 'prompt_api.reason': 'miss', 'http.response.status_code': 200 });
    expect(headers.flat()).not.toContain('traceparent');
    expect(api.seen).toHaveLength(1);
  });

  it('where no trace is active: none', async () => {
    const { get } = setup();
    await get('/prompts/welcome-email');
    expect(spans.getFinishedSpans()).toEqual([]);
  });
});
