// A small stand-in for Upstash's REST API in front of a real redis-server, for the tests: what Upstash (or
// a Redis-over-HTTP proxy such as SRH) does, reduced to what `upstashStore` and `@upstash/redis` send.
// `POST /` with a JSON array (one command) and `Authorization: Bearer <token>`; 200 `{ "result": ... }`,
// 400 `{ "error": "..." }` for a Redis error, 401 for another token; `POST /pipeline` with an array of
// commands, 200 with an array of those answers. With `Upstash-Encoding: base64`
// (what `@upstash/redis` asks for), string results are base64, as Upstash sends them.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { createClient } from 'redis';

/** `up`: answers; `failing`: every command gets a 500; `hanging`: no command is answered until `up` again. */
export type ShimMode = 'up' | 'failing' | 'hanging';

export interface RestShim {
  /** The REST URL, `http://127.0.0.1:<port>`. */
  url: string;
  token: string;
  /** Commands answered so far, by name (`SET`, `GET`, `EVAL` ...). */
  commands: string[];
  mode(next: ShimMode): void;
  close(): Promise<void>;
}

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk)).on('end', () => resolve(Buffer.concat(chunks).toString('utf8'))).on('error', reject);
  });

const base64 = (value: unknown): unknown =>
  typeof value === 'string' ? Buffer.from(value, 'utf8').toString('base64') : Array.isArray(value) ? value.map(base64) : value;

/** Starts the shim on a free loopback port, with its own connection to the Redis at `redisUrl`. */
export async function startRestShim(redisUrl: string, token = 'test-token'): Promise<RestShim> {
  // Like the store's own client: a command fails at once while Redis is away, and hangs while it is paused.
  const redis = createClient({ url: redisUrl, disableOfflineQueue: true, socket: { reconnectStrategy: () => 100 } }).on('error', () => {});
  await redis.connect().catch(() => {});
  let mode: ShimMode = 'up';
  const waiting = new Set<() => void>();
  const commands: string[] = [];
  const server: Server = createServer(async (request, response) => {
    const reply = (status: number, body: object) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    const text = await readBody(request);
    if (request.method !== 'POST' || request.headers.authorization !== `Bearer ${token}`) return reply(401, { error: 'Unauthorized' });
    if (mode === 'hanging') await new Promise<void>((resolve) => waiting.add(resolve));
    if (mode === 'failing') return reply(500, { error: 'ERR the shim is failing' });
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return reply(400, { error: 'ERR failed to parse command' });
    }
    const encode = request.headers['upstash-encoding'] === 'base64' ? base64 : (value: unknown) => value;
    const run = async (command: unknown[]) => {
      const args = command.map(String);
      commands.push(args[0]!.toUpperCase());
      try {
        return { result: encode(await redis.sendCommand(args)) };
      } catch (error) {
        return { error: error instanceof Error ? error.message : String(error) };
      }
    };
    // `/pipeline`: an array of commands, answered in order (not atomically), each with its result or error.
    if (request.url === '/pipeline') return reply(200, await Promise.all((body as unknown[][]).map(run)));
    const answer = await run(body as unknown[]);
    reply('error' in answer ? 400 : 200, answer);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    token,
    commands,
    mode(next) {
      mode = next;
      if (next !== 'hanging') for (const resume of waiting) resume();
      waiting.clear();
    },
    async close() {
      for (const resume of waiting) resume();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      redis.destroy();
    },
  };
}
