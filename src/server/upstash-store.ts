// A PromptCacheStore on Redis over HTTP, for runtimes without TCP (Cloudflare Workers, Vercel Edge, Deno
// Deploy): Upstash's REST API, spoken with `fetch` (no client library).
import type { PromptCacheStore } from '../api/cache/store.ts';
import { commandStore } from './redis-commands.ts';

/** Options of `upstashStore`. */
export interface UpstashStoreOptions {
  /** The REST URL, such as `https://eu1-example-12345.upstash.io` (`UPSTASH_REDIS_REST_URL`). */
  url: string;
  /** The REST token (`UPSTASH_REDIS_REST_TOKEN`), sent as `Authorization: Bearer`; never in an error message. */
  token: string;
  /**
   * The `fetch` to send commands with.
   * @default globalThis.fetch
   */
  fetch?: typeof globalThis.fetch;
  /**
   * Milliseconds before a command's request is aborted. The cache stops waiting sooner (`storeBudgetMs`,
   * `storeTimeoutMs`); this ends the request itself, so none is left open.
   * @default 5000
   */
  timeoutMs?: number;
}

/** Characters of a command past which it is sent alone, not in a pipeline. */
const LARGE_COMMAND = 64 * 1024;

/** A failed command: its name and what the REST API said (never the token). */
function commandError(command: string, detail: string, token: string, cause?: unknown): Error {
  return new Error(`upstashStore: ${command} failed (${token ? detail.split(token).join('[token]') : detail})`, { cause });
}

/**
 * A `PromptCacheStore` on Redis over HTTP, through Upstash's REST API (Upstash, Vercel's Upstash
 * integration, or any Redis behind a server that speaks that API), for a cache shared by every instance
 * where there is no TCP: Cloudflare Workers, Vercel Edge and Functions, Deno Deploy, Netlify. Each
 * operation is one `POST` of the command as JSON; locks are `SET key value NX PX ms`, released by a
 * script (`EVAL`) that deletes a lock only while it holds the instance's own token, as with `redisStore`.
 *
 * A failed or slow request counts as a store fault: the cache answers from its own memory and the API
 * meanwhile, and waits on the store at most its budget per read.
 *
 * @example
 * import { createPromptCache } from 'prompt-composer-react/core';
 * import { upstashStore } from 'prompt-composer-react/server';
 *
 * const cache = createPromptCache({ store: upstashStore({ url: env.UPSTASH_REDIS_REST_URL, token: env.UPSTASH_REDIS_REST_TOKEN }) });
 */
export function upstashStore(options: UpstashStoreOptions): PromptCacheStore {
  const { token, timeoutMs = 5000 } = options;
  const endpoint = options.url.replace(/\/+$/, '');
  if (!/^https?:\/\//.test(endpoint)) throw new TypeError('upstashStore: url must be the REST URL, http(s)://...');

  /** One `POST` of `body` to `path`, and its JSON; a request that fails or answers no JSON fails every command in it. */
  async function post(path: string, body: unknown, commands: string): Promise<unknown> {
    let response: Response;
    try {
      // Looked up per call, so a fetch patched after creation (instrumentation, tests) is used.
      response = await (options.fetch ?? globalThis.fetch)(`${endpoint}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (cause) {
      throw commandError(commands, cause instanceof Error ? cause.message : String(cause), token, cause);
    }
    const json = (await response.json().catch(() => undefined)) as { error?: unknown } | unknown[] | undefined;
    if (!response.ok || json === undefined) {
      const said = json && !Array.isArray(json) && typeof json.error === 'string' ? json.error : `HTTP ${response.status}`;
      throw commandError(commands, said, token);
    }
    return json;
  }

  /** A command's own answer: its `result`, or its `error` thrown. */
  const resultOf = (command: string, answer: unknown) => {
    const { result, error } = (answer ?? {}) as { result?: unknown; error?: unknown };
    if (error !== undefined) throw commandError(command, String(error), token);
    return result;
  };

  // Commands sent in the same turn of the event loop go as one request (`/pipeline`): a cached read's
  // few store operations cost one round trip, not one each.
  let queue: { args: string[]; resolve(value: unknown): void; reject(error: unknown): void }[] = [];
  async function flush() {
    const batch = queue;
    queue = [];
    if (batch.length === 1) {
      const [{ args, resolve, reject }] = batch as [(typeof batch)[number]];
      return post('', args, args[0] ?? '').then((answer) => resolveOne(args, answer, resolve, reject), reject);
    }
    const names = [...new Set(batch.map(({ args }) => args[0]))].join(', ');
    try {
      const answers = await post('/pipeline', batch.map(({ args }) => args), names);
      if (!Array.isArray(answers) || answers.length !== batch.length) throw commandError(names, 'a pipeline answer of the wrong length', token);
      batch.forEach(({ args, resolve, reject }, index) => resolveOne(args, answers[index], resolve, reject));
    } catch (error) {
      for (const { reject } of batch) reject(error);
    }
  }
  const resolveOne = (args: string[], answer: unknown, resolve: (value: unknown) => void, reject: (error: unknown) => void) => {
    try {
      resolve(resultOf(args[0] ?? '', answer));
    } catch (error) {
      reject(error);
    }
  };
  const send = (args: string[]) =>
    new Promise<unknown>((resolve, reject) => {
      // A large value (a whole list) goes alone: the small reads of the same turn do not wait behind it.
      if (args.reduce((size, arg) => size + arg.length, 0) > LARGE_COMMAND) {
        return void post('', args, args[0] ?? '').then((answer) => resolveOne(args, answer, resolve, reject), reject);
      }
      queue.push({ args, resolve, reject });
      if (queue.length === 1) setTimeout(() => void flush(), 0);
    });
  return commandStore(send);
}
