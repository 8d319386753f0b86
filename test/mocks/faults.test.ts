import { createPromptApiClient, isPromptApiError } from 'prompt-composer-react';
import { BAD_GATEWAY_HTML, createFaultController, createMockDb, createPromptApiHandlers, DEFAULT_BASE_URL, FIXTURE_KEYS, type FaultKind, type MockDb } from 'prompt-composer-react/mocks';
import { beforeEach, describe, expect, it } from 'vitest';
import { server } from '../msw-server.ts';

let db: MockDb;
beforeEach(() => {
  db = createMockDb({ now: '2026-11-15T12:00:00Z' });
  server.use(...createPromptApiHandlers({ db }));
});

const headers = { Authorization: `Bearer ${FIXTURE_KEYS.free}` };
/** The outcome of one GET: its status, or `network` when no response came. */
async function outcome(path = '/prompts'): Promise<number | 'network'> {
  try {
    const response = await fetch(`${DEFAULT_BASE_URL}${path}`, { headers });
    await response.text();
    return response.status;
  } catch {
    return 'network';
  }
}
async function outcomes(count: number, path?: string) {
  const results = [];
  for (let index = 0; index < count; index++) results.push(await outcome(path));
  return results;
}

describe('fault injection', () => {
  it('once: only the next request fails', async () => {
    db.faults.inject({ kind: 'server-error' });
    expect(await outcomes(3)).toEqual([500, 200, 200]);
    expect(db.faults.size).toBe(0);
  });

  it('times: the next N requests fail', async () => {
    db.faults.inject({ kind: 'network-error', times: 2 });
    expect(await outcomes(3)).toEqual(['network', 'network', 200]);
  });

  it('rate: a seeded share of requests fails, the same sequence for the same seed', async () => {
    db.faults.inject({ kind: 'server-error', rate: 0.5, seed: 42 });
    const first = await outcomes(40);
    db.faults.clear();
    db.faults.inject({ kind: 'server-error', rate: 0.5, seed: 42 });
    expect(await outcomes(40)).toEqual(first);
    const failures = first.filter((status) => status === 500).length;
    expect(failures).toBeGreaterThan(10);
    expect(failures).toBeLessThan(30);
  });

  it('rate 0 never fires, rate 1 always does; clear() removes rules', async () => {
    db.faults.inject({ kind: 'server-error', rate: 0 });
    expect(await outcomes(5)).toEqual([200, 200, 200, 200, 200]);
    db.faults.clear();
    db.faults.inject({ kind: 'html-502', rate: 1 });
    expect(await outcomes(3)).toEqual([502, 502, 502]);
    db.faults.clear();
    expect(await outcome()).toBe(200);
  });

  it('path: only matching requests fail (string prefix or RegExp)', async () => {
    db.faults.inject({ kind: 'server-error', path: '/composers', times: 5 });
    expect([await outcome('/prompts'), await outcome('/composers'), await outcome('/composers/onboarding-flow')]).toEqual([200, 500, 500]);
    db.faults.clear();
    db.faults.inject({ kind: 'server-error', path: /^\/prompts\/welcome-email$/ });
    expect([await outcome('/prompts'), await outcome('/prompts/welcome-email'), await outcome('/prompts/welcome-email')]).toEqual([200, 500, 200]);
  });

  it('faults touch GET only: preflights and 405s are unaffected', async () => {
    db.faults.inject({ kind: 'network-error' });
    expect((await fetch(`${DEFAULT_BASE_URL}/prompts`, { method: 'OPTIONS' })).status).toBe(204);
    expect((await fetch(`${DEFAULT_BASE_URL}/prompts`, { method: 'POST' })).status).toBe(405);
    expect(await outcome()).toBe('network');
  });

  it('metering: server-error and malformed-json count; network-error and html-502 do not', async () => {
    const counted: Record<FaultKind, number> = { 'server-error': 0, 'malformed-json': 0, 'network-error': 0, 'html-502': 0 };
    for (const kind of Object.keys(counted) as FaultKind[]) {
      db.setUsage(FIXTURE_KEYS.free, 0);
      db.faults.inject({ kind });
      await outcome();
      counted[kind] = db.usageOf(FIXTURE_KEYS.free)?.used ?? -1;
    }
    expect(counted).toEqual({ 'server-error': 1, 'malformed-json': 1, 'network-error': 0, 'html-502': 0 });
  });

  it('malformed-json is a 200 with a JSON type and a body that does not parse', async () => {
    db.faults.inject({ kind: 'malformed-json' });
    const response = await fetch(`${DEFAULT_BASE_URL}/prompts/welcome-email`, { headers });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.headers.get('x-ratelimit-remaining')).toBe('4999');
    await expect(response.clone().json()).rejects.toThrow(SyntaxError);
  });

  it('html-502 is a proxy page: text/html, CORS header, no rate-limit headers', async () => {
    db.faults.inject({ kind: 'html-502' });
    const response = await fetch(`${DEFAULT_BASE_URL}/prompts`, { headers });
    expect(response.status).toBe(502);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('x-ratelimit-limit')).toBeNull();
    expect(await response.text()).toBe(BAD_GATEWAY_HTML);
  });

  it('the public client sees each fault as the matching PromptApiError', async () => {
    const client = createPromptApiClient({ baseUrl: DEFAULT_BASE_URL, apiKey: FIXTURE_KEYS.free });
    const codes: Record<string, unknown> = {};
    for (const kind of ['server-error', 'malformed-json', 'network-error', 'html-502'] as FaultKind[]) {
      db.faults.inject({ kind });
      const error = await client.getPrompt('welcome-email').catch((caught: unknown) => caught);
      codes[kind] = isPromptApiError(error) ? [error.status, error.code, error.retryable] : error;
    }
    expect(codes).toEqual({
      'server-error': [500, 'INTERNAL_ERROR', true],
      'malformed-json': [200, 'INVALID_RESPONSE', false],
      'network-error': [0, 'NETWORK_ERROR', true],
      'html-502': [502, 'INVALID_RESPONSE', true],
    });
  });

  it('handler-level faults apply beside db.faults', async () => {
    server.use(...createPromptApiHandlers({ db, faults: [{ kind: 'server-error', times: 1 }] }));
    expect(await outcomes(2)).toEqual([500, 200]);
  });

  it('rejects invalid rules', () => {
    const controller = createFaultController();
    expect(() => controller.inject({ kind: 'server-error', rate: 1.5 })).toThrow(RangeError);
    expect(() => controller.inject({ kind: 'server-error', times: 0 })).toThrow(RangeError);
  });
});
