/**
 * The cache scope of both clients: the server's (the service's URL, the key) and the browser's (the
 * proxy, no key) differ in base URL and key, so without one shared scope their query keys differ and the
 * browser would not find what the server prefetched.
 */
export const PROMPT_API_SCOPE = 'prompt-api';
