// createPromptCache when the API says no: 404s, failures, an exhausted quota, a refused key.
import { HttpResponse, http } from 'msw';
import { FIXTURE_KEYS } from 'prompt-composer-react/mocks';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../msw-server.ts';
import { BASE_URL, frozenClock, instance, mockApi, rejection, settle } from './harness.ts';

afterEach(() => {
  vi.useRealTimers();
});

const MINUTE = 60_000;

describe('given a cache in front of an API that says no', () => {
  it('NOT_FOUND and VERSION_NOT_FOUND for what the list does not name: answered without a request', async () => {
    const api = mockApi();
    const { client } = instance();
    for (let round = 0; round < 2; round++) {
      expect((await rejection(client.getPrompt('no-such-prompt'))).code).toBe('NOT_FOUND');
      expect((await rejection(client.getPrompt('welcome-email', { version: '9.9.9' }))).code).toBe('VERSION_NOT_FOUND');
      expect(await rejection(client.getComposer('no-such-composer'))).toMatchObject({ code: 'NOT_FOUND', message: expect.stringMatching(/Composer not found/) });
    }
    expect(api.seen).toEqual(['/prompts?include_versions=true', '/composers?include_versions=true']);
  });

  it('a 404 of an item’s own request (unpublished after the list) is remembered for notFoundTtlMs', async () => {
    const advance = frozenClock();
    const api = mockApi();
    server.use(
      http.get(`${BASE_URL}/prompts/welcome-email`, ({ request }) => {
        api.seen.push(new URL(request.url).pathname.replace('/v1', '') + new URL(request.url).search);
        return HttpResponse.json({ error: 'Version not found', code: 'VERSION_NOT_FOUND' }, { status: 404 });
      }),
    );
    const { client } = instance({ notFoundTtlMs: MINUTE });
    for (let round = 0; round < 2; round++) expect((await rejection(client.getPrompt('welcome-email', { version: '1.0.0' }))).code).toBe('VERSION_NOT_FOUND');
    expect(api.seen).toEqual(['/prompts?include_versions=true', '/prompts/welcome-email?version=1.0.0']);
    advance(MINUTE + 1);
    expect((await rejection(client.getPrompt('welcome-email', { version: '1.0.0' }))).status).toBe(404);
    expect(api.seen).toHaveLength(3);
  });

  describe('when the API fails (5xx, or no answer)', () => {
    it('stale content keeps being served, and each target backs off: the list and one item a turn, errorTtlMs, then twice that, up to ttlMs', async () => {
      const advance = frozenClock();
      const api = mockApi();
      const server = instance({ ttlMs: MINUTE, errorTtlMs: 5000 });
      await server.client.getComposer('onboarding-flow');
      api.db.faults.inject({ kind: 'server-error', rate: 1 });
      advance(MINUTE + 1);
      const reads = async () => {
        for (let read = 0; read < 3; read++) {
          expect((await server.client.getComposer('onboarding-flow')).composerId).toBe('onboarding-flow');
          await settle(server);
        }
      };
      await reads();
      // The list fails, then (the list backing off) the item tries its own endpoint once, and fails too.
      expect(api.seen).toEqual(['/composers?include_versions=true', '/composers?include_versions=true', '/composers/onboarding-flow']);
      for (const [wait, requests] of [
        [4000, 3],
        [1001, 5],
        [9000, 5],
        [1001, 7],
        [19_000, 7],
        [1001, 9],
      ] as const) {
        advance(wait);
        await reads();
        expect(api.seen).toHaveLength(requests);
      }
      expect(api.seen.filter((path) => path === '/composers/onboarding-flow')).toHaveLength(4);
      api.db.faults.clear();
      advance(40_001);
      await reads();
      expect((await server.client.getComposer('onboarding-flow')).version).toBe('1.1.0');
      expect(api.seen).toHaveLength(10);
    });

    it('with nothing cached, the failure is the answer, remembered for errorTtlMs', async () => {
      const advance = frozenClock();
      const api = mockApi();
      const { client } = instance({ errorTtlMs: 5000 });
      api.db.faults.inject({ kind: 'server-error', rate: 1, path: '/prompts' });
      api.db.faults.inject({ kind: 'network-error', rate: 1, path: '/composers' });
      for (let round = 0; round < 2; round++) {
        expect(await rejection(client.getPrompt('welcome-email'))).toMatchObject({ status: 500, code: 'INTERNAL_ERROR' });
        expect(await rejection(client.getComposer('onboarding-flow'))).toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
      }
      expect(api.seen).toEqual(['/prompts?include_versions=true', '/composers?include_versions=true']);
      api.db.faults.clear();
      advance(5001);
      expect((await client.getPrompt('welcome-email')).version).toBe('2.0.0');
      expect(api.seen).toHaveLength(3);
    });

    it('a 200 that breaks the contract is not kept', async () => {
      const api = mockApi();
      const { client } = instance({ errorTtlMs: 1 });
      api.db.faults.inject({ kind: 'malformed-json' });
      expect((await rejection(client.getPrompt('welcome-email'))).code).toBe('INVALID_RESPONSE');
      await new Promise((resolve) => setTimeout(resolve, 5));
      expect((await client.getPrompt('welcome-email')).version).toBe('2.0.0');
      expect(api.seen).toHaveLength(2);
    });
  });

  describe('when the quota is spent (429)', () => {
    it('cached reads are answered, the others get the 429 with usage and upgradeUrl and no request, until the reset', async () => {
      const advance = frozenClock(Date.UTC(2026, 10, 30, 23, 0));
      const api = mockApi();
      const server = instance({ ttlMs: MINUTE });
      const { client } = server;
      await client.getComposer('onboarding-flow');
      await client.getPrompt('welcome-email', { version: '1.0.0' });
      await client.getPrompt('support-reply');
      api.db.setUsage(FIXTURE_KEYS.free, 5000);
      advance(MINUTE + 1);

      // Both kinds are stale: the first refresh meets the 429, and the second is never sent.
      const [composer, prompt] = await Promise.all([client.getComposer('onboarding-flow'), client.getPrompt('support-reply')]);
      expect([composer.composerId, prompt.promptId]).toEqual(['onboarding-flow', 'support-reply']);
      await settle(server);
      expect(api.seen).toEqual(['/composers?include_versions=true', '/prompts?include_versions=true', '/prompts/welcome-email?version=1.0.0', '/composers?include_versions=true']);

      for (let round = 0; round < 3; round++) {
        expect((await client.getComposer('onboarding-flow')).composerId).toBe('onboarding-flow');
        expect((await client.getPrompt('welcome-email', { version: '1.0.0' })).version).toBe('1.0.0');
        expect((await client.getPrompt('ticket-triage')).promptId).toBe('ticket-triage');
        const refused = await rejection(client.getPrompt('welcome-email', { version: '1.1.0' }));
        expect(refused).toMatchObject({ status: 429, code: 'USAGE_LIMIT_EXCEEDED', usage: { used: 5000, limit: 5000 } });
        expect(refused.upgradeUrl).toMatch(/^https:/);
        await settle(server);
      }
      expect(api.seen).toHaveLength(4);
      expect(client.usage.getSnapshot()).toMatchObject({ remaining: 0, exceeded: true });

      advance(MINUTE * 61); // past 00:00 UTC on the 1st: a new month, a new quota
      expect((await client.getPrompt('welcome-email', { version: '1.1.0' })).version).toBe('1.1.0');
      expect(api.seen).toHaveLength(5);
    });
  });

  describe('when the key is refused (401)', () => {
    it("nothing cached under it is served; one request every errorTtlMs checks it again, and a success ends it", async () => {
      const advance = frozenClock();
      const api = mockApi();
      const server = instance({ ttlMs: MINUTE, errorTtlMs: 5000 });
      const { client } = server;
      await client.getComposer('onboarding-flow');
      await client.getPrompt('welcome-email', { version: '1.0.0' });
      api.db.revokeKey(FIXTURE_KEYS.free);
      advance(MINUTE + 1);
      await client.getComposer('onboarding-flow'); // stale, while the refresh meets the 401
      await settle(server);
      expect(api.seen).toHaveLength(4);

      for (let round = 0; round < 2; round++) {
        expect(await rejection(client.getPrompt('welcome-email', { version: '1.0.0' }))).toMatchObject({ status: 401, code: 'INVALID_KEY' });
        expect(await rejection(client.getComposer('onboarding-flow'))).toMatchObject({ status: 401, code: 'INVALID_KEY' });
      }
      expect(api.seen).toHaveLength(4);

      // The check: the read's kind's list, which refreshes it too when the key works again.
      advance(5001);
      expect((await rejection(client.getPrompt('welcome-email', { version: '1.0.0' }))).code).toBe('INVALID_KEY');
      expect(api.seen.at(-1)).toBe('/prompts?include_versions=true');
      expect(api.seen).toHaveLength(5);

      api.db.addKey({ key: FIXTURE_KEYS.free, plan: 'free' });
      advance(5001);
      expect((await client.getPrompt('welcome-email', { version: '1.0.0' })).version).toBe('1.0.0');
      expect((await client.getPrompt('welcome-email', { version: '1.0.0' })).version).toBe('1.0.0');
      expect(api.seen).toHaveLength(6);
    });
  });
});
