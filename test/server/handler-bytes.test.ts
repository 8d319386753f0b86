// What a cached read of the handler costs: bytes, ETag and compressed variants made once per record and
// sent as they are; a revalidation that compares tags and never touches the body; the same bytes and tags
// on every server of a fleet sharing Redis; new ones after a refresh; the key in none of them.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { HttpResponse, http } from 'msw';
import { memoryStore } from 'prompt-composer-react';
import { createPromptApiHandler, redisStore, type RedisStore } from 'prompt-composer-react/server';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startRedisServer, type RunningRedisServer } from '../../scripts/redis-server.mjs';
import { accountOf, BASE_URL, frozenClock, type Instance, instance, mockApi, settle } from '../api/cache/harness.ts';
import { server as msw } from '../msw-server.ts';

const APP = 'https://app.test/api/prompt-api';
const LIST = '/prompts';
const WITH_VERSIONS = '/prompts?include_versions=true';
const ITEM = '/prompts/p7';
/** An account whose lists are large (over a megabyte with versions) beside records of a few hundred bytes. */
const PROMPTS = 1500;

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

/** A handler on a cached client of a large account; `get` calls it as a browser would. */
function setup(server: Instance = instance({ ttlMs: 60_000 }, 'pk_large')) {
  const api = mockApi(accountOf(PROMPTS));
  api.db.addKey({ key: 'pk_large', plan: 'pro' });
  const handler = createPromptApiHandler({ client: server.client });
  const get = (path: string, headers: Record<string, string> = {}) => handler(new Request(`${APP}${path}`, { headers }));
  return { api, server, get };
}

/** The body of a response as it came: bytes, not decoded. */
const raw = async (response: Response) => new Uint8Array(await response.arrayBuffer());

/** The body decoded as its `Content-Encoding` says, as text. */
async function decoded(response: Response): Promise<string> {
  const bytes = await raw(response);
  const encoding = response.headers.get('content-encoding');
  const plain = encoding === 'gzip' ? gunzipSync(bytes) : encoding === 'br' ? brotliDecompressSync(bytes) : bytes;
  return new TextDecoder().decode(plain);
}

/**
 * Spies on what touching a body would take: parsing JSON longer than `bytes`, encoding text that long to
 * UTF-8, and hashing anything.
 */
function watchBodies(bytes: number) {
  const parse = vi.spyOn(JSON, 'parse');
  const encode = vi.spyOn(TextEncoder.prototype, 'encode');
  const digest = vi.spyOn(crypto.subtle, 'digest');
  const longer = (calls: unknown[][]) => calls.filter(([text]) => typeof text === 'string' && text.length > bytes).length;
  return { parsed: () => longer(parse.mock.calls), encoded: () => longer(encode.mock.calls), hashed: () => digest.mock.calls.length };
}

