// The handler behind the compression users' stacks already run: Hono with its `compress` middleware, and
// Express 5 with `compression`. The handler compresses a large body once per record; the stack must not
// compress it again, and each encoding keeps its own ETag. (Next.js's own compression: the Next.js
// example's end-to-end run, examples/next-app/e2e.mjs.)
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { createRequestListener } from '@remix-run/node-fetch-server';
import compression from 'compression';
import express from 'express';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { createPromptApiHandler } from 'prompt-composer-react/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountOf, instance, mockApi } from '../api/cache/harness.ts';

const LIST = '/api/prompt-api/prompts?include_versions=true';
const ITEM = '/api/prompt-api/prompts/p3';

/** A status, headers and bytes as they came over the wire, not decoded. */
interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  bytes: Buffer;
}

function handlerOfLargeAccount() {
  const api = mockApi(accountOf(300));
  api.db.addKey({ key: 'pk_stack', plan: 'pro' });
  return createPromptApiHandler({ client: instance({ ttlMs: 60_000 }, 'pk_stack').client });
}

/** `bytes` decoded once, as `encoding` says. */
function decodeOnce(encoding: string | undefined, bytes: Buffer): Buffer {
  if (encoding === 'gzip') return gunzipSync(bytes);
  if (encoding === 'br') return brotliDecompressSync(bytes);
  return bytes;
}

/** What each stack must show: one encoding (the handler's), decoding once to the identity body; a tag per encoding, each a 304. */
async function expectCompressedOnce(get: (path: string, headers: Record<string, string>) => Promise<RawAnswer>) {
  const plain = await get(LIST, {});
  expect(plain.status).toBe(200);
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(JSON.parse(plain.bytes.toString())).toHaveLength(300);
  const tags = [String(plain.headers.etag)];
  for (const [accept, encoding] of [
    ['gzip', 'gzip'],
    ['gzip, deflate, br', 'br'],
    ['br', 'br'],
  ] as const) {
    const answer = await get(LIST, { 'accept-encoding': accept });
    expect(answer.headers['content-encoding']).toBe(encoding);
    expect(decodeOnce(encoding, answer.bytes).equals(plain.bytes)).toBe(true);
    expect(String(answer.headers.vary)).toMatch(/accept-encoding/i);
    const tag = String(answer.headers.etag);
    tags.push(tag);
    expect((await get(LIST, { 'accept-encoding': accept, 'if-none-match': tag })).status).toBe(304);
  }
  expect(new Set(tags).size).toBe(3);
  // An item the handler leaves as it is (a few hundred bytes): whatever the stack does, it is encoded once.
  const item = await get(ITEM, { 'accept-encoding': 'gzip' });
  expect(JSON.parse(decodeOnce(item.headers['content-encoding'] as string | undefined, item.bytes).toString())).toMatchObject({ promptId: 'p3' });
}

describe('Hono with compress()', () => {
  it('compresses nothing the handler compressed; each encoding keeps its ETag', async () => {
    const handler = handlerOfLargeAccount();
    const app = new Hono();
    app.use(compress());
    app.all('/api/prompt-api/*', (context) => handler(context.req.raw));
    await expectCompressedOnce(async (path, headers) => {
      const response = await app.request(path, { headers });
      return { status: response.status, headers: Object.fromEntries(response.headers), bytes: Buffer.from(await response.arrayBuffer()) };
    });
  });
});

describe('Express 5 with compression()', () => {
  let server: Server;
  let port: number;
  beforeAll(async () => {
    const app = express();
    app.use(compression());
    const handler = handlerOfLargeAccount();
    // As docs/server/express.md serves it: a route, not a mount (a mount strips its path from req.url).
    app.all('/api/prompt-api/{*path}', createRequestListener(handler));
    server = createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('compresses nothing the handler compressed; each encoding keeps its ETag', async () => {
    await expectCompressedOnce(
      (path, headers) =>
        new Promise((resolve, reject) => {
          httpRequest({ host: '127.0.0.1', port, path, headers }, (response) => {
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, bytes: Buffer.concat(chunks) }));
          })
            .on('error', reject)
            .end();
        }),
    );
  });
});
