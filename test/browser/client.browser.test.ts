import { HttpResponse, http } from 'msw';
import { setupWorker } from 'msw/browser';
import { createPromptApiClient, isPromptApiError } from 'prompt-composer-react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prompt } from '../api/fixtures.ts';

const baseUrl = 'https://api.test';
const worker = setupWorker(
  http.get(`${baseUrl}/prompts/:id`, ({ params }) =>
    params.id === 'welcome-email'
      ? HttpResponse.json(prompt, {
          headers: {
            'X-RateLimit-Limit': '5000',
            'X-RateLimit-Remaining': '4999',
            'X-RateLimit-Reset': '1798761600',
            'Access-Control-Expose-Headers': 'X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset',
          },
        })
      : HttpResponse.json({ error: 'Prompt not found', code: 'NOT_FOUND' }, { status: 404 }),
  ),
);

beforeAll(() => worker.start({ quiet: true, onUnhandledRequest: 'bypass', serviceWorker: { url: '/mockServiceWorker.js' } }));
afterAll(() => worker.stop());

describe('the client in Chromium, through a service worker', () => {
  it('fetches, validates and reads the rate-limit headers', async () => {
    const client = createPromptApiClient({ baseUrl, apiKey: 'pk_test_free' });
    expect(await client.getPrompt('welcome-email')).toEqual(prompt);
    expect(client.usage.getSnapshot()).toMatchObject({ limit: 5000, remaining: 4999 });
  });

  it('rejects with a typed error for an unknown id', async () => {
    const client = createPromptApiClient({ baseUrl, apiKey: 'pk_test_free' });
    const error = await client.getPrompt('missing').catch((reason: unknown) => reason);
    expect(isPromptApiError(error) && error.code).toBe('NOT_FOUND');
  });
});
