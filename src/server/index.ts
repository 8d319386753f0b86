// prompt-composer-react/server: what runs on servers, on every runtime React apps deploy to (Node, Bun,
// Deno, Cloudflare Workers with or without nodejs_compat, Vercel Edge): the key-on-server request handler
// and the stores a fleet of servers shares for `createPromptCache`. No static `node:` import, and neither
// DOMPurify nor jsdom: the server DOM for the sanitizer is `prompt-composer-react/server/sanitizer`.
// Never import it from browser code.
export { createPromptApiHandler, type PromptApiHandler, type PromptApiHandlerOptions, type PromptApiRequestContext } from './handler.ts';
export { type RedisCommandClient, type RedisStore, type RedisStoreOptions, redisStore } from './redis-store.ts';
export { type UpstashStoreOptions, upstashStore } from './upstash-store.ts';
