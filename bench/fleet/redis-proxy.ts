// A TCP proxy between the fleet's servers and redis-server, to make Redis slow on demand: every reply
// held `delayMs` before it is passed on (0: passed on at once). It runs in a process of its own (forked
// by fleet.ts with tsx), so that the load generator's busy event loop never delays the store's replies.
// When Redis goes away, the servers' connections through the proxy close, and they reconnect through it
// as they would to Redis itself.
import { fork } from 'node:child_process';
import { connect, createServer, type Socket } from 'node:net';
import { fileURLToPath } from 'node:url';

/** A running proxy. */
export interface RedisProxy {
  /** `redis://127.0.0.1:<port>` of the proxy. */
  url: string;
  /** Holds every reply from now on for `delayMs` (0 to stop); resolves once the proxy has it. */
  delay(delayMs: number): Promise<void>;
  close(): void;
}

/** Starts a proxy process to the Redis on `127.0.0.1:redisPort`. */
export async function startRedisProxy(redisPort: number): Promise<RedisProxy> {
  const child = fork(fileURLToPath(import.meta.url), [String(redisPort)], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (message: { port: number }) => resolve(message.port));
    child.once('exit', (code) => reject(new Error(`the Redis proxy exited with ${code}`)));
  });
  return {
    url: `redis://127.0.0.1:${port}`,
    delay: (delayMs) => new Promise<void>((resolve) => (child.once('message', () => resolve()), child.send({ delayMs }))),
    close: () => void child.kill(),
  };
}

/** The proxy itself, in its child process. */
function serve(redisPort: number) {
  let delayMs = 0;
  const proxy = createServer((client) => {
    const upstream = connect(redisPort, '127.0.0.1');
    client.on('data', (chunk) => upstream.write(chunk));
    // Replies keep their order (a client matches them to its commands by it): one held back delays the
    // ones after it, also once the delay is off again.
    let lastRelease = 0;
    upstream.on('data', (chunk) => {
      const release = Math.max(Date.now() + delayMs, lastRelease);
      lastRelease = release;
      if (release <= Date.now()) client.write(chunk);
      else setTimeout(() => client.write(chunk), release - Date.now());
    });
    const close = () => {
      client.destroy();
      upstream.destroy();
    };
    for (const socket of [client, upstream] as Socket[]) socket.on('error', close).on('close', close);
  });
  proxy.listen(0, '127.0.0.1', () => process.send?.({ port: (proxy.address() as { port: number }).port }));
  process.on('message', (message: { delayMs: number }) => {
    delayMs = message.delayMs;
    process.send?.({ delayMs });
  });
  process.on('disconnect', () => process.exit(0));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) serve(Number(process.argv[2]));
