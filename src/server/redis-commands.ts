// The cache store's operations as Redis commands: one set for every way of reaching Redis, node-redis over
// TCP (`redisStore`) and Redis over HTTP (`upstashStore`).
import type { PromptCacheStore } from '../api/cache/store.ts';

/** Deletes KEYS[1] only while it holds ARGV[1], atomically: how a server lets go of its own lock only. */
const DELETE_IF_SCRIPT = "if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) else return 0 end";

/** Sends one Redis command, such as `['SET', 'key', 'value', 'NX', 'PX', '15000']`, and resolves with its reply. */
export type SendCommand = (args: string[]) => Promise<unknown>;

/**
 * The five operations of a `PromptCacheStore` over `send`: values are strings; a TTL is `PX` (whole
 * milliseconds, at least 1); `add` is `SET NX PX`, atomic; `deleteIf` is a script that compares, then deletes.
 */
export function commandStore(send: SendCommand): Required<PromptCacheStore> {
  const milliseconds = (ttlMs: number) => String(Math.max(1, Math.ceil(ttlMs)));
  return {
    async get(key) {
      const value = await send(['GET', key]);
      return typeof value === 'string' ? value : undefined;
    },
    set: (key, value, ttlMs) => send(ttlMs === undefined ? ['SET', key, value] : ['SET', key, value, 'PX', milliseconds(ttlMs)]),
    add: async (key, value, ttlMs) => (await send(['SET', key, value, 'NX', 'PX', milliseconds(ttlMs)])) === 'OK',
    delete: (key) => send(['DEL', key]),
    deleteIf: async (key, value) => Number(await send(['EVAL', DELETE_IF_SCRIPT, '1', key, value])) === 1,
  };
}
