import { delay, HttpResponse, http } from 'msw';
import { createPromptApiClient, isPromptApiError, isPromptApiErrorData, PromptApiError, type PromptApiClientOptions } from 'prompt-composer-react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { server } from '../msw-server.ts';
import { composer, prompt, rateLimitHeaders } from './fixtures.ts';

const baseUrl = 'https://api.test/v1';
const apiKey = 'pk_secret_do_not_leak_123';

/** A client with this file's key; a cast, so a test may give a key function without a `scope`, as JavaScript can. */
function client(options: Partial<PromptApiClientOptions> = {}) {
  return createPromptApiClient({ baseUrl, apiKey, ...options } as PromptApiClientOptions);
}

async function failure(promise: Promise<unknown>): Promise<PromptApiError> {
  const error = await promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(PromptApiError);
  return error as PromptApiError;
}

/** Everything an error exposes, as text: message, stack, cause chain and own fields. */
function everythingIn(error: Error): string {
  const parts: unknown[] = [error.message, error.stack, JSON.stringify(error)];
  let cause: unknown = error.cause;
  while (cause) {
    parts.push(String(cause), cause instanceof Error ? cause.stack : JSON.stringify(cause));
    cause = cause instanceof Error ? cause.cause : undefined;
  }
  return parts.join('\n');
}

describe('requests', () => {
  it('percent-encodes ids, sends version and include_versions as the spec says', async () => {
    const seen: string[] = [];
    server.use(
      http.get(`${baseUrl}/prompts/:id`, ({ request }) => {
        seen.push(request.url);
        return HttpResponse.json(prompt);
      }),
      http.get(`${baseUrl}/prompts`, ({ request }) => {
        seen.push(request.url);
        return HttpResponse.json([prompt]);
      }),
    );
    const api = client();
    await api.getPrompt('a b/c?d', { version: '1.0.0' });
    await api.listPrompts({ includeVersions: true });
    await api.listPrompts();
    expect(seen).toEqual([
      `${baseUrl}/prompts/a%20b%2Fc%3Fd?version=1.0.0`,
      `${baseUrl}/prompts?include_versions=true`,
      `${baseUrl}/prompts`,
    ]);
  });

  it('returns validated prompts and composers, keeping unknown fields', async () => {
    server.use(
      http.get(`${baseUrl}/composers/onboarding-flow`, () => HttpResponse.json({ ...composer, extra: 1 })),
      http.get(`${baseUrl}/composers`, () => HttpResponse.json([composer])),
    );
    const api = client();
    expect(await api.getComposer('onboarding-flow')).toEqual({ ...composer, extra: 1 });
    expect(await api.listComposers()).toEqual([composer]);
  });

  it.each([
    ['a string', apiKey],
    ['a sync function', () => apiKey],
    ['an async function', async () => apiKey],
  ])('sends Authorization: Bearer with a key given as %s', async (_, key) => {
    let authorization: string | null = null;
    server.use(
      http.get(`${baseUrl}/prompts`, ({ request }) => {
        authorization = request.headers.get('authorization');
        return HttpResponse.json([]);
      }),
    );
    await client({ apiKey: key }).listPrompts();
    expect(authorization).toBe(`Bearer ${apiKey}`);
  });

  it('sends no Authorization header without a key (for a server-side proxy)', async () => {
    let headers: Headers | undefined;
    server.use(
      http.get('https://app.test/api/prompts', ({ request }) => {
        headers = request.headers;
        return HttpResponse.json([]);
      }),
    );
    await createPromptApiClient({ baseUrl: 'https://app.test/api/', headers: { 'X-App': 'demo' } }).listPrompts();
    expect(headers?.has('authorization')).toBe(false);
    expect(headers?.get('x-app')).toBe('demo');
  });

  it('uses an injected fetch', async () => {
    const calls: string[] = [];
    const fetch: typeof globalThis.fetch = async (input) => {
      calls.push(String(input));
      return Response.json(prompt);
    };
    await client({ fetch }).getPrompt('welcome-email');
    expect(calls).toEqual([`${baseUrl}/prompts/welcome-email`]);
  });
});

