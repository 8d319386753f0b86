import 'server-only';
import { createPromptApiClient, createPromptCache } from 'prompt-composer-react';
import { PROMPT_API_SCOPE } from './scope';

// One cache for this server process: Server Components and the route handler read through it, so a
// prompt read once is not a request again until it is stale. Several servers share one with redisStore.
const cache = createPromptCache();

/** The server's client: the service's address and the key, from the server's environment only. */
export function serverClient() {
  const baseUrl = process.env.PROMPT_API_URL;
  if (!baseUrl) throw new Error('Set PROMPT_API_URL (and PROMPT_API_KEY) in the server environment');
  return createPromptApiClient({ baseUrl, apiKey: process.env.PROMPT_API_KEY, scope: PROMPT_API_SCOPE, cache });
}
