import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { createMockDb, FIXTURE_KEYS } from 'prompt-composer-react/mocks';
import { startMockServer } from 'prompt-composer-react/mocks/server';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

const auth = { Authorization: `Bearer ${FIXTURE_KEYS.free}` };

describe('startMockServer', () => {
  it('listens on 127.0.0.1 with a free port and shares the db it is given', async () => {
    const db = createMockDb();
    const server = await startMockServer({ db });
    try {
      expect(server.url).toBe(`http://127.0.0.1:${server.port}`);
      expect(server.db).toBe(db);
      const response = await fetch(`${server.url}/prompts/welcome-email`, { headers: auth });
      expect(response.status).toBe(200);
      expect(db.usageOf(FIXTURE_KEYS.free)?.used).toBe(1);
    } finally {
      await server.close();
    }
  });

  it('serves under a basePath; other paths are a JSON 404 with the standard headers', async () => {
    const server = await startMockServer({ basePath: '/v1/' });
    try {
      expect(server.url).toMatch(/\/v1$/);
      expect((await fetch(`${server.url}/prompts`, { headers: auth })).status).toBe(200);
      const outside = await fetch(`${server.url.replace('/v1', '')}/prompts`, { headers: auth });
      expect(outside.status).toBe(404);
      expect(outside.headers.get('access-control-allow-origin')).toBe('*');
      expect(await outside.json()).toEqual({ error: 'Not found', code: 'NOT_FOUND' });
    } finally {
      await server.close();
    }
  });

  it('extra handlers run first and see request bodies, streamed', async () => {
    const server = await startMockServer({
      handlers: [http.post('*/echo', async ({ request }) => HttpResponse.json({ length: (await request.text()).length }))],
    });
    try {
      const response = await fetch(`${server.url}/echo`, { method: 'POST', body: 'x'.repeat(200_000) });
      expect(await response.json()).toEqual({ length: 200_000 });
      // An unread body on a 405 does not break the connection for the next request.
      expect((await fetch(`${server.url}/prompts`, { method: 'POST', body: 'y'.repeat(100_000) })).status).toBe(405);
      expect((await fetch(`${server.url}/prompts`, { headers: auth })).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('a network-error fault destroys the socket', async () => {
    const server = await startMockServer();
    try {
      server.db.faults.inject({ kind: 'network-error' });
      const error = await new Promise<Error>((resolve) => {
        httpRequest(`${server.url}/prompts`, { headers: auth }, () => resolve(new Error('got a response'))).on('error', resolve).end();
      });
      expect((error as NodeJS.ErrnoException).code).toBe('ECONNRESET');
    } finally {
      await server.close();
    }
  });

  it('close() also closes idle keep-alive connections', async () => {
    const server = await startMockServer();
    // A raw socket (msw intercepts http clients, not net): one keep-alive request, then idle.
    const socket = connect(server.port, '127.0.0.1');
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    const responded = new Promise<string>((resolve) => socket.once('data', (chunk) => resolve(chunk.toString())));
    socket.write(`GET /prompts HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\nAuthorization: Bearer ${FIXTURE_KEYS.free}\r\n\r\n`);
    expect(await responded).toMatch(/^HTTP\/1\.1 200 OK/);
    await server.close();
    await closed;
    expect(socket.destroyed).toBe(true);
  });

  it('rejects when the port is taken', async () => {
    const first = await startMockServer();
    try {
      await expect(startMockServer({ port: first.port })).rejects.toThrow(/EADDRINUSE/);
    } finally {
      await first.close();
    }
  });
});
