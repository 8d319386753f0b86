// The public client against the mock: the two agree on shapes, errors and usage.
import { createPromptApiClient, isPromptApiError } from 'prompt-composer-react';
import { createMockDb, createPromptApiHandlers, DEFAULT_BASE_URL, FIXTURE_KEYS, type MockDb, UPGRADE_URL } from 'prompt-composer-react/mocks';
import { beforeEach, describe, expect, it } from 'vitest';
import { server } from '../msw-server.ts';

let db: MockDb;
beforeEach(() => {
  db = createMockDb({ now: '2026-11-15T12:00:00Z' });
  server.use(...createPromptApiHandlers({ db }));
});

describe('createPromptApiClient against the mock', () => {
  it('reads every fixture through the client validation', async () => {
    const client = createPromptApiClient({ baseUrl: DEFAULT_BASE_URL, apiKey: FIXTURE_KEYS.pro, now: db.clock.now });
    const prompts = await client.listPrompts({ includeVersions: true });
    const composers = await client.listComposers({ includeVersions: true });
    for (const prompt of prompts) {
      for (const { version } of prompt.publishedVersions ?? []) expect((await client.getPrompt(prompt.promptId, { version })).version).toBe(version);
    }
    for (const composer of composers) {
      for (const { version } of composer.publishedVersions ?? []) expect((await client.getComposer(composer.composerId, { version })).version).toBe(version);
    }
    expect(client.usage.getSnapshot()).toMatchObject({ limit: 50_000, exceeded: false });
  });

  it('feeds the usage store down to the 429, then fails fast without sending', async () => {
    db.setUsage(FIXTURE_KEYS.free, 4_999);
    const client = createPromptApiClient({ baseUrl: DEFAULT_BASE_URL, apiKey: FIXTURE_KEYS.free, now: db.clock.now });
    await client.getPrompt('welcome-email');
    expect(client.usage.getSnapshot()).toMatchObject({ remaining: 0, used: 5_000, exceeded: true, reset: new Date(Date.UTC(2026, 11, 1)) });
    const error = await client.getPrompt('welcome-email').catch((caught: unknown) => caught);
    expect(isPromptApiError(error) && [error.status, error.code]).toEqual([0, 'USAGE_LIMIT_EXCEEDED']);
    expect(db.usageOf(FIXTURE_KEYS.free)?.used).toBe(5_000);
  });

  it('a 429 from the mock becomes USAGE_LIMIT_EXCEEDED with usage and upgradeUrl', async () => {
    const client = createPromptApiClient({ baseUrl: DEFAULT_BASE_URL, apiKey: FIXTURE_KEYS.exhausted, now: db.clock.now });
    const error = await client.listPrompts().catch((caught: unknown) => caught);
    expect(isPromptApiError(error) && { status: error.status, code: error.code, usage: error.usage, upgradeUrl: error.upgradeUrl }).toEqual({
      status: 429,
      code: 'USAGE_LIMIT_EXCEEDED',
      usage: { used: 5_000, limit: 5_000 },
      upgradeUrl: UPGRADE_URL,
    });
  });

  it('404s and 401s keep the mock message', async () => {
    const client = createPromptApiClient({ baseUrl: DEFAULT_BASE_URL, apiKey: FIXTURE_KEYS.revoked });
    await expect(client.listPrompts()).rejects.toMatchObject({ status: 401, code: 'INVALID_KEY' });
    const free = createPromptApiClient({ baseUrl: DEFAULT_BASE_URL, apiKey: FIXTURE_KEYS.free });
    await expect(free.getComposer('nope')).rejects.toThrow('GET /composers/nope failed with 404 NOT_FOUND: Composer not found');
  });

  it('handlers with a relative base URL answer a client on any origin in Node', async () => {
    server.use(...createPromptApiHandlers({ db, baseUrl: '/api/prompt-service' }));
    const client = createPromptApiClient({ baseUrl: 'http://localhost:5173/api/prompt-service', apiKey: FIXTURE_KEYS.free });
    expect((await client.getPrompt('welcome-email')).version).toBe('2.0.0');
  });
});
