import type { MockDb } from 'prompt-composer-react/mocks';
import { expect } from 'vitest';

/** What the suite runs against. */
export interface ContractTarget {
  /** How requests travel: msw in-process, real HTTP to the loopback mock server, or a real service. */
  transport: 'in-process' | 'loopback' | 'real';
  /** Base URL of the API (read after `beforeAll`). */
  baseUrl: () => string;
  /** A valid key with quota to spare. */
  key: string;
  /** An existing published prompt and composer. */
  promptId: string;
  composerId: string;
  /**
   * The mock's database, reset (with handlers installed) by `beforeEach`. Present for mock targets:
   * the checks that depend on fixture state, set usage or move the clock run only then.
   */
  db?: MockDb;
  beforeAll?: () => Promise<void> | void;
  afterAll?: () => Promise<void> | void;
  /** Fresh state before each test. */
  beforeEach?: () => Promise<void> | void;
}

/** A response, read once. */
export interface Reply {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed JSON body; `undefined` when empty. */
  body: unknown;
}

export interface CallOptions {
  method?: string;
  /** Sent as `Authorization: Bearer <key>`; `null` sends no header. */
  key?: string | null;
  /** Raw `Authorization` value (wins over `key`). */
  authorization?: string;
  headers?: Record<string, string>;
  body?: string;
}

const RATE_LIMIT = ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset'];

/** The invariants of every response: CORS, the three rate-limit headers, JSON bodies with a JSON type. */
export function expectStandardResponse(reply: Reply, method: string): void {
  expect(reply.headers.get('access-control-allow-origin')).toBe('*');
  const exposed = (reply.headers.get('access-control-expose-headers') ?? '').toLowerCase();
  for (const name of RATE_LIMIT) {
    expect(exposed).toContain(name.toLowerCase());
    expect(reply.headers.get(name), name).toMatch(/^\d+$/);
  }
  expect(Number(reply.headers.get('x-ratelimit-remaining'))).toBeLessThanOrEqual(Number(reply.headers.get('x-ratelimit-limit')));
  if (reply.status === 204) {
    expect(reply.text).toBe('');
    return;
  }
  expect(reply.headers.get('content-type')).toMatch(/^application\/json\b/);
  if (method !== 'HEAD') expect(() => JSON.parse(reply.text)).not.toThrow();
}

/** Sends one request; checks the invariants of every response unless `check` is false. */
export function createCaller(target: ContractTarget) {
  return async function call(path: string, options: CallOptions = {}, check = true): Promise<Reply> {
    const { method = 'GET', key = target.key, authorization, headers = {}, body } = options;
    const all = new Headers(headers);
    if (authorization !== undefined) all.set('Authorization', authorization);
    else if (key !== null) all.set('Authorization', `Bearer ${key}`);
    const response = await fetch(`${target.baseUrl()}${path}`, { method, headers: all, body });
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text === '' ? undefined : JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    const reply = { status: response.status, headers: response.headers, text, body: parsed };
    if (check) expectStandardResponse(reply, method);
    return reply;
  };
}

/** The rate-limit headers as numbers. */
export function rateLimitOf(reply: Reply) {
  return {
    limit: Number(reply.headers.get('x-ratelimit-limit')),
    remaining: Number(reply.headers.get('x-ratelimit-remaining')),
    reset: Number(reply.headers.get('x-ratelimit-reset')),
  };
}

/** Asserts an error reply: status, and the exact body `{ error, code }`. */
export function expectError(reply: Reply, status: number, code: string, error: string): void {
  expect({ status: reply.status, body: reply.body }).toEqual({ status, body: { error, code } });
}

/** The exact messages of the contract's error table (with DESIGN.md's composer message). */
export const MESSAGES = {
  UNAUTHORIZED: 'Missing or invalid API key',
  INVALID_KEY: 'API key is invalid or has been revoked',
  PROMPT_NOT_FOUND: 'Prompt not found',
  COMPOSER_NOT_FOUND: 'Composer not found',
  VERSION_NOT_FOUND: 'Version not found',
  BAD_REQUEST: 'Invalid request',
  USAGE_LIMIT_EXCEEDED: 'Usage limit exceeded',
  METHOD_NOT_ALLOWED: 'Method not allowed',
  INTERNAL_ERROR: 'Internal server error',
} as const;