describe('errors from the service', () => {
  const table = [
    [401, 'UNAUTHORIZED', 'Missing or invalid API key', false],
    [401, 'INVALID_KEY', 'API key is invalid or has been revoked', false],
    [404, 'NOT_FOUND', 'Prompt not found', false],
    [404, 'VERSION_NOT_FOUND', 'Version not found', false],
    [400, 'BAD_REQUEST', 'Invalid request', false],
    [405, 'METHOD_NOT_ALLOWED', 'Method not allowed', false],
    [500, 'INTERNAL_ERROR', 'Internal server error', true],
  ] as const;

  it.each(table)('%i %s becomes a typed PromptApiError', async (status, code, text, retryable) => {
    server.use(
      http.get(`${baseUrl}/prompts/:id`, () =>
        HttpResponse.json({ error: text, code }, { status, headers: rateLimitHeaders(5000, 4000) }),
      ),
    );
    const api = client();
    const error = await failure(api.getPrompt('welcome-email', { version: '9.9.9' }));
    expect(error).toMatchObject({ name: 'PromptApiError', status, code, retryable });
    expect(error.message).toBe(`GET /prompts/welcome-email?version=9.9.9 failed with ${status} ${code}: ${text}`);
    expect(isPromptApiError(error)).toBe(true);
    if (status === 401) {
      expect(error.rateLimit).toBeUndefined();
      expect(api.usage.getSnapshot()).toBeNull();
    } else {
      expect(error.rateLimit).toEqual({ limit: 5000, remaining: 4000, reset: 1_798_761_600 });
      expect(api.usage.getSnapshot()).toMatchObject({ limit: 5000, remaining: 4000, used: 1000, exceeded: false });
    }
  });

  it('a 429 carries usage and upgradeUrl, and marks the usage store exceeded', async () => {
    server.use(
      http.get(`${baseUrl}/prompts`, () =>
        HttpResponse.json(
          { error: 'Usage limit exceeded', code: 'USAGE_LIMIT_EXCEEDED', usage: { used: 5000, limit: 5000 }, upgradeUrl: 'https://up.test' },
          { status: 429, headers: rateLimitHeaders(5000, 0), },
        ),
      ),
    );
    const api = client({ now: () => 1_798_000_000_000 });
    const error = await failure(api.listPrompts());
    expect(error).toMatchObject({
      status: 429,
      code: 'USAGE_LIMIT_EXCEEDED',
      usage: { used: 5000, limit: 5000 },
      upgradeUrl: 'https://up.test',
      retryable: false,
    });
    expect(api.usage.getSnapshot()).toEqual({
      limit: 5000,
      remaining: 0,
      used: 5000,
      reset: new Date(1_798_761_600_000),
      exceeded: true,
      upgradeUrl: 'https://up.test',
    });
  });

  it('keeps a code it does not know, as the server sent it', async () => {
    server.use(http.get(`${baseUrl}/prompts`, () => HttpResponse.json({ error: 'Teapot', code: 'I_AM_A_TEAPOT' }, { status: 418 })));
    expect(await failure(client().listPrompts())).toMatchObject({ status: 418, code: 'I_AM_A_TEAPOT', retryable: false });
  });
});

