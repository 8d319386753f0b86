// The key-on-server endpoint: the browser's client calls /api/prompt-api/... with no key. The handler reads
// the API through the server's client (the key, and this process's cache) and answers GET requests for the
// API's four routes from this site's own pages; everything else is refused before it reaches the API.
import { createPromptApiHandler, type PromptApiHandler } from 'prompt-composer-react/server';
import { serverClient } from '../../../../lib/server-client';

// Made on the first request: `next build` loads this module without the server's environment.
let handler: PromptApiHandler | undefined;

export function GET(request: Request): Promise<Response> {
  handler ??= createPromptApiHandler({ client: serverClient() });
  return handler(request);
}

export { GET as OPTIONS };
