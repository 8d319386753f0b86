// The two ways the tests reach their redis-server, so that each store and fleet test runs on both:
// `redisStore` (node-redis over TCP) and `upstashStore` (Redis over HTTP, through the REST shim).
import type { PromptCacheStore } from 'prompt-composer-react';
import { redisStore, upstashStore } from 'prompt-composer-react/server';
import { startRestShim, type RestShim } from './redis-rest-shim.ts';

export interface StoreKind {
  name: 'redisStore' | 'upstashStore';
  /** Makes `store(url)` possible for a Redis URL (starts its REST shim); call it before `store(url)`. */
  prepare(redisUrl: string): Promise<void>;
  /** A store of its own on the Redis at `redisUrl`, closed by `closeAll`. */
  store(redisUrl: string): PromptCacheStore;
  /** A store whose server does not answer (nothing listens on `port`). */
  nowhere(port: number): PromptCacheStore;
  /** The REST shim in front of `redisUrl` (upstashStore only). */
  shim(redisUrl: string): RestShim | undefined;
  closeAll(): Promise<void>;
}

export function redisKind(): StoreKind {
  const stores: { close(): Promise<void> }[] = [];
  const own = <T extends { close(): Promise<void> }>(store: T) => (stores.push(store), store);
  return {
    name: 'redisStore',
    prepare: async () => {},
    store: (url) => own(redisStore({ url })),
    nowhere: (port) => own(redisStore({ url: `redis://127.0.0.1:${port}` })),
    shim: () => undefined,
    closeAll: async () => void (await Promise.all(stores.splice(0).map((store) => store.close()))),
  };
}

export function upstashKind(): StoreKind {
  const shims = new Map<string, RestShim>();
  const shimOf = (url: string) => {
    const shim = shims.get(url);
    if (!shim) throw new Error(`no REST shim for ${url}: prepare() it first`);
    return shim;
  };
  return {
    name: 'upstashStore',
    async prepare(url) {
      if (!shims.has(url)) shims.set(url, await startRestShim(url));
    },
    store: (url) => upstashStore({ url: shimOf(url).url, token: shimOf(url).token }),
    nowhere: (port) => upstashStore({ url: `http://127.0.0.1:${port}`, token: 'test-token' }),
    shim: (url) => shims.get(url),
    closeAll: async () => {
      await Promise.all([...shims.values()].map((shim) => shim.close()));
      shims.clear();
    },
  };
}