describe('failures on the way', () => {
  it('a network failure is NETWORK_ERROR, retryable', async () => {
    server.use(http.get(`${baseUrl}/prompts`, () => HttpResponse.error()));
    const error = await failure(client().listPrompts());
    expect(error).toMatchObject({ status: 0, code: 'NETWORK_ERROR', retryable: true });
    expect(error.message).toMatch(/^GET \/prompts failed with NETWORK_ERROR: the request did not complete/);
    expect(error.cause).toBeInstanceOf(Error);
  });

  it('no response within timeoutMs is TIMEOUT, retryable', async () => {
    server.use(http.get(`${baseUrl}/prompts`, async () => {
      await delay('infinite');
      return HttpResponse.json([]);
    }));
    const error = await failure(client({ timeoutMs: 30 }).listPrompts());
    expect(error).toMatchObject({ status: 0, code: 'TIMEOUT', retryable: true });
    expect(error.message).toBe('GET /prompts failed with TIMEOUT: no complete response within 30 ms');
  });

  it('answers, times out and aborts where AbortSignal has no any() or timeout() (polyfilled test environments)', async () => {
    const statics = { any: AbortSignal.any, timeout: AbortSignal.timeout };
    Object.assign(AbortSignal, { any: undefined, timeout: undefined });
    try {
      server.use(http.get(`${baseUrl}/prompts`, async ({ request }) => {
        if (new URL(request.url).searchParams.has('include_versions')) await delay('infinite');
        return HttpResponse.json([]);
      }));
      await expect(client().listPrompts()).resolves.toEqual([]);
      expect((await failure(client({ timeoutMs: 20 }).listPrompts({ includeVersions: true }))).code).toBe('TIMEOUT');
      const controller = new AbortController();
      const pending = client().listPrompts({ includeVersions: true, signal: controller.signal });
      controller.abort();
      expect((await failure(pending)).code).toBe('ABORTED');
    } finally {
      Object.assign(AbortSignal, statics);
    }
  });

  it('a fractional timeoutMs still times out', async () => {
    server.use(http.get(`${baseUrl}/prompts`, async () => {
      await delay('infinite');
      return HttpResponse.json([]);
    }));
    const error = await failure(client({ timeoutMs: 20.5 }).listPrompts());
    expect(error.message).toBe('GET /prompts failed with TIMEOUT: no complete response within 20.5 ms');
  });

  it.each([2 ** 31, 1e12, Infinity])('timeoutMs %d, past the longest a timer can wait, is no timeout (not one that fires at once)', async (timeoutMs) => {
    server.use(http.get(`${baseUrl}/prompts`, async () => {
      await delay(30);
      return HttpResponse.json([]);
    }));
    await expect(client({ timeoutMs }).listPrompts()).resolves.toEqual([]);
  });

  it('an abort through the signal is ABORTED, not retryable, with the reason as cause', async () => {
    server.use(http.get(`${baseUrl}/prompts`, async () => {
      await delay('infinite');
      return HttpResponse.json([]);
    }));
    const controller = new AbortController();
    const pending = client().listPrompts({ signal: controller.signal });
    controller.abort(new Error('unmounted'));
    const error = await failure(pending);
    expect(error).toMatchObject({ code: 'ABORTED', retryable: false });
    expect(error.cause).toEqual(new Error('unmounted'));
  });

  describe('given a fetch or a body that ignores the abort signal (an instrumentation wrapper, a test double)', () => {
    /** A `fetch` that drops `init.signal` and never answers. */
    const unanswered: typeof globalThis.fetch = () => new Promise<Response>(() => undefined);
    /** A `fetch` that answers at once with headers and a body that sends one byte, then never ends. */
    const endlessBody: typeof globalThis.fetch = async () =>
      new Response(new ReadableStream({ start: (stream) => stream.enqueue(new TextEncoder().encode('[')) }), {
        headers: { 'Content-Type': 'application/json', ...rateLimitHeaders(5000, 4000) },
      });

    it.each([
      ['a fetch that never answers', unanswered],
      ['a body that never ends', endlessBody],
    ])('%s fails with TIMEOUT after timeoutMs', async (_, fetch) => {
      vi.useFakeTimers();
      onTestFinished(() => void vi.useRealTimers());
      const pending = failure(client({ fetch, timeoutMs: 1_000 }).listPrompts());
      await vi.advanceTimersByTimeAsync(1_000);
      const error = await pending;
      expect(error).toMatchObject({ status: 0, code: 'TIMEOUT', retryable: true });
      expect(error.message).toBe('GET /prompts failed with TIMEOUT: no complete response within 1000 ms');
    });

    it.each([
      ['a fetch that never answers', unanswered],
      ['a body that never ends', endlessBody],
    ])("the caller's abort still wins with ABORTED (%s)", async (_, fetch) => {
      const controller = new AbortController();
      const started = vi.fn(fetch);
      const pending = failure(client({ fetch: started, timeoutMs: 0 }).listPrompts({ signal: controller.signal }));
      await vi.waitFor(() => expect(started).toHaveBeenCalled());
      controller.abort(new Error('unmounted'));
      const error = await pending;
      expect(error).toMatchObject({ code: 'ABORTED', retryable: false });
      expect(error.cause).toEqual(new Error('unmounted'));
    });
  });

  it('an already aborted signal sends nothing', async () => {
    let sent = 0;
    server.use(http.get(`${baseUrl}/prompts`, () => {
      sent++;
      return HttpResponse.json([]);
    }));
    const error = await failure(client().listPrompts({ signal: AbortSignal.abort() }));
    expect(error.code).toBe('ABORTED');
    expect(sent).toBe(0);
  });

  it("a proxy's HTML 502 page is INVALID_RESPONSE, retryable, and still updates usage", async () => {
    server.use(http.get(`${baseUrl}/prompts`, () =>
      HttpResponse.html('<html><body><h1>502 Bad Gateway</h1></body></html>', {
        status: 502,
        statusText: 'Bad Gateway',
        headers: rateLimitHeaders(5000, 10),
      }),
    ));
    const api = client();
    const error = await failure(api.listPrompts());
    expect(error).toMatchObject({ status: 502, code: 'INVALID_RESPONSE', retryable: true });
    expect(error.message).toBe(
      'GET /prompts failed with 502 INVALID_RESPONSE: status 502 Bad Gateway with a body that is not JSON (content-type text/html)',
    );
    expect(api.usage.getSnapshot()?.remaining).toBe(10);
  });

  it('a 200 that is not JSON is INVALID_RESPONSE, not retryable', async () => {
    server.use(http.get(`${baseUrl}/prompts`, () => HttpResponse.text('{"truncated": ')));
    const error = await failure(client().listPrompts());
    expect(error).toMatchObject({ status: 200, code: 'INVALID_RESPONSE', retryable: false });
    expect(error.message).toContain('the body is not JSON (content-type text/plain');
  });

  it.each([
    ['$[0].config.temperature: expected a number from 0 to 2, received 3', [{ ...prompt, config: { ...prompt.config, temperature: 3 } }]],
    ['$[1].userMessage: expected a string, received undefined', [prompt, { ...prompt, userMessage: undefined }]],
    ['$: expected an array, received an object', { prompts: [] }],
    ['$[0].publishedVersions[0].version: expected a string, received a number', [{ ...prompt, publishedVersions: [{ version: 2 }] }]],
  ])('a 200 of the wrong shape names the JSON path: %s', async (where, body) => {
    server.use(http.get(`${baseUrl}/prompts`, () => HttpResponse.json(body)));
    const error = await failure(client().listPrompts());
    expect(error.code).toBe('INVALID_RESPONSE');
    expect(error.message).toBe(`GET /prompts failed with 200 INVALID_RESPONSE: the body does not match the contract at ${where}`);
  });

  it('a composer segment of an unknown type is INVALID_RESPONSE with its path', async () => {
    server.use(http.get(`${baseUrl}/composers/x`, () =>
      HttpResponse.json({ ...composer, segments: [composer.segments[0], { type: 'video' }] }),
    ));
    const error = await failure(client().getComposer('x'));
    expect(error.message).toContain('at $.segments[1].type: expected "static" or "prompt", received "video"');
  });

  it('an error status with a body of the wrong shape is INVALID_RESPONSE', async () => {
    server.use(http.get(`${baseUrl}/prompts`, () => HttpResponse.json({ message: 'nope' }, { status: 404 })));
    const error = await failure(client().listPrompts());
    expect(error).toMatchObject({ status: 404, code: 'INVALID_RESPONSE', retryable: false });
  });

  it('reads Retry-After into retryAfterMs', async () => {
    server.use(http.get(`${baseUrl}/prompts`, () =>
      HttpResponse.json({ error: 'Internal server error', code: 'INTERNAL_ERROR' }, { status: 500, headers: { 'Retry-After': '3' } }),
    ));
    expect((await failure(client().listPrompts())).retryAfterMs).toBe(3000);
  });
});

