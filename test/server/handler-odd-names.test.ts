// Names an attacker or a misbehaving upstream can choose: ids spelled like a kind (`prompts`, `composers`)
// and error codes spelled like an object's members (`constructor`, `__proto__`). Through
// createPromptApiHandler and a cached client, as a site serves them.
import { HttpResponse, http } from 'msw';
import { createPromptApiClient } from 'prompt-composer-react';
import { FIXTURE_KEYS, FIXTURE_PROMPTS } from 'prompt-composer-react/mocks';
import { createPromptApiHandler } from 'prompt-composer-react/server';
import { describe, expect, it } from 'vitest';
import { server } from '../msw-server.ts';
import { BASE_URL, instance, mockApi } from '../api/cache/harness.ts';

const APP = 'https://app.test/api/prompt-api';

/** Every path of an item whose id is spelled like a kind, with and without a version. */
const KIND_NAMED = ['prompts', 'composers'].flatMap((kind) => ['prompts', 'composers'].flatMap((id) => [`/${kind}/${id}`, `/${kind}/${id}?version=1.0.0`]));

describe('ids spelled like a kind', () => {
  it('cost no upstream request once the site’s lists are cached: each is a 404, however often', async () => {
    const api = mockApi();
    const handler = createPromptApiHandler({ client: instance().client });
    expect((await handler(new Request(`${APP}/prompts`))).status).toBe(200);
    expect((await handler(new Request(`${APP}/composers`))).status).toBe(200);
    const before = [...api.seen];
    for (let round = 0; round < 5; round++) {
      for (const path of KIND_NAMED) expect((await handler(new Request(`${APP}${path}`))).status, path).toBe(404);
    }
    expect(api.seen).toEqual(before);
  });

  it('a prompt whose id is `composers` is read through a cached client and the handler', async () => {
    const api = mockApi();
    const template = FIXTURE_PROMPTS.find((prompt) => prompt.promptId === 'welcome-email' && prompt.version === '2.0.0')!;
    api.db.addPrompt({ ...template, promptId: 'composers', promptName: 'Composers', status: undefined });
    const { client } = instance();
    expect((await client.getPrompt('composers')).promptId).toBe('composers');
    const response = await createPromptApiHandler({ client }).call(null, new Request(`${APP}/prompts/composers`));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ promptId: 'composers', version: '2.0.0' });
    expect(api.seen).toEqual(['/prompts?include_versions=true']);
  });
});

describe('an upstream error code spelled like an object’s member', () => {
  it.each(['constructor', 'toString', '__proto__', 'hasOwnProperty'])('%s: a 502 outside the contract, never a 200', async (code) => {
    server.use(http.get(`${BASE_URL}/prompts/:id`, () => HttpResponse.json({ error: 'Not found', code }, { status: 404 })));
    const client = createPromptApiClient({ baseUrl: BASE_URL, apiKey: FIXTURE_KEYS.free });
    const response = await createPromptApiHandler({ client })(new Request(`${APP}/prompts/welcome-email`));
    expect(response.status).toBe(502);
    expect(await response.json()).toMatchObject({ code: 'INTERNAL_ERROR' });
  });
});
