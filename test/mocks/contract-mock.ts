// Contract checks that need the mock's database: fixture state, usage, the clock, faults.
import { request as httpRequest } from 'node:http';
import { FIXTURE_IDS, FIXTURE_KEYS, FIXTURE_VERSIONS, type MockDb, UPGRADE_URL } from 'prompt-composer-react/mocks';
import { describe, expect, it } from 'vitest';
import { type ContractTarget, type createCaller, expectError, MESSAGES, rateLimitOf } from './contract-helpers.ts';

const { prompts: P, composers: C } = FIXTURE_IDS;

/** Odd inputs and what the mock decides for each (the portable suite only asserts "not a 500"). */
const ODD_INPUTS: [path: string, status: number][] = [
  ['/prompts/%E0%A4%A', 400],
  ['/prompts/%2F', 400],
  ['/prompts/welcome-email/extra', 400],
  ['/prompts/welcome-email/', 400],
  ['/prompts/', 400],
  ['/prompts/welcome%2Demail', 200],
  ['/prompts/welcome-email?version=1%2E0%2E0', 200],
  ['/prompts/welcome-email?version=1.0.0&version=2.0.0', 400],
  ['/prompts/welcome-email?version=1.0.0&version=1.0.0', 400],
  ['/prompts?include_versions=true&include_versions=true', 400],
  ['/prompts/welcome-email?include_versions=maybe', 200],
  ['/prompts?version=nonsense', 200],
  ['/prompts/WELCOME-EMAIL', 404],
  [`/prompts/${'a'.repeat(10_000)}`, 400],
  ['/composers/onboarding-flow?version=%E0%A4%A', 400],
];