describe('the API key stays secret', () => {
  it.each([
    ['a 401', () => HttpResponse.json({ error: 'API key is invalid or has been revoked', code: 'INVALID_KEY' }, { status: 401 })],
    ['a network error', () => HttpResponse.error()],
    ['an HTML page', () => HttpResponse.html('<p>oops</p>', { status: 502 })],
  ])('appears in no message, stack, cause or URL after %s', async (_, respond) => {
    server.use(http.get(`${baseUrl}/prompts`, respond));
    const error = await failure(client().listPrompts());
    expect(everythingIn(error)).not.toContain(apiKey);
    expect(error.path).not.toContain(apiKey);
  });

  it.each([
    ['as a string', apiKey],
    ['from a function', () => Promise.resolve(apiKey)],
  ])('an upstream that echoes the key (given %s) in its body: the key reaches no message, field or cause', async (_, key) => {
    server.use(
      http.get(`${baseUrl}/prompts/:id`, () => HttpResponse.json({ error: `Key ${apiKey} is revoked`, code: 'INVALID_KEY' }, { status: 401 })),
      http.get(`${baseUrl}/composers/:id`, () => HttpResponse.json({ ...composer, segments: [{ type: apiKey }] })),
    );
    const revoked = await failure(client({ apiKey: key }).getPrompt('welcome-email'));
    expect(revoked.message).toBe('GET /prompts/welcome-email failed with 401 INVALID_KEY: Key (API key) is revoked');
    const malformed = await failure(client({ apiKey: key }).getComposer('onboarding-flow'));
    expect(malformed.code).toBe('INVALID_RESPONSE');
    for (const error of [revoked, malformed]) expect(everythingIn(error)).not.toContain(apiKey);
  });

  it.each([
    ['JSON-escaped as PHP writes it (\\/)', (key: string) => JSON.stringify(key).slice(1, -1).replaceAll('/', '\\/')],
    ['with a \\u escape', (key: string) => `\\u${key.charCodeAt(0).toString(16).padStart(4, '0')}${JSON.stringify(key.slice(1)).slice(1, -1)}`],
    ['percent-encoded', (key: string) => encodeURIComponent(key).replaceAll('%2F', '%2f')],
    ['percent-encoded twice', (key: string) => encodeURIComponent(encodeURIComponent(key))],
  ])('an upstream that echoes the key %s: the key reaches no message, field or cause', async (_, encode) => {
    const key = 'pk_live/"echo"_0123456789';
    server.use(
      http.get(`${baseUrl}/prompts/:id`, () =>
        new HttpResponse(
          `{"error":"Key ${encode(key)} is revoked","code":"USAGE_LIMIT_EXCEEDED","usage":{"used":1,"limit":1},"upgradeUrl":"https://up.example/?k=${encode(key)}"}`,
          { status: 429, headers: { 'content-type': 'application/json', 'x-echo': encode(key) } },
        ),
      ),
    );
    const error = await failure(client({ apiKey: key }).getPrompt('welcome-email'));
    expect(error.code).toBe('USAGE_LIMIT_EXCEEDED');
    for (const form of [key, JSON.stringify(key).slice(1, -1), encodeURIComponent(key)]) {
      expect(everythingIn(error)).not.toContain(form);
      expect(JSON.stringify(error.headers)).not.toContain(form);
      expect(error.upgradeUrl ?? '').not.toContain(form);
    }
    expect(error.message).toContain('(API key)');
  });

  it('is not the cache scope, which still tells two keys apart', () => {
    const a = client();
    const b = client({ apiKey: 'pk_other' });
    expect(a.scope).not.toContain(apiKey);
    expect(a.scope).not.toBe(b.scope);
    expect(a.scope.startsWith(baseUrl)).toBe(true);
  });
});

describe('response headers on errors', () => {
  it('keeps what the response said (a request id), as a frozen record with lower-case names', async () => {
    server.use(http.get(`${baseUrl}/prompts/:id`, () =>
      HttpResponse.json({ error: 'Prompt not found', code: 'NOT_FOUND' }, { status: 404, headers: { 'X-Request-Id': 'req_7f3a', ...rateLimitHeaders(5000, 4000) } }),
    ));
    const error = await failure(client().getPrompt('missing'));
    expect(error.headers['x-request-id']).toBe('req_7f3a');
    expect(error.headers['x-ratelimit-remaining']).toBe('4000');
    expect(error.headers['content-type']).toBe('application/json');
    expect(Object.isFrozen(error.headers)).toBe(true);
  });

  it('keeps them on a response the client could not read, too', async () => {
    server.use(http.get(`${baseUrl}/prompts`, () => HttpResponse.html('<h1>502</h1>', { status: 502, headers: { 'X-Request-Id': 'req_proxy' } })));
    const error = await failure(client().listPrompts());
    expect(error).toMatchObject({ code: 'INVALID_RESPONSE', headers: { 'x-request-id': 'req_proxy' } });
  });

  it('never holds credentials: no Authorization, cookies, or any value holding the API key (an echoing proxy)', async () => {
    server.use(http.get(`${baseUrl}/prompts/:id`, ({ request }) =>
      HttpResponse.json(
        { error: 'Prompt not found', code: 'NOT_FOUND' },
        {
          status: 404,
          headers: {
            Authorization: request.headers.get('Authorization') ?? '',
            'Proxy-Authorization': 'Basic abc',
            'Set-Cookie': 'session=abc',
            'X-Echo-Request': `GET /prompts/missing, key ${apiKey}`,
            'X-Request-Id': 'req_1',
          },
        },
      ),
    ));
    const error = await failure(client().getPrompt('missing'));
    expect(Object.keys(error.headers).filter((name) => !name.startsWith('content-')).sort()).toEqual(['x-request-id']);
    expect(everythingIn(error)).not.toContain(apiKey);
  });

  it('is an empty record when no response arrived', async () => {
    server.use(http.get(`${baseUrl}/prompts`, () => HttpResponse.error()));
    const error = await failure(client().listPrompts());
    expect(error).toMatchObject({ code: 'NETWORK_ERROR', headers: {} });
    expect(Object.isFrozen(error.headers)).toBe(true);
  });

  it('survives a structured clone of toJSON() as a plain record', async () => {
    server.use(http.get(`${baseUrl}/prompts/:id`, () =>
      HttpResponse.json({ error: 'Prompt not found', code: 'NOT_FOUND' }, { status: 404, headers: { 'X-Request-Id': 'req_9' } }),
    ));
    const cloned: unknown = structuredClone((await failure(client().getPrompt('missing'))).toJSON());
    expect(isPromptApiErrorData(cloned) && cloned.headers['x-request-id']).toBe('req_9');
  });
});