describe('given a warm cache', () => {
  it.each([
    ['the list', LIST],
    ['the list with versions', WITH_VERSIONS],
    ['an item', ITEM],
  ])('a revalidation of %s is a 304 that reads no body: nothing parsed, encoded or hashed', async (_, path) => {
    const { get } = setup();
    for (const accept of [{}, { 'accept-encoding': 'gzip, br' }] as Record<string, string>[]) {
      const first = await get(path, accept);
      expect(first.status).toBe(200);
      await raw(first);
      const tag = first.headers.get('etag')!;
      const watch = watchBodies(200);
      const again = await get(path, { ...accept, 'if-none-match': tag });
      const star = await get(path, { ...accept, 'if-none-match': '*' });
      expect([again.status, star.status]).toEqual([304, 304]);
      expect(again.headers.get('etag')).toBe(tag);
      expect(await again.text()).toBe('');
      expect({ parsed: watch.parsed(), encoded: watch.encoded(), hashed: watch.hashed() }).toEqual({ parsed: 0, encoded: 0, hashed: 0 });
      vi.restoreAllMocks();
    }
  });

  it('a read of a record made before sends its bytes: the list is parsed, encoded and hashed once, not per read', async () => {
    const { get } = setup();
    await raw(await get(LIST));
    const watch = watchBodies(10_000);
    const bodies = [];
    for (let read = 0; read < 5; read++) bodies.push(await decoded(await get(LIST)));
    expect({ parsed: watch.parsed(), encoded: watch.encoded(), hashed: watch.hashed() }).toEqual({ parsed: 0, encoded: 0, hashed: 0 });
    expect(new Set(bodies).size).toBe(1);
    expect(JSON.parse(bodies[0]!)).toHaveLength(PROMPTS);
  });

  it('gzip and br are made once per record, each with its own ETag; identity, short bodies and refused encodings are sent as they are', async () => {
    const { get } = setup();
    const responses = [
      await get(LIST),
      await get(LIST, { 'accept-encoding': 'gzip' }),
      await get(LIST, { 'accept-encoding': 'gzip;q=0.5, br' }),
      await get(LIST, { 'accept-encoding': '*' }),
      await get(LIST, { 'accept-encoding': 'gzip;q=0, br;q=0' }),
    ];
    expect(responses.map((response) => response.headers.get('content-encoding'))).toEqual([null, 'gzip', 'br', 'br', null]);
    const sizes = await Promise.all(responses.map(async (response) => (await raw(response.clone())).byteLength));
    const texts = await Promise.all(responses.map(decoded));
    expect(new Set(texts).size).toBe(1);
    const [plain, gzip, br, star] = responses as [Response, Response, Response, Response, Response];
    const plainBody = texts[0]!;
    const tags = [plain, gzip, br].map((response) => response.headers.get('etag'));
    expect(new Set(tags).size).toBe(3);
    expect(star.headers.get('etag')).toBe(tags[2]);
    responses.forEach((response, index) => {
      expect(response.headers.get('vary')).toBe('Accept-Encoding');
      expect(Number(response.headers.get('content-length'))).toBe(sizes[index]);
    });
    // A list on the wire compressed: a small share of its bytes.
    expect(sizes[1]).toBeLessThan(0.15 * new TextEncoder().encode(plainBody).byteLength);
    // Each tag revalidates its own encoding; an encoding the request no longer accepts is sent again.
    expect((await get(LIST, { 'accept-encoding': 'gzip', 'if-none-match': tags[1]! })).status).toBe(304);
    expect((await get(LIST, { 'if-none-match': tags[1]! })).status).toBe(200);
    // An item of a few hundred bytes is not worth compressing.
    const item = await get(ITEM, { 'accept-encoding': 'gzip, br' });
    expect(item.headers.get('content-encoding')).toBeNull();
    expect(item.headers.get('vary')).toBe('Accept-Encoding');
  });

  it('compresses nothing with compress: false, nor by default for a Next.js route handler (Next drops Content-Encoding)', async () => {
    mockApi();
    const { client } = instance();
    const request = () => new Request(`${APP}${LIST}`, { headers: { 'accept-encoding': 'br, gzip' } });
    // What Next.js hands a route handler: a NextRequest, a Request with `nextUrl`.
    const nextRequest = () => Object.assign(request(), { nextUrl: new URL(`${APP}${LIST}`) });
    const off = await createPromptApiHandler({ client, compress: false })(request());
    const underNext = await createPromptApiHandler({ client })(nextRequest());
    const forced = await createPromptApiHandler({ client, compress: true })(nextRequest());
    for (const response of [off, underNext]) {
      expect(response.headers.get('content-encoding')).toBeNull();
      expect(response.headers.get('vary')).toBeNull();
      expect((JSON.parse(await response.text()) as unknown[]).length).toBeGreaterThan(0);
    }
    expect(forced.headers.get('content-encoding')).toBe('br');
  });

  it('concurrent reads of one record share one set of bytes', async () => {
    const { get } = setup();
    await raw(await get(WITH_VERSIONS));
    const watch = watchBodies(10_000);
    const responses = await Promise.all(Array.from({ length: 20 }, () => get(WITH_VERSIONS, { 'accept-encoding': 'gzip' })));
    expect(new Set(responses.map((response) => response.headers.get('etag'))).size).toBe(1);
    expect(new Set(await Promise.all(responses.map(decoded))).size).toBe(1);
    expect({ parsed: watch.parsed(), encoded: watch.encoded(), hashed: watch.hashed() }).toEqual({ parsed: 0, encoded: 0, hashed: 0 });
  });
});