export function defineMockChecks(target: ContractTarget, call: ReturnType<typeof createCaller>): void {
  const db = target.db as MockDb;

  describe('fixtures through the API', () => {
    it('welcome-email: 2.0.0 is the latest; 1.0.0 and 1.1.0 stay reachable', async () => {
      expect((await call(`/prompts/${P.welcomeEmail}`)).body).toMatchObject({ promptId: P.welcomeEmail, version: '2.0.0' });
      for (const version of FIXTURE_VERSIONS.welcomeEmail) {
        expect((await call(`/prompts/${P.welcomeEmail}?version=${version}`)).body).toMatchObject({ version });
      }
    });
    it('lists every published prompt and composer in id order, with their published versions', async () => {
      const prompts = (await call('/prompts?include_versions=true')).body as { promptId: string; publishedVersions: { version: string }[] }[];
      expect(prompts.map((prompt) => prompt.promptId)).toEqual([
        'account-review',
        'meeting-summary',
        'product-description',
        'release-notes',
        'support-reply',
        'ticket-triage',
        'welcome-email',
      ]);
      const versionsOf = (id: string) => prompts.find((prompt) => prompt.promptId === id)?.publishedVersions.map((entry) => entry.version);
      expect(versionsOf(P.welcomeEmail)).toEqual([...FIXTURE_VERSIONS.welcomeEmail]);
      expect(versionsOf(P.accountReview)).toEqual([...FIXTURE_VERSIONS.accountReview]);
      expect(versionsOf(P.releaseNotes)).toEqual([...FIXTURE_VERSIONS.releaseNotes]);
      const composers = (await call('/composers?include_versions=true')).body as { composerId: string; publishedVersions: unknown }[];
      expect(composers.map(({ composerId, publishedVersions }) => ({ composerId, publishedVersions }))).toEqual([
        { composerId: C.htmlShowcase, publishedVersions: [{ version: '1.0.0' }] },
        { composerId: C.onboardingFlow, publishedVersions: FIXTURE_VERSIONS.onboardingFlow.map((version) => ({ version })) },
        { composerId: C.renewalCheck, publishedVersions: FIXTURE_VERSIONS.renewalCheck.map((version) => ({ version })) },
      ]);
    });
    it('each listed version of a prompt is reachable pinned, with the user message its list entry carries', async () => {
      const prompts = (await call('/prompts?include_versions=true')).body as { promptId: string; publishedVersions: { version: string; userMessage: string }[] }[];
      for (const id of [P.accountReview, P.releaseNotes, P.welcomeEmail]) {
        for (const entry of prompts.find((prompt) => prompt.promptId === id)?.publishedVersions ?? []) {
          expect((await call(`/prompts/${id}?version=${entry.version}`)).body).toMatchObject({ promptId: id, version: entry.version, userMessage: entry.userMessage });
        }
      }
      for (const version of FIXTURE_VERSIONS.renewalCheck) {
        expect((await call(`/composers/${C.renewalCheck}?version=${version}`)).body).toMatchObject({ composerId: C.renewalCheck, version });
      }
    });
    it('drafts are invisible: a draft-only prompt and a draft version are NOT_FOUND, as the states table says', async () => {
      expectError(await call(`/prompts/${P.draftAnnouncement}`), 404, 'NOT_FOUND', MESSAGES.PROMPT_NOT_FOUND);
      expectError(await call(`/prompts/${P.draftAnnouncement}?version=0.1.0`), 404, 'NOT_FOUND', MESSAGES.PROMPT_NOT_FOUND);
      expectError(await call(`/prompts/${P.supportReply}?version=${FIXTURE_VERSIONS.supportReplyDraft}`), 404, 'NOT_FOUND', MESSAGES.PROMPT_NOT_FOUND);
      expect((await call(`/prompts/${P.supportReply}`)).body).toMatchObject({ version: '1.1.0' });
      const listed = (await call('/prompts?include_versions=true')).body as { promptId: string; publishedVersions: { version: string }[] }[];
      expect(listed.find((prompt) => prompt.promptId === P.supportReply)?.publishedVersions.map((entry) => entry.version)).toEqual(['1.0.0', '1.1.0']);
    });
    it('publishing a draft makes it the latest version', async () => {
      db.publish('prompt', P.supportReply, FIXTURE_VERSIONS.supportReplyDraft);
      expect((await call(`/prompts/${P.supportReply}`)).body).toMatchObject({ version: '1.2.0' });
    });
    it('a missing composer version is VERSION_NOT_FOUND', async () => {
      expectError(await call(`/composers/${C.onboardingFlow}?version=9.9.9`), 404, 'VERSION_NOT_FOUND', MESSAGES.VERSION_NOT_FOUND);
    });
    it('a revoked key is 401 INVALID_KEY; the Bearer scheme is case-insensitive', async () => {
      expectError(await call('/prompts', { key: FIXTURE_KEYS.revoked }), 401, 'INVALID_KEY', MESSAGES.INVALID_KEY);
      expect((await call('/prompts', { authorization: `bearer ${FIXTURE_KEYS.free}` })).status).toBe(200);
      expectError(await call('/prompts', { authorization: `Bearer ${FIXTURE_KEYS.free} extra` }), 401, 'INVALID_KEY', MESSAGES.INVALID_KEY);
    });
    const labelled = ODD_INPUTS.map(([path, status]) => [path.length > 80 ? `${path.slice(0, 30)}… (${path.length} chars)` : path, status, path] as const);
    it.each(labelled)('odd input %s is %i', async (_label, status, path) => {
      expect((await call(path, { key: FIXTURE_KEYS.free })).status).toBe(status);
    });
  });

  describe('quota', () => {
    it('counts down to 0, then answers 429 with usage and upgradeUrl, and the 429 does not count', async () => {
      db.setUsage(FIXTURE_KEYS.free, 4_997);
      const remaining = [];
      for (let index = 0; index < 3; index++) remaining.push(rateLimitOf(await call('/prompts', { key: FIXTURE_KEYS.free })).remaining);
      expect(remaining).toEqual([2, 1, 0]);
      for (let index = 0; index < 2; index++) {
        const reply = await call(`/prompts/${P.welcomeEmail}`, { key: FIXTURE_KEYS.free });
        expect(reply.status).toBe(429);
        expect(reply.body).toEqual({ error: MESSAGES.USAGE_LIMIT_EXCEEDED, code: 'USAGE_LIMIT_EXCEEDED', usage: { used: 5_000, limit: 5_000 }, upgradeUrl: UPGRADE_URL });
        expect(rateLimitOf(reply)).toMatchObject({ limit: 5_000, remaining: 0 });
      }
      expect(db.usageOf(FIXTURE_KEYS.free)?.used).toBe(5_000);
    });
    it('the fixture keys: Pro has 50,000; near-limit has 100 left; exhausted gets 429', async () => {
      expect(rateLimitOf(await call('/prompts', { key: FIXTURE_KEYS.pro }))).toMatchObject({ limit: 50_000, remaining: 49_999 });
      expect(rateLimitOf(await call('/prompts', { key: FIXTURE_KEYS.nearLimit }))).toMatchObject({ limit: 5_000, remaining: 99 });
      expect((await call('/prompts', { key: FIXTURE_KEYS.exhausted })).status).toBe(429);
    });
    it('precedence: 405 > 401 > 429 > 400 > 404', async () => {
      const exhausted = FIXTURE_KEYS.exhausted;
      expect((await call('/prompts', { method: 'POST', key: exhausted })).status).toBe(405);
      expect((await call('/prompts/-bad-', { key: null })).status).toBe(401);
      expect((await call('/prompts/-bad-', { key: exhausted })).status).toBe(429);
      expect((await call(`/prompts/${UNKNOWN}`, { key: exhausted })).status).toBe(429);
      expect((await call('/prompts?include_versions=maybe', { key: exhausted })).status).toBe(429);
      db.revokeKey(exhausted);
      expect((await call('/prompts', { key: exhausted })).body).toMatchObject({ code: 'INVALID_KEY' });
    });
    it('metering: 200, 400 and 404 count; 401, 405, OPTIONS and 429 do not', async () => {
      const used = () => db.usageOf(FIXTURE_KEYS.free)?.used;
      await call('/prompts', { key: FIXTURE_KEYS.free });
      await call(`/prompts/${UNKNOWN}`, { key: FIXTURE_KEYS.free });
      await call('/prompts/-bad-', { key: FIXTURE_KEYS.free });
      expect(used()).toBe(3);
      await call('/prompts', { key: FIXTURE_KEYS.free, method: 'PUT' });
      await call('/prompts', { key: FIXTURE_KEYS.free, method: 'OPTIONS' });
      await call('/prompts', { authorization: 'Basic x' });
      expect(used()).toBe(3);
    });
    it('405 and OPTIONS with a valid key report its usage without counting', async () => {
      db.setUsage(FIXTURE_KEYS.free, 10);
      expect(rateLimitOf(await call('/prompts', { key: FIXTURE_KEYS.free, method: 'PATCH' }))).toMatchObject({ limit: 5_000, remaining: 4_990 });
      expect(rateLimitOf(await call('/prompts', { key: FIXTURE_KEYS.free, method: 'OPTIONS' }))).toMatchObject({ limit: 5_000, remaining: 4_990 });
    });
    it('resets at 00:00 UTC on the 1st of the next month, by the db clock', async () => {
      db.clock.set('2026-11-30T23:59:59.000Z');
      const before = await call('/prompts', { key: FIXTURE_KEYS.exhausted });
      expect(before.status).toBe(429);
      expect(rateLimitOf(before).reset).toBe(Date.UTC(2026, 11, 1) / 1000);
      db.clock.advance(1_000);
      const after = await call('/prompts', { key: FIXTURE_KEYS.exhausted });
      expect(after.status).toBe(200);
      expect(rateLimitOf(after)).toEqual({ limit: 5_000, remaining: 4_999, reset: Date.UTC(2027, 0, 1) / 1000 });
      db.clock.set('2026-12-31T23:59:59.999Z');
      expect(rateLimitOf(await call('/prompts', { key: FIXTURE_KEYS.free })).reset).toBe(Date.UTC(2027, 0, 1) / 1000);
    });
    it('401 responses reset header is the next month start too', async () => {
      db.clock.set('2026-02-10T08:00:00Z');
      expect(rateLimitOf(await call('/prompts', { key: null }))).toEqual({ limit: 0, remaining: 0, reset: Date.UTC(2026, 2, 1) / 1000 });
    });
  });

  describe('faults', () => {
    it('an injected 500 is INTERNAL_ERROR with all headers, counts, and the next request succeeds', async () => {
      db.faults.inject({ kind: 'server-error' });
      const failed = await call('/prompts', { key: FIXTURE_KEYS.free });
      expectError(failed, 500, 'INTERNAL_ERROR', MESSAGES.INTERNAL_ERROR);
      expect(rateLimitOf(failed).remaining).toBe(4_999);
      expect((await call('/prompts', { key: FIXTURE_KEYS.free })).status).toBe(200);
    });
    it('a network-error fault fails the request without a response', async () => {
      db.faults.inject({ kind: 'network-error' });
      await expect(fetch(`${target.baseUrl()}/prompts`, { headers: { Authorization: `Bearer ${FIXTURE_KEYS.free}` } })).rejects.toThrow(TypeError);
      expect((await call('/prompts', { key: FIXTURE_KEYS.free })).status).toBe(200);
    });
  });

  if (target.transport === 'loopback') {
    describe('real HTTP only', () => {
      // fetch forbids TRACE, TRACK and CONNECT; node:http can send them.
      it('TRACE is 405 METHOD_NOT_ALLOWED', async () => {
        const reply = await new Promise<{ status: number; body: string }>((resolve, reject) => {
          const request = httpRequest(`${target.baseUrl()}/prompts`, { method: 'TRACE' }, (response) => {
            let body = '';
            response.setEncoding('utf8').on('data', (chunk: string) => (body += chunk)).on('end', () => resolve({ status: response.statusCode ?? 0, body }));
          });
          request.on('error', reject).end();
        });
        expect(reply.status).toBe(405);
        expect(JSON.parse(reply.body)).toEqual({ error: MESSAGES.METHOD_NOT_ALLOWED, code: 'METHOD_NOT_ALLOWED' });
      });
      it('CONNECT is 405 METHOD_NOT_ALLOWED', async () => {
        const { host } = new URL(target.baseUrl());
        const status = await new Promise<number>((resolve, reject) => {
          const request = httpRequest(target.baseUrl(), { method: 'CONNECT', path: host });
          request.on('connect', (response, socket) => {
            socket.destroy();
            resolve(response.statusCode ?? 0);
          });
          request.on('error', reject).end();
        });
        expect(status).toBe(405);
      });
    });
  }
}

const UNKNOWN = 'zz-no-such-item-0000';