describe('usage store', () => {
  it('follows each response, notifies subscribers only on change, and keeps the snapshot identity otherwise', async () => {
    let remaining = 100;
    server.use(http.get(`${baseUrl}/prompts`, () => HttpResponse.json([], { headers: rateLimitHeaders(5000, remaining) })));
    const api = client();
    let notified = 0;
    const unsubscribe = api.usage.subscribe(() => notified++);
    await api.listPrompts();
    const first = api.usage.getSnapshot();
    expect(first).toMatchObject({ limit: 5000, remaining: 100, used: 4900, exceeded: false, upgradeUrl: null });
    await api.listPrompts();
    expect(api.usage.getSnapshot()).toBe(first);
    remaining = 99;
    await api.listPrompts();
    expect(api.usage.getSnapshot()?.remaining).toBe(99);
    expect(notified).toBe(2);
    unsubscribe();
    remaining = 98;
    await api.listPrompts();
    expect(notified).toBe(2);
  });

  it('never goes back in time: a late answer of the same period does not raise the remaining count, a new period or limit does', async () => {
    const reset = Date.UTC(2026, 11, 1) / 1000;
    /** Answers each request with the next headers; the first of a pair waits until the second has answered. */
    let answers: Record<string, string>[] = [];
    let secondAnswered = Promise.resolve();
    server.use(http.get(`${baseUrl}/prompts`, async () => {
      const headers = answers.shift() ?? {};
      if (answers.length === 1) await secondAnswered;
      return HttpResponse.json([], { headers });
    }));
    const api = client();
    /** Sends two reads at once; the first sent is answered last. */
    async function pair(first: Record<string, string>, second: Record<string, string>) {
      let answered = () => {};
      secondAnswered = new Promise((resolve) => (answered = resolve));
      answers = [first, second];
      await Promise.all([api.listPrompts(), api.listPrompts().finally(() => answered())]);
    }
    await pair(rateLimitHeaders(5000, 12, reset), rateLimitHeaders(5000, 10, reset));
    expect(api.usage.getSnapshot()).toMatchObject({ remaining: 10, used: 4990 });
    answers = [rateLimitHeaders(50_000, 45_000, reset)]; // the plan changed
    await api.listPrompts();
    expect(api.usage.getSnapshot()).toMatchObject({ limit: 50_000, remaining: 45_000 });
    answers = [rateLimitHeaders(50_000, 49_999, reset + 2_678_400)]; // the next month
    await api.listPrompts();
    expect(api.usage.getSnapshot()).toMatchObject({ remaining: 49_999, exceeded: false });
    // A late answer does not lift the exceeded state of the last one.
    await pair(rateLimitHeaders(50_000, 3, reset + 2_678_400), rateLimitHeaders(50_000, 0, reset + 2_678_400));
    expect(api.usage.getSnapshot()).toMatchObject({ remaining: 0, exceeded: true });
  });

  it.each([
    ['absent', {}],
    ['not a number', rateLimitHeaders(5000, 10) && { ...rateLimitHeaders(5000, 10), 'X-RateLimit-Remaining': 'lots' }],
    ['negative', { ...rateLimitHeaders(5000, 10), 'X-RateLimit-Limit': '-1' }],
    ['remaining above limit', rateLimitHeaders(10, 11)],
  ])('rate-limit headers that are %s leave the last good snapshot alone', async (_, headers) => {
    let next: Record<string, string> = rateLimitHeaders(5000, 10);
    server.use(http.get(`${baseUrl}/prompts`, () => HttpResponse.json([], { headers: next })));
    const api = client();
    await api.listPrompts();
    const good = api.usage.getSnapshot();
    next = headers;
    await api.listPrompts();
    expect(api.usage.getSnapshot()).toBe(good);
  });
});

/**
 * Serves `GET /prompts`: a 429 (with `body` and rate-limit headers up to `reset`) while `exhausted`, then an
 * empty list with `headersAfter`. `sent` counts the requests that arrived.
 */
function serveQuota(reset: number, body: object, headersAfter: Record<string, string>) {
  const state = { sent: 0, exhausted: true };
  server.use(http.get(`${baseUrl}/prompts`, () => {
    state.sent++;
    return state.exhausted
      ? HttpResponse.json(body, { status: 429, headers: rateLimitHeaders(5000, 0, reset) })
      : HttpResponse.json([], { headers: headersAfter });
  }));
  return state;
}

