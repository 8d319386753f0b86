import {
  createScenario,
  createScenarioHandlers,
  DEFAULT_BASE_URL,
  FIXTURE_KEYS,
  SCENARIO_DESCRIPTIONS,
  SCENARIO_NAMES,
  type ScenarioName,
  SLOW_LATENCY,
} from 'prompt-composer-react/mocks';
import { describe, expect, it } from 'vitest';
import { server } from '../msw-server.ts';

async function get(path: string, key: string = FIXTURE_KEYS.free) {
  const response = await fetch(`${DEFAULT_BASE_URL}${path}`, { headers: { Authorization: `Bearer ${key}` } });
  return { status: response.status, remaining: response.headers.get('x-ratelimit-remaining'), body: await response.json() };
}

describe('scenarios', () => {
  it('exports the seven names, each described', () => {
    expect([...SCENARIO_NAMES]).toEqual(['happy', 'nearLimit', 'exhausted', 'invalidKey', 'slow', 'serverError', 'empty']);
    expect(Object.keys(SCENARIO_DESCRIPTIONS).sort()).toEqual([...SCENARIO_NAMES].sort());
  });

  const expectations: Record<Exclude<ScenarioName, 'slow'>, (key: string) => Promise<void>> = {
    happy: async (key) => expect((await get('/prompts/welcome-email', key)).status).toBe(200),
    nearLimit: async (key) => expect((await get('/prompts', key)).remaining).toBe('99'), // 100 left before this request
    exhausted: async (key) => expect(await get('/prompts', key)).toMatchObject({ status: 429, body: { code: 'USAGE_LIMIT_EXCEEDED' } }),
    invalidKey: async (key) => expect(await get('/prompts', key)).toMatchObject({ status: 401, body: { code: 'INVALID_KEY' } }),
    serverError: async (key) => expect(await get('/prompts', key)).toMatchObject({ status: 500, body: { code: 'INTERNAL_ERROR' } }),
    empty: async (key) => {
      expect((await get('/prompts', key)).body).toEqual([]);
      expect((await get('/composers', key)).body).toEqual([]);
      expect((await get('/prompts/welcome-email', key)).body).toMatchObject({ code: 'NOT_FOUND' });
    },
  };

  it.each(Object.keys(expectations) as (keyof typeof expectations)[])('%s applies to the Free fixture key', async (name) => {
    server.use(...createScenarioHandlers(name));
    await expectations[name](FIXTURE_KEYS.free);
  });

  it.each(['nearLimit', 'exhausted', 'invalidKey'] as const)('%s applies to every live fixture key (Pro too)', async (name) => {
    server.use(...createScenarioHandlers(name));
    if (name === 'nearLimit') expect((await get('/prompts', FIXTURE_KEYS.pro)).remaining).toBe('99');
    else await expectations[name](FIXTURE_KEYS.pro);
  });

  it('slow uses SLOW_LATENCY unless a latency is given', async () => {
    expect(createScenario('slow').latency).toEqual(SLOW_LATENCY);
    expect(createScenario('happy').latency).toBe(0);
    server.use(...createScenarioHandlers('slow', { latency: 0 }));
    expect((await get('/prompts')).status).toBe(200);
  });

  it('each call gets fresh state; a baseUrl option is honoured', async () => {
    const remainingAfterOneRequest = async () => {
      server.resetHandlers(...createScenarioHandlers('happy', { baseUrl: 'https://proxy.example/api' }));
      const response = await fetch('https://proxy.example/api/prompts', { headers: { Authorization: `Bearer ${FIXTURE_KEYS.nearLimit}` } });
      return response.headers.get('x-ratelimit-remaining');
    };
    // Two calls, one request each: the second starts again from the fixture's 4,900 used.
    expect(await remainingAfterOneRequest()).toBe('99');
    expect(await remainingAfterOneRequest()).toBe('99');
  });

  it('an unknown name throws a helpful error', () => {
    expect(() => createScenarioHandlers('nope' as ScenarioName)).toThrow(/Unknown mock scenario "nope"; use one of happy/);
  });
});
