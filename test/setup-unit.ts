import { afterAll, afterEach, beforeAll } from 'vitest';
import { server } from './msw-server.ts';

/** Real loopback servers (the mock server's own tests) are reached for real; anything else unhandled fails. */
const isLoopback = (request: Request) => new URL(request.url).hostname === '127.0.0.1';

/**
 * msw 2 calls `onUnhandledRequest(request, print)`, whose `print.error()` also fails the request. msw 3
 * renamed the option `onUnhandledFrame({ frame, defaults })`, and its `defaults.error()` only prints:
 * throwing fails the request. The mocks' tests run on both majors (compat/node-lts), so both are given.
 */
const listenOptions = {
  onUnhandledRequest(request: Request, print: { error(): void }) {
    if (isLoopback(request)) return;
    print.error();
    throw new Error(`No msw handler for ${request.method} ${request.url}`);
  },
  onUnhandledFrame({ frame, defaults }: { frame: { data: { request?: Request } }; defaults: { error(): void } }) {
    const { request } = frame.data;
    if (request && isLoopback(request)) return;
    defaults.error();
    throw new Error(`No msw handler for ${request ? `${request.method} ${request.url}` : 'a network frame'}`);
  },
};

beforeAll(() => server.listen(listenOptions));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