describe('quota guard', () => {
  it('after a 429, fails fast without sending until the reset time, then sends again', async () => {
    let now = Date.UTC(2026, 10, 20);
    const reset = Date.UTC(2026, 11, 1) / 1000;
    const quota = serveQuota(
      reset,
      { error: 'Usage limit exceeded', code: 'USAGE_LIMIT_EXCEEDED', usage: { used: 5000, limit: 5000 }, upgradeUrl: 'https://up.test' },
      rateLimitHeaders(5000, 4999, reset + 2_678_400),
    );
    const api = client({ now: () => now });
    await failure(api.listPrompts());
    expect(quota.sent).toBe(1);

    const refused = await failure(api.getPrompt('welcome-email'));
    expect(quota.sent).toBe(1);
    expect(refused).toMatchObject({ status: 0, code: 'USAGE_LIMIT_EXCEEDED', usage: { used: 5000, limit: 5000 }, upgradeUrl: 'https://up.test' });
    expect(refused.message).toBe(
      'GET /prompts/welcome-email failed with USAGE_LIMIT_EXCEEDED: monthly quota used up (5000 of 5000); not sent until 2026-12-01T00:00:00.000Z',
    );

    now = reset * 1000;
    quota.exhausted = false;
    expect(await api.listPrompts()).toEqual([]);
    expect(quota.sent).toBe(2);
    expect(api.usage.getSnapshot()).toMatchObject({ remaining: 4999, exceeded: false });
  });

  it('usage.reset() lifts the guard before the reset time: the next call is sent, and its response is the usage', async () => {
    const reset = Date.UTC(2026, 11, 1) / 1000;
    const quota = serveQuota(reset, { error: 'Usage limit exceeded', code: 'USAGE_LIMIT_EXCEEDED' }, rateLimitHeaders(50_000, 44_999, reset));
    const api = client({ now: () => Date.UTC(2026, 10, 20) });
    await failure(api.listPrompts());
    expect((await failure(api.listPrompts())).status).toBe(0);
    expect(quota.sent).toBe(1);

    let notified = 0;
    api.usage.subscribe(() => notified++);
    api.usage.reset();
    expect(api.usage.getSnapshot()).toBeNull();
    expect(notified).toBe(1);
    api.usage.reset();
    expect(notified).toBe(1);

    // Still spent: the call is sent, answered 429, and the guard is back on.
    expect((await failure(api.listPrompts())).status).toBe(429);
    expect(quota.sent).toBe(2);
    expect(api.usage.getSnapshot()).toMatchObject({ exceeded: true });

    // After an upgrade: the next call after reset() succeeds and reports the new quota.
    quota.exhausted = false;
    api.usage.reset();
    expect(await api.listPrompts()).toEqual([]);
    expect(quota.sent).toBe(3);
    expect(api.usage.getSnapshot()).toMatchObject({ limit: 50_000, remaining: 44_999, exceeded: false });
  });

  it('a 429 without rate-limit headers waits for its Retry-After instead, then sends again', async () => {
    let now = Date.UTC(2026, 10, 20);
    let sent = 0;
    server.use(http.get(`${baseUrl}/prompts`, () => {
      sent++;
      return sent === 1
        ? HttpResponse.json({ error: 'Usage limit exceeded', code: 'USAGE_LIMIT_EXCEEDED' }, { status: 429, headers: { 'Retry-After': '3600' } })
        : HttpResponse.json([]);
    }));
    const api = client({ now: () => now });
    expect((await failure(api.listPrompts())).retryAfterMs).toBe(3_600_000);
    expect(api.usage.getSnapshot()).toMatchObject({ exceeded: true, reset: new Date(now + 3_600_000) });

    const refused = await failure(api.listPrompts());
    expect(refused).toMatchObject({ status: 0, code: 'USAGE_LIMIT_EXCEEDED' });
    expect(refused.message).toContain('not sent until 2026-11-20T01:00:00.000Z');
    expect(sent).toBe(1);

    now += 3_600_000;
    expect(await api.listPrompts()).toEqual([]);
    expect(sent).toBe(2);
  });

  it('a 429 with both rate-limit headers and Retry-After takes its reset from the headers', async () => {
    const now = Date.UTC(2026, 10, 20);
    const reset = Date.UTC(2026, 11, 1) / 1000;
    server.use(http.get(`${baseUrl}/prompts`, () =>
      HttpResponse.json({ error: 'Usage limit exceeded', code: 'USAGE_LIMIT_EXCEEDED' }, { status: 429, headers: { ...rateLimitHeaders(5000, 0, reset), 'Retry-After': '60' } }),
    ));
    const api = client({ now: () => now });
    await failure(api.listPrompts());
    expect(api.usage.getSnapshot()?.reset).toEqual(new Date(reset * 1000));
  });

  it.each([
    ['a Retry-After of 0', { 'Retry-After': '0' }],
    ['a Retry-After past the last date JavaScript can hold', { 'Retry-After': '99999999999999' }],
    ['an X-RateLimit-Reset past that date', { ...rateLimitHeaders(5000, 0), 'X-RateLimit-Reset': '9999999999999999' }],
  ])('a 429 with %s keeps no reset, and every failure stays a PromptApiError', async (_, headers) => {
    let sent = 0;
    server.use(http.get(`${baseUrl}/prompts`, () => {
      sent++;
      return HttpResponse.json({ error: 'Usage limit exceeded', code: 'USAGE_LIMIT_EXCEEDED' }, { status: 429, headers });
    }));
    const api = client({ now: () => Date.UTC(2026, 10, 20) });
    expect((await failure(api.listPrompts())).code).toBe('USAGE_LIMIT_EXCEEDED');
    expect(api.usage.getSnapshot()).toMatchObject({ exceeded: true, reset: null });
    // No reset to wait for: the guard stays off, and the next call is sent (and answered 429 again).
    expect((await failure(api.listPrompts())).status).toBe(429);
    expect(sent).toBe(2);
  });

  it('at remaining 0 on a success, the next call is refused without sending', async () => {
    let sent = 0;
    server.use(http.get(`${baseUrl}/prompts`, () => {
      sent++;
      return HttpResponse.json([], { headers: rateLimitHeaders(5000, 0, Date.UTC(2026, 11, 1) / 1000) });
    }));
    const api = client({ now: () => Date.UTC(2026, 10, 20) });
    await api.listPrompts();
    expect((await failure(api.listPrompts())).code).toBe('USAGE_LIMIT_EXCEEDED');
    expect(sent).toBe(1);
  });

  it('a limit of 0 describes no key (the service identified none): the usage stays unknown and the next call is sent', async () => {
    let sent = 0;
    server.use(http.get(`${baseUrl}/prompts`, () => {
      sent++;
      return HttpResponse.json(
        { error: 'Internal server error', code: 'INTERNAL_ERROR' },
        { status: 500, headers: rateLimitHeaders(0, 0, Date.UTC(2026, 11, 1) / 1000) },
      );
    }));
    const api = client({ now: () => Date.UTC(2026, 10, 20) });
    const first = await failure(api.listPrompts());
    expect(first.code).toBe('INTERNAL_ERROR');
    expect(first.rateLimit).toBeUndefined();
    expect(api.usage.getSnapshot()).toBeNull();
    expect((await failure(api.listPrompts())).code).toBe('INTERNAL_ERROR');
    expect(sent).toBe(2);
  });
});

