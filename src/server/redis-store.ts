// A PromptCacheStore on Redis (or Valkey), through node-redis: the store a fleet of servers shares.
import type { PromptCacheStore } from '../api/cache/store.ts';
import { commandStore } from './redis-commands.ts';

/**
 * The one method of a node-redis client (`redis` 4 to 6, `createClient()`) the store calls. Any client
 * with a compatible `sendCommand` works.
 */
export interface RedisCommandClient {
  /** Sends one command, such as `['SET', 'key', 'value', 'NX', 'PX', '15000']`, and resolves with its reply. */
  sendCommand(args: string[]): Promise<unknown>;
}

/** Options of `redisStore`: a URL the store connects to itself, or a client you connected. */
export type RedisStoreOptions =
  | {
      /**
       * A Redis URL, such as `redis://localhost:6379` or `rediss://user:password@host:6380/0`. The store
       * creates its node-redis client (`npm install redis`) and connects at once, reconnects by itself, and
       * fails a command at once while disconnected (no offline queue), so the cache answers from memory
       * meanwhile.
       */
      url: string;
    }
  | {
      /**
       * A node-redis client you created and connected (and listen to for `error` events). Create it with
       * `disableOfflineQueue: true`: otherwise commands wait while Redis is away, and the cache waits for
       * each until its `storeTimeoutMs`.
       */
      client: RedisCommandClient;
    };

/** A `PromptCacheStore` on Redis. */
export interface RedisStore extends PromptCacheStore {
  /** Closes the connection the store opened for `{ url }`; a client you passed stays yours to close. */
  close(): Promise<void>;
}

/** What the store needs of the node-redis client it creates for a URL. */
interface OwnClient extends RedisCommandClient {
  readonly isReady: boolean;
  connect(): Promise<unknown>;
  close?(): Promise<unknown>;
  quit?(): Promise<unknown>;
  destroy?(): void;
  on(event: 'error', listener: (error: Error) => void): unknown;
  once(event: 'ready' | 'error', listener: () => void): unknown;
}

/** The client for `url`, from the optional peer dependency `redis`, imported when a store is created. */
async function createOwnClient(url: string): Promise<{ client: OwnClient; firstAttempt: Promise<void> }> {
  let createClient: (options: object) => OwnClient;
  try {
    // A literal, which bundlers and Workers' module walker can follow; left to Node at run time by webpack
    // (`redis` is an optional peer), and left unresolved by esbuild when not installed (in a `try`).
    ({ createClient } = (await import(/* webpackIgnore: true */ 'redis')) as unknown as { createClient: typeof createClient });
  } catch (cause) {
    throw new Error('redisStore({ url }) needs the redis package: npm install redis', { cause });
  }
  const client = createClient({
    url,
    // While Redis is away, a command fails at once instead of waiting in a queue: the cache answers from memory.
    disableOfflineQueue: true,
    socket: { connectTimeout: 2000, reconnectStrategy: (retries: number) => Math.min(100 * 2 ** retries, 1000) },
  });
  // Connection errors are reported by the cache, once per outage; without a listener they would crash the process.
  client.on('error', () => {});
  const firstAttempt = new Promise<void>((resolve) => {
    client.once('ready', resolve);
    client.once('error', resolve);
  });
  // Keeps trying by the reconnect strategy; commands fail fast until it succeeds.
  client.connect().catch(() => {});
  return { client, firstAttempt };
}

/**
 * A `PromptCacheStore` on Redis (or Valkey, which speaks the same protocol), for a cache shared by every
 * server of a fleet: `createPromptCache({ store: redisStore({ url: process.env.REDIS_URL }) })`. Values are
 * strings under keys that start with `prompt-cache:`; locks are `SET key value NX PX ms`, released by a
 * script that deletes a lock only while it holds the server's own token. Give Redis a
 * `maxmemory` with an `allkeys-lru` policy: pinned versions are kept until evicted.
 *
 * When Redis is down, paused or unreachable, the cache answers from its own memory and the API (warned
 * once) and goes back to Redis when it answers again; a slow Redis costs a read at most its store budget.
 * Redis is a trusted store: whoever can write to it decides what every server serves.
 *
 * @example
 * import { createPromptApiClient, createPromptCache } from 'prompt-composer-react';
 * import { redisStore } from 'prompt-composer-react/server';
 *
 * const cache = createPromptCache({ store: redisStore({ url: process.env.REDIS_URL! }) });
 * const client = createPromptApiClient({ baseUrl: process.env.PROMPT_API_URL!, apiKey: process.env.PROMPT_API_KEY, cache });
 */
export function redisStore(options: RedisStoreOptions): RedisStore {
  // Connects at once, so the first requests find the connection made.
  let own = 'url' in options ? createOwnClient(options.url) : undefined;
  own?.catch(() => {});
  let waitedForFirstAttempt = false;

  async function client(): Promise<RedisCommandClient> {
    if ('client' in options) return options.client;
    if (!own) throw new Error('redisStore: closed');
    const { client, firstAttempt } = await own;
    // Only the first command waits for the first connection; later ones fail at once while disconnected.
    if (!waitedForFirstAttempt) {
      await firstAttempt;
      waitedForFirstAttempt = true;
    }
    if (!client.isReady) throw new Error('Redis is not connected (reconnecting)');
    return client;
  }
  return {
    ...commandStore(async (args) => (await client()).sendCommand(args)),
    async close() {
      if (!own) return;
      const { client } = await own;
      own = undefined;
      // Connected: let the replies in flight arrive. Reconnecting: stop trying at once.
      if (!client.isReady) return client.destroy?.();
      await (client.close ?? client.quit)?.call(client).catch(() => {});
    },
  };
}
