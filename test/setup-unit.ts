import { afterAll, afterEach, beforeAll } from 'vitest';
import { server } from './msw-server.ts';

beforeAll(() =>
  server.listen({
    // Real loopback servers (the mock server's own tests) are reached for real; anything else unhandled fails.
    onUnhandledRequest(request, print) {
      if (new URL(request.url).hostname !== '127.0.0.1') print.error();
    },
  }),
);
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
