// Denial of wallet: request shapes the cache could not answer used to go upstream, one per new random
// value. Through createPromptApiHandler, with and without browser headers, none of them spends a request:
// the kind's list names every published id and version.
import { FIXTURE_KEYS } from 'prompt-composer-react/mocks';
import { createPromptApiHandler } from 'prompt-composer-react/server';
import { describe, expect, it } from 'vitest';
import { instance, mockApi } from '../api/cache/harness.ts';

const APP = 'https://app.test';
const BASE = '/api/prompt-api';

/** The requests of one page view of the site. */
const PAGE = ['/prompts', '/prompts/welcome-email', '/prompts/support-reply', '/prompts/welcome-email?version=1.0.0', '/composers/onboarding-flow'];

/** Hostile shapes: each call returns a new path (a new random value every time). */
const random = () => Math.random().toString(16).slice(2, 10);
const HOSTILE: Record<string, () => string> = {
  'a random id': () => `/prompts/${random()}${random()}`,
  'a random version of a real prompt': () => `/prompts/welcome-email?version=${random()}`,
  'a random composer id': () => `/composers/${random()}`,
  'a random version of a real composer': () => `/composers/onboarding-flow?version=9.${random()}`,
  'a case variant of a real id': () => `/prompts/${['WELCOME-EMAIL', 'Welcome-Email', 'welcome-EMAIL', 'SUPPORT-REPLY'][Math.floor(Math.random() * 4)]}`,
};

/** Headers a browser page of the site sends, or none at all (curl). */
const HEADERS = { 'browser headers': { 'sec-fetch-site': 'same-origin', origin: APP }, 'no headers': {} };

function setup(apiKey: string = FIXTURE_KEYS.free) {
  const api = mockApi();
  const handler = createPromptApiHandler({ client: instance({}, apiKey).client });
  const get = (path: string, headers: Record<string, string> = {}) => handler(new Request(`${APP}${BASE}${path}`, { headers }));
  const pageView = async () => (await Promise.all(PAGE.map((path) => get(path)))).map((response) => response.status);
  return { api, get, pageView };
}

describe('given a site whose page has been viewed once', () => {
  describe.each(Object.entries(HEADERS))('with %s', (_, headers) => {
    it.each(Object.entries(HOSTILE))('%s: 404 without an upstream request, however many new values', async (_shape, next) => {
      const { api, get, pageView } = setup();
      expect(await pageView()).toEqual([200, 200, 200, 200, 200]);
      const before = [...api.seen];
      const statuses = new Set<number>();
      for (let request = 0; request < 100; request++) statuses.add((await get(next(), headers)).status);
      expect([...statuses]).toEqual([404]);
      expect(api.seen).toEqual(before);
    });
  });

  it('the near-limit key (100 requests left): 2,400 hostile requests spend none of them, and the site’s uncached reads still work', { timeout: 30_000 }, async () => {
    const { api, get, pageView } = setup(FIXTURE_KEYS.nearLimit);
    await pageView();
    const spentByPage = api.seen.length;
    const shapes = Object.values(HOSTILE);
    const flood = Array.from({ length: 2400 }, (_, index) => get(shapes[index % shapes.length]!(), index % 2 ? HEADERS['browser headers'] : {}));
    expect(new Set((await Promise.all(flood)).map((response) => response.status))).toEqual(new Set([404]));
    expect(api.seen).toHaveLength(spentByPage);
    expect(api.db.usageOf(FIXTURE_KEYS.nearLimit)).toMatchObject({ used: 4900 + spentByPage });

    const uncached = await Promise.all(['/composers', '/composers/html-showcase', '/prompts/support-reply?version=1.0.0'].map((path) => get(path)));
    expect(uncached.map((response) => response.status)).toEqual([200, 200, 200]);
    expect(api.seen).toHaveLength(spentByPage + 1);
  });

  it('the flood evicts nothing: the page is answered from the cache afterwards, with no request', { timeout: 30_000 }, async () => {
    const { api, get, pageView } = setup();
    await pageView();
    const before = [...api.seen];
    const shapes = Object.values(HOSTILE);
    for (let request = 0; request < 3000; request++) await get(shapes[request % shapes.length]!());
    expect(await pageView()).toEqual([200, 200, 200, 200, 200]);
    expect(api.seen).toEqual(before);
  });
});
