import 'server-only';
import { createPromptApiClient } from 'prompt-composer-react';
import { PROMPT_API_SCOPE } from './scope';

/** The server's client: the service's address and the key, from the server's environment only. */
export function serverClient() {
  const baseUrl = process.env.PROMPT_API_URL;
  if (!baseUrl) throw new Error('Set PROMPT_API_URL (and PROMPT_API_KEY) in the server environment');
  return createPromptApiClient({ baseUrl, apiKey: process.env.PROMPT_API_KEY, scope: PROMPT_API_SCOPE });
}
