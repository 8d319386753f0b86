// What the cache holds never goes back in time: a write that waited (a slow store taking a list's body)
// lands after a newer one without setting the cache back to the older list.
import { memoryStore, type PromptCacheStore } from 'prompt-composer-react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { frozenClock, instance, mockApi, settle } from './harness.ts';

afterEach(() => {
  vi.useRealTimers();
});

/** A memory store whose first write of a list's body takes `delayMs` (a large value on a busy store). */
function slowFirstListWrite(delayMs: number): PromptCacheStore {
  const store = memoryStore();
  let first = true;
  return {
    ...store,
    set(key, value, ttlMs) {
      if (!key.includes(':list:') || !first) return store.set(key, value, ttlMs);
      first = false;
      return new Promise((resolve) => setTimeout(() => resolve(store.set(key, value, ttlMs)), delayMs));
    },
  };
}

describe('given a store slow to take a list', () => {
  it('a refresh that lands while the first list is still on its way stays: no list goes back, nothing is fetched again', async () => {
    const advance = frozenClock();
    const api = mockApi();
    const server = instance({ ttlMs: 60_000, store: slowFirstListWrite(300) });
    await server.client.listPrompts();
    advance(60_001);
    await server.client.getPrompt('welcome-email'); // stale: the list refreshes
    await new Promise((resolve) => setTimeout(resolve, 400)); // the first list's body and stamp land now
    await settle(server);
    expect(api.seen).toHaveLength(2);
    await server.client.getPrompt('welcome-email');
    await server.client.listPrompts();
    await settle(server);
    expect(api.seen).toHaveLength(2);
  });
});
