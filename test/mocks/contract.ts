// The contract suite: spec/read-api.md plus DESIGN.md's decisions. Every check here is "portable": it is
// read-only, needs no fixture state and spends a few requests, so it also runs against a real service
// (contract.real.ts). Checks that need the mock's database live in contract-mock.ts.
// The client's own validators, internal to the package: a backend must send what the client accepts.
import { parseComposerList, parsePrompt, parsePromptList } from '../../src/api/validate.ts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ContractTarget, createCaller, expectError, MESSAGES, rateLimitOf, type Reply } from './contract-helpers.ts';
import { defineMockChecks } from './contract-mock.ts';

export type { ContractTarget } from './contract-helpers.ts';

const UNKNOWN_KEY = 'pk_test_no_such_key_0000';
const UNKNOWN_ID = 'zz-no-such-item-0000';
const UNKNOWN_VERSION = '0.0.0-no-such-version';
const WRITE_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE', 'HEAD'];

function ids(reply: Reply, field: 'promptId' | 'composerId'): string[] {
  return (reply.body as Record<string, string>[]).map((item) => item[field] as string);
}

/** Defines the whole suite against one target. */
export function defineContractSuite(target: ContractTarget): void {
  const call = createCaller(target);
  const paths = () => [`/prompts`, `/prompts/${target.promptId}`, `/composers`, `/composers/${target.composerId}`];

  describe(`Read API contract (${target.transport})`, () => {
    beforeAll(async () => target.beforeAll?.());
    afterAll(async () => target.afterAll?.());
    beforeEach(async () => target.beforeEach?.());

    describe('reads', () => {
      it('lists prompts as validated Prompt objects ordered by id, without publishedVersions', async () => {
        const reply = await call('/prompts');
        expect(reply.status).toBe(200);
        const prompts = parsePromptList(reply.body);
        expect(prompts.length).toBeGreaterThan(0);
        expect(prompts.every((prompt) => prompt.publishedVersions === undefined)).toBe(true);
        const order = ids(reply, 'promptId');
        expect(order).toEqual([...order].sort());
      });

      it('lists composers as validated Composer objects ordered by id', async () => {
        const reply = await call('/composers');
        expect(reply.status).toBe(200);
        parseComposerList(reply.body);
        const order = ids(reply, 'composerId');
        expect(order).toEqual([...order].sort());
        expect(order).toContain(target.composerId);
      });

      it.each(['true', 'TRUE', 'True'])('include_versions=%s adds publishedVersions (prompts: version + userMessage)', async (value) => {
        const reply = await call(`/prompts?include_versions=${value}`);
        expect(reply.status).toBe(200);
        for (const prompt of parsePromptList(reply.body)) {
          expect(prompt.publishedVersions?.length).toBeGreaterThan(0);
          for (const entry of prompt.publishedVersions ?? []) expect(Object.keys(entry).sort()).toEqual(['userMessage', 'version']);
          expect(prompt.publishedVersions?.map((entry) => entry.version)).toContain(prompt.version);
        }
      });

      it('include_versions=true on composers adds entries that carry only version', async () => {
        const reply = await call('/composers?include_versions=true');
        for (const composer of parseComposerList(reply.body)) {
          expect(composer.publishedVersions?.length).toBeGreaterThan(0);
          for (const entry of composer.publishedVersions ?? []) expect(Object.keys(entry)).toEqual(['version']);
        }
      });

      it.each(['false', 'FALSE', 'fAlSe'])('include_versions=%s is the same as absent', async (value) => {
        const reply = await call(`/composers?include_versions=${value}`);
        expect(reply.status).toBe(200);
        expect(parseComposerList(reply.body).every((composer) => composer.publishedVersions === undefined)).toBe(true);
      });

      it.each(['yes', '1', '', 'tru', 'true ', 'null'])('include_versions=%j is a 400', async (value) => {
        expectError(await call(`/prompts?include_versions=${encodeURIComponent(value)}`), 400, 'BAD_REQUEST', MESSAGES.BAD_REQUEST);
      });

      it('an item defaults to the latest published version, never carries publishedVersions, and each published version resolves', async () => {
        const list = parsePromptList((await call('/prompts?include_versions=true')).body);
        const listed = list.find((prompt) => prompt.promptId === target.promptId);
        expect(listed).toBeDefined();
        const latest = await call(`/prompts/${target.promptId}`);
        expect(latest.status).toBe(200);
        const prompt = parsePrompt(latest.body);
        expect(prompt.version).toBe(listed?.version);
        expect(prompt.publishedVersions).toBeUndefined();
        for (const { version, userMessage } of listed?.publishedVersions ?? []) {
          const pinned = parsePrompt((await call(`/prompts/${target.promptId}?version=${encodeURIComponent(version)}`)).body);
          expect({ version: pinned.version, userMessage: pinned.userMessage }).toEqual({ version, userMessage });
        }
      });

      it('a composer item resolves its latest and pinned versions', async () => {
        const reply = await call(`/composers/${target.composerId}`);
        expect(reply.status).toBe(200);
        const composer = parseComposerList([reply.body])[0];
        expect(composer?.publishedVersions).toBeUndefined();
        const pinned = await call(`/composers/${target.composerId}?version=${encodeURIComponent(composer?.version ?? '')}`);
        expect((pinned.body as { version: string }).version).toBe(composer?.version);
      });

      it('ignores unknown query parameters', async () => {
        expect((await call('/prompts?utm_source=test&page=2&limit=1')).status).toBe(200);
        expect((await call(`/composers/${target.composerId}?foo=bar`)).status).toBe(200);
      });
    });

    describe('not found', () => {
      it('an unknown prompt is 404 NOT_FOUND "Prompt not found"', async () => {
        expectError(await call(`/prompts/${UNKNOWN_ID}`), 404, 'NOT_FOUND', MESSAGES.PROMPT_NOT_FOUND);
      });
      it('an unknown composer is 404 NOT_FOUND "Composer not found"', async () => {
        expectError(await call(`/composers/${UNKNOWN_ID}`), 404, 'NOT_FOUND', MESSAGES.COMPOSER_NOT_FOUND);
      });
      it('an unknown version is 404 VERSION_NOT_FOUND, for prompts and composers', async () => {
        expectError(await call(`/prompts/${target.promptId}?version=${UNKNOWN_VERSION}`), 404, 'VERSION_NOT_FOUND', MESSAGES.VERSION_NOT_FOUND);
        expectError(await call(`/composers/${target.composerId}?version=${UNKNOWN_VERSION}`), 404, 'VERSION_NOT_FOUND', MESSAGES.VERSION_NOT_FOUND);
      });
      it('NOT_FOUND wins over VERSION_NOT_FOUND', async () => {
        expectError(await call(`/prompts/${UNKNOWN_ID}?version=${UNKNOWN_VERSION}`), 404, 'NOT_FOUND', MESSAGES.PROMPT_NOT_FOUND);
      });
      it('identifiers and versions at their maximum length are valid formats (404, not 400)', async () => {
        expect((await call(`/prompts/${'a'.repeat(128)}`)).status).toBe(404);
        expect((await call(`/prompts/${target.promptId}?version=${'9'.repeat(64)}`)).body).toMatchObject({ code: 'VERSION_NOT_FOUND' });
      });
    });

    describe('formats (400 BAD_REQUEST)', () => {
      const badIds = ['-starts-with-dash', '_underscore-first', 'a'.repeat(129), 'dotted.id', 'with%20space', 'caf%C3%A9', 'a%2Fb', 'semi%3Bcolon'];
      it.each(badIds)('identifier %s', async (id) => {
        expectError(await call(`/prompts/${id}`), 400, 'BAD_REQUEST', MESSAGES.BAD_REQUEST);
        expectError(await call(`/composers/${id}`), 400, 'BAD_REQUEST', MESSAGES.BAD_REQUEST);
      });
      const badVersions = ['', '9'.repeat(65), '1.0.0%2Bbuild', '1%200', '%E2%9C%93'];
      it.each(badVersions)('version %j', async (version) => {
        expectError(await call(`/prompts/${target.promptId}?version=${version}`), 400, 'BAD_REQUEST', MESSAGES.BAD_REQUEST);
      });
      it('400 wins over 404: a bad version of an unknown prompt', async () => {
        expectError(await call(`/prompts/${UNKNOWN_ID}?version=bad%20version`), 400, 'BAD_REQUEST', MESSAGES.BAD_REQUEST);
      });
    });

    describe('authentication', () => {
      it('no Authorization header is 401 UNAUTHORIZED with limit and remaining 0', async () => {
        for (const path of paths()) {
          const reply = await call(path, { key: null });
          expectError(reply, 401, 'UNAUTHORIZED', MESSAGES.UNAUTHORIZED);
          expect(rateLimitOf(reply)).toMatchObject({ limit: 0, remaining: 0 });
        }
      });
      it.each(['', 'Bearer', 'Bearer ', 'Basic cGtfdGVzdF9mcmVlOg==', 'Token abc'])('Authorization %j is 401 UNAUTHORIZED', async (authorization) => {
        expectError(await call('/prompts', { authorization }), 401, 'UNAUTHORIZED', MESSAGES.UNAUTHORIZED);
      });
      it('an unknown key is 401 INVALID_KEY with limit and remaining 0', async () => {
        const reply = await call('/prompts', { key: UNKNOWN_KEY });
        expectError(reply, 401, 'INVALID_KEY', MESSAGES.INVALID_KEY);
        expect(rateLimitOf(reply)).toMatchObject({ limit: 0, remaining: 0 });
        expectError(await call('/prompts', { key: 'k'.repeat(10_000) }), 401, 'INVALID_KEY', MESSAGES.INVALID_KEY);
      });
      it('401 wins over 400 and 404', async () => {
        expectError(await call('/prompts/-bad-', { key: null }), 401, 'UNAUTHORIZED', MESSAGES.UNAUTHORIZED);
        expectError(await call(`/prompts/${UNKNOWN_ID}`, { key: UNKNOWN_KEY }), 401, 'INVALID_KEY', MESSAGES.INVALID_KEY);
        expectError(await call('/prompts?include_versions=maybe', { key: UNKNOWN_KEY }), 401, 'INVALID_KEY', MESSAGES.INVALID_KEY);
      });
    });

    describe('methods', () => {
      it.each(WRITE_METHODS)('%s is 405 METHOD_NOT_ALLOWED on every path, before auth', async (method) => {
        // Against a real service, write methods go only to identifiers that do not exist, without a key
        // (405 wins over 401, so a conforming service still answers 405): nothing may ever be written.
        const real = target.transport === 'real';
        const writePaths = real ? ['/prompts', '/composers', `/prompts/${UNKNOWN_ID}`, `/composers/${UNKNOWN_ID}`] : paths();
        const keys = real ? [null] : [target.key, null, UNKNOWN_KEY];
        for (const path of writePaths) {
          for (const key of keys) {
            // Bodies only against the mock.
            const body = target.db && ['POST', 'PUT', 'PATCH'].includes(method) ? '{"promptName":"x"}' : undefined;
            const reply = await call(path, { method, key, body, headers: body ? { 'Content-Type': 'application/json' } : {} });
            expect(reply.status).toBe(405);
            // A HEAD response never has a body.
            if (method !== 'HEAD') expect(reply.body).toEqual({ error: MESSAGES.METHOD_NOT_ALLOWED, code: 'METHOD_NOT_ALLOWED' });
          }
        }
      });
      it('OPTIONS is the CORS preflight: 204, no key needed, GET and Authorization allowed', async () => {
        for (const path of [...paths(), '/prompts/-not-even-valid-']) {
          const reply = await call(path, {
            method: 'OPTIONS',
            key: null,
            headers: { Origin: 'https://app.example', 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'authorization' },
          });
          expect(reply.status).toBe(204);
          expect(reply.headers.get('access-control-allow-methods')).toMatch(/\bGET\b/);
          expect(reply.headers.get('access-control-allow-methods')).toMatch(/\bOPTIONS\b/);
          expect(reply.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization');
        }
      });
    });

    describe('metering and headers', () => {
      it('X-RateLimit-Reset is 00:00 UTC on the 1st of a coming month', async () => {
        const { reset } = rateLimitOf(await call('/prompts'));
        const date = new Date(reset * 1000);
        expect([date.getUTCDate(), date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds()]).toEqual([1, 0, 0, 0]);
      });
      it('401, 405 and OPTIONS do not count; 200, 400 and 404 count one each', async () => {
        const start = rateLimitOf(await call('/prompts')).remaining;
        await call('/prompts', { key: null });
        await call('/prompts', { key: UNKNOWN_KEY });
        await call('/prompts', { method: 'DELETE' });
        await call('/prompts', { method: 'OPTIONS', key: null });
        expect(rateLimitOf(await call(`/prompts/${UNKNOWN_ID}`)).remaining).toBe(start - 1);
        expect(rateLimitOf(await call('/prompts/-bad-')).remaining).toBe(start - 2);
        expect(rateLimitOf(await call('/composers')).remaining).toBe(start - 3);
      });
    });

    describe('odd input never produces a 500', () => {
      const odd = (id: string) => [
        '/prompts/%E0%A4%A', '/prompts/%', '/prompts/%00', '/prompts/%2F', '/prompts/a%2Fb', '/prompts/..%2F..%2Fetc%2Fpasswd',
        `/prompts/${id}/extra`, `/prompts/${id}/`, '/prompts/', `/prompts/${encodeURIComponent('🙂 ünïcödé')}`, `/prompts/${'a'.repeat(10_000)}`,
        `/prompts/${id}?version=${'9'.repeat(10_000)}`, `/prompts/${id}?version=%E0%A4%A`, `/prompts/${id}?version=1&version=2`,
        `/prompts?include_versions=true&include_versions=false`, `/prompts?${'x'.repeat(5_000)}=1`, `/prompts/${id}?version[]=1`,
        `/prompts/${encodeURIComponent('<script>alert(1)</script>')}`, `/composers/%E0%A4%A`, `/composers/${'b'.repeat(10_000)}`,
        `/prompts?include_versions=${'t'.repeat(10_000)}`, `/prompts/${id}?version=%00`, `/prompts/${id.toUpperCase()}`,
      ];
      it('answers each with a JSON 2xx/4xx and the standard headers', async () => {
        for (const path of odd(target.promptId)) {
          const reply = await call(path);
          expect(reply.status, path).toBeLessThan(500);
          expect(reply.body, path).toBeDefined();
        }
      });
    });

    if (target.db) defineMockChecks(target, call);
  });
}