describe('isPromptApiError and isPromptApiErrorData', () => {
  it('recognises errors from another realm or copy by their brand, and nothing else', () => {
    const foreign = Object.create(null) as Record<symbol, unknown>;
    foreign[Symbol.for('prompt-composer-react.PromptApiError')] = true;
    expect(isPromptApiError(foreign)).toBe(true);
    expect(isPromptApiError(new Error('x'))).toBe(false);
    expect(isPromptApiError({ name: 'PromptApiError', code: 'NOT_FOUND' })).toBe(false);
    expect(isPromptApiError(null)).toBe(false);
    expect(isPromptApiErrorData(foreign)).toBe(true);
    expect(isPromptApiErrorData(new Error('x'))).toBe(false);
    expect(isPromptApiErrorData(null)).toBe(false);
  });

  it('is true for an instance, which has the methods its type promises', async () => {
    server.use(http.get(`${baseUrl}/prompts/:id`, () => HttpResponse.json({ error: 'Prompt not found', code: 'NOT_FOUND' }, { status: 404 })));
    const caught: unknown = await client().getPrompt('missing').catch((error: unknown) => error);
    expect(isPromptApiError(caught) && caught.toJSON().code).toBe('NOT_FOUND');
    expect(isPromptApiErrorData(caught)).toBe(true);
  });

  describe('given an error sent as data (a worker message, a JSON payload, a persisted cache)', () => {
    /** A real failure of the client: a 429 with usage, an upgrade link and rate-limit headers. */
    async function realError(): Promise<PromptApiError> {
      server.use(http.get(`${baseUrl}/prompts/:id`, () =>
        HttpResponse.json(
          { error: 'Usage limit exceeded', code: 'USAGE_LIMIT_EXCEEDED', usage: { used: 5000, limit: 5000 }, upgradeUrl: 'https://up.test' },
          { status: 429, headers: { ...rateLimitHeaders(5000, 0), 'Retry-After': '60' } },
        ),
      ));
      return failure(client().getPrompt('welcome-email'));
    }
    const fields = (error: PromptApiError) => {
      const { name, message, status, code, method, path, usage, upgradeUrl, rateLimit, retryAfterMs, retryable, headers } = error;
      return { name, message, status, code, method, path, usage, upgradeUrl, rateLimit, retryAfterMs, retryable, headers };
    };

    it('isPromptApiErrorData recognises the structured clone of toJSON(), which keeps every field; isPromptApiError does not, it has no methods', async () => {
      const error = await realError();
      const cloned: unknown = structuredClone(error.toJSON());
      expect(isPromptApiErrorData(cloned)).toBe(true);
      expect(cloned).toEqual(fields(error));
      expect(isPromptApiErrorData(cloned) && cloned.code).toBe('USAGE_LIMIT_EXCEEDED');
      expect(isPromptApiError(cloned)).toBe(false);
    });

    it('isPromptApiErrorData recognises a JSON round trip of the error itself (JSON.stringify calls toJSON)', async () => {
      const error = await realError();
      const parsed: unknown = JSON.parse(JSON.stringify(error));
      expect(isPromptApiErrorData(parsed)).toBe(true);
      expect(isPromptApiError(parsed)).toBe(false);
      expect(parsed).toEqual(JSON.parse(JSON.stringify(fields(error))));
    });

    it('does not recognise the structured clone of the error itself: an Error clones to its message and stack only', async () => {
      const cloned = structuredClone(await realError());
      expect(cloned).toBeInstanceOf(Error);
      expect(Object.keys(cloned)).toEqual([]);
      expect(isPromptApiErrorData(cloned)).toBe(false);
      expect(isPromptApiError(cloned)).toBe(false);
    });

    it('does not recognise data that lacks a field every PromptApiError has', async () => {
      const data = (await realError()).toJSON();
      for (const field of ['name', 'message', 'status', 'code', 'method', 'path', 'retryable'] as const) {
        expect(isPromptApiErrorData({ ...data, [field]: undefined })).toBe(false);
      }
      expect(isPromptApiErrorData({ ...data, name: 'Error' })).toBe(false);
    });
  });
});

