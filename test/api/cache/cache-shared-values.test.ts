// Reads made in the server process through a cached client (Server Components, route loaders): a record
// is parsed once for the reads that overlap, not once per read, and what they share is read-only.
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server as msw } from '../../msw-server.ts';
import { accountOf, BASE_URL, frozenClock, instance, mockApi, rejection, settle } from './harness.ts';

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

/** How many times JSON longer than `length` characters is parsed from now on. */
function parsesLongerThan(length: number): () => number {
  const parse = vi.spyOn(JSON, 'parse');
  return () => parse.mock.calls.filter(([text]) => typeof text === 'string' && text.length > length).length;
}

describe('given a cached client in the server process', () => {
  it('concurrent reads of a list parse it once: each gets its own array, holding the same frozen items', async () => {
    mockApi(accountOf(1500));
    const { client } = instance({ ttlMs: 60_000 });
    await client.listPrompts({ includeVersions: true });
    const parses = parsesLongerThan(10_000);
    const lists = await Promise.all(Array.from({ length: 20 }, () => client.listPrompts()));
    expect(parses()).toBe(1);
    expect(lists[0]).toHaveLength(1500);
    expect(lists[0]).not.toBe(lists[1]);
    expect(lists[0]![42]).toBe(lists[1]![42]);
    // The array is the reader's own: sorting or adding to it changes no other read.
    lists[0]!.reverse().push(lists[0]![0]!);
    expect(lists[1]![0]!.promptId).toBe('p0');
    expect(lists[1]).toHaveLength(1500);
    // What it holds is shared, and read-only.
    const item = lists[1]![7]!;
    expect(Object.isFrozen(item) && Object.isFrozen(item.config)).toBe(true);
    expect(() => Object.assign(item, { promptName: 'changed' })).toThrow(TypeError);
  });

  it('an item read is the reader’s own object; its nested values are shared and read-only', async () => {
    mockApi();
    const { client } = instance({ ttlMs: 60_000 });
    const [first, second] = await Promise.all([client.getPrompt('welcome-email'), client.getPrompt('welcome-email')]);
    expect(first).not.toBe(second);
    expect(first).toEqual(second);
    first.promptName = 'Mine';
    expect(second.promptName).not.toBe('Mine');
    expect(first.config).toBe(second.config);
    expect(() => ((first.config as { model: string }).model = 'other')).toThrow(TypeError);
  });

  it('a refresh brings new values: reads after it are not answered from the old parse', async () => {
    const advance = frozenClock();
    const api = mockApi();
    const server = instance({ ttlMs: 60_000 });
    const before = await server.client.getPrompt('support-reply');
    api.db.addPrompt({ ...before, version: '9.0.0', systemMessage: 'Since the refresh.' });
    advance(60_001);
    await server.client.getPrompt('support-reply');
    await settle(server);
    expect(await server.client.getPrompt('support-reply')).toMatchObject({ version: '9.0.0', systemMessage: 'Since the refresh.' });
  });

  it('a list that breaks the contract fails every read the same way, and is parsed once for all of them', async () => {
    const api = mockApi(accountOf(1500));
    msw.use(
      http.get(`${BASE_URL}/prompts`, () => {
        const prompts = api.db.listPrompts({ includeVersions: true });
        return HttpResponse.json(prompts.map((prompt, index) => (index === 3 ? { ...prompt, config: { ...prompt.config, temperature: 3 } } : prompt)));
      }),
    );
    const { client } = instance({ ttlMs: 60_000 });
    const first = await rejection(client.listPrompts());
    expect(first.code).toBe('INVALID_RESPONSE');
    expect(first.message).toContain('$[3].config.temperature');
    const parses = parsesLongerThan(10_000);
    for (let read = 0; read < 5; read++) expect((await rejection(client.listPrompts())).message).toBe(first.message);
    expect(parses()).toBeLessThanOrEqual(1);
  });
});