describe('a record rewritten by a refresh', () => {
  it('gets new bytes and a new ETag; the old ETag no longer revalidates', async () => {
    const advance = frozenClock();
    const { api, server, get } = setup();
    const before = await get(ITEM);
    const beforeTag = before.headers.get('etag')!;
    expect(JSON.parse(await decoded(before))).toMatchObject({ version: '1.0.0' });
    const listTag = (await get(LIST)).headers.get('etag')!;
    api.db.addPrompt({ ...(await server.client.getPrompt('p7')), version: '2.0.0', systemMessage: 'Published since.' });
    advance(60_001);
    await raw(await get(ITEM)); // stale: answered, and the list refreshes for the fleet
    await settle(server);
    const after = await get(ITEM, { 'if-none-match': beforeTag });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(beforeTag);
    expect(JSON.parse(await decoded(after))).toMatchObject({ version: '2.0.0', systemMessage: 'Published since.' });
    expect((await get(LIST, { 'if-none-match': listTag })).status).toBe(200);
  });
});

describe('the key', () => {
  const SECRET = 'pk_secret/bytes"key_0123456789';
  const FORMS = [SECRET, JSON.stringify(SECRET).slice(1, -1), encodeURIComponent(SECRET)];

  it('is in no stored value and in no encoding of the bytes sent, when the API echoes it in content', async () => {
    const values: string[] = [];
    const store = memoryStore();
    const watched = { ...store, set: (key: string, value: string, ttlMs?: number) => (values.push(value), store.set(key, value, ttlMs)) };
    const server = instance({ ttlMs: 60_000, store: watched }, SECRET);
    const { api, get } = setup(server);
    api.db.addKey({ key: SECRET, plan: 'pro' });
    // The API (or a proxy in front of it) echoes the key inside a prompt, escaped as PHP writes JSON.
    const echo = (key: string) => JSON.stringify(key).slice(1, -1).replaceAll('/', '\\/').replace('p', '\\u0070');
    msw.use(
      http.get(`${BASE_URL}/prompts`, ({ request }) => {
        const key = (request.headers.get('authorization') ?? '').replace('Bearer ', '');
        const prompts = api.db.listPrompts({ includeVersions: true }).slice(0, 3);
        const body = JSON.stringify(prompts).replace('"systemMessage":"', `"systemMessage":"${echo(key)} `);
        return new HttpResponse(body, { headers: { 'content-type': 'application/json' } });
      }),
    );
    const sent: string[] = [];
    for (const path of [LIST, WITH_VERSIONS, '/prompts/p0']) {
      for (const accept of [{}, { 'accept-encoding': 'gzip' }, { 'accept-encoding': 'br' }] as Record<string, string>[]) {
        const response = await get(path, accept);
        expect(response.status).toBe(200);
        sent.push(new TextDecoder('latin1').decode(await raw(response.clone())), await decoded(response));
      }
    }
    expect(sent.join('\n')).toContain('(API key)');
    for (const text of [...sent, ...values]) for (const form of FORMS) expect(text).not.toContain(form);
  });
});

describe('a fleet sharing Redis', () => {
  let redis: RunningRedisServer;
  const stores: RedisStore[] = [];
  beforeAll(async () => {
    redis = await startRedisServer();
  });
  afterAll(async () => {
    await Promise.all(stores.map((store) => store.close()));
    await redis.stop();
  });
  const onRedis = () => {
    const store = redisStore({ url: redis.url });
    stores.push(store);
    // A store budget a busy test machine cannot exceed: this is about the bytes, not the budget.
    return instance({ ttlMs: 60_000, store, storeBudgetMs: 2000 }, 'pk_large');
  };

  it('every server sends the same bytes and ETags, each encoding included, and the second server asks the API nothing', async () => {
    const first = setup(onRedis());
    const paths = [LIST, WITH_VERSIONS, ITEM, '/prompts/p7?version=1.0.0'];
    const encodings: Record<string, string>[] = [{}, { 'accept-encoding': 'gzip' }, { 'accept-encoding': 'br' }];
    const answers = async (get: typeof first.get) => {
      const seen: string[] = [];
      for (const path of paths) {
        for (const accept of encodings) {
          const response = await get(path, accept);
          seen.push(`${path} ${response.headers.get('content-encoding')} ${response.headers.get('etag')} ${Buffer.from(await raw(response)).toString('base64')}`);
        }
      }
      return seen;
    };
    const fromFirst = await answers(first.get);
    await settle(first.server);
    const upstream = first.api.seen.length;
    const second = createPromptApiHandler({ client: onRedis().client });
    const fromSecond = await answers((path, headers = {}) => second(new Request(`${APP}${path}`, { headers })));
    expect(fromSecond).toEqual(fromFirst);
    expect(first.api.seen).toHaveLength(upstream);
  });
});