describe('the API key source', () => {
  it('a key function that throws is API_KEY_ERROR, with its error as cause, and nothing is sent', async () => {
    let sent = 0;
    server.use(http.get(`${baseUrl}/prompts`, () => {
      sent++;
      return HttpResponse.json([]);
    }));
    const failure_ = new Error('vault unreachable');
    const error = await failure(client({ apiKey: async () => Promise.reject(failure_) }).listPrompts());
    expect(error).toMatchObject({ status: 0, code: 'API_KEY_ERROR', retryable: false, cause: failure_ });
    expect(error.message).toBe('GET /prompts failed with API_KEY_ERROR: the apiKey function failed');
    expect(sent).toBe(0);
  });

  it('a key no header can carry is API_KEY_ERROR, and the key appears nowhere in the error', async () => {
    const key = `${apiKey}\nX-Injected: 1`;
    const error = await failure(client({ apiKey: key }).listPrompts());
    expect(error.code).toBe('API_KEY_ERROR');
    expect(everythingIn(error)).not.toContain(apiKey);
  });

  it('a key function that never settles times out, and an abort while it runs is ABORTED', async () => {
    const never = () => new Promise<string>(() => undefined);
    expect((await failure(client({ apiKey: never, timeoutMs: 20 }).listPrompts())).code).toBe('TIMEOUT');
    const controller = new AbortController();
    const pending = client({ apiKey: never }).listPrompts({ signal: controller.signal });
    controller.abort();
    expect((await failure(pending)).code).toBe('ABORTED');
  });
});

describe('identifiers that cannot be sent', () => {
  it.each(['', '.', '..'])('%j is refused as BAD_REQUEST without a request', async (id) => {
    let sent = 0;
    server.use(http.get(`${baseUrl}/*`, () => {
      sent++;
      return HttpResponse.json([]);
    }));
    const api = client();
    expect(await failure(api.getPrompt(id))).toMatchObject({ status: 0, code: 'BAD_REQUEST' });
    expect(await failure(api.getComposer(id))).toMatchObject({ status: 0, code: 'BAD_REQUEST' });
    expect(sent).toBe(0);
  });

  it("version '' is refused as BAD_REQUEST without a request (it would pin nothing and send ?version=)", async () => {
    let sent = 0;
    server.use(http.get(`${baseUrl}/*`, () => {
      sent++;
      return HttpResponse.json([]);
    }));
    const api = client();
    const refused = await failure(api.getPrompt('welcome-email', { version: '' }));
    expect(refused).toMatchObject({ status: 0, code: 'BAD_REQUEST', retryable: false });
    expect(refused.message).toBe('GET /prompts/welcome-email?version= failed with BAD_REQUEST: "" is not a version that can be sent; not sent');
    expect(await failure(api.getComposer('onboarding', { version: '' }))).toMatchObject({ status: 0, code: 'BAD_REQUEST' });
    expect(sent).toBe(0);
  });
});

describe('Retry-After on a proxy page', () => {
  it('is read on a non-JSON 503 too', async () => {
    server.use(http.get(`${baseUrl}/prompts`, () => HttpResponse.html('<h1>503</h1>', { status: 503, headers: { 'Retry-After': '2' } })));
    expect(await failure(client().listPrompts())).toMatchObject({ code: 'INVALID_RESPONSE', retryable: true, retryAfterMs: 2000 });
  });
});

describe('cache scope', () => {
  it('is stable for a string key, tells string keys apart, and is as given when set', () => {
    expect(client().scope).toBe(client().scope);
    expect(client({ apiKey: 'pk_a' }).scope).not.toBe(client({ apiKey: 'pk_b' }).scope);
    expect(createPromptApiClient({ baseUrl: '/api/' }).scope).toBe('/api');
    expect(client({ scope: 'tenant-7' }).scope).toBe('tenant-7');
  });

  it('with a key function is one of its own per client (two accounts never share), and never the key', () => {
    const keyFunction = () => 'pk_a';
    // The types require a `scope` with a key function (test/types); JavaScript callers get one of their own.
    const a = client({ apiKey: keyFunction });
    const b = client({ apiKey: async () => 'pk_b' });
    expect(a.scope).not.toBe(b.scope);
    expect(client({ apiKey: keyFunction }).scope).not.toBe(a.scope);
    expect(a.scope.startsWith(`${baseUrl}#`)).toBe(true);
    expect(a.scope).not.toContain('pk_a');
    expect(client({ apiKey: () => 'pk_a', scope: 'user-1' }).scope).toBe('user-1');
  });

  it('without a key (behind your proxy) is the base URL, the same for every instance', () => {
    expect(client({ apiKey: undefined }).scope).toBe(baseUrl);
    expect(createPromptApiClient({ baseUrl }).scope).toBe(baseUrl);
  });
});
