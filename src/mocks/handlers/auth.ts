import type { MockDb } from '../db.ts';
import type { KeyUsage } from '../types.ts';

/** The outcome of checking a request's `Authorization` header. */
export type AuthResult =
  | { status: 'ok'; key: string; usage: KeyUsage }
  | { status: 'error'; code: 'UNAUTHORIZED' | 'INVALID_KEY' };

/** `Bearer` (any case, as auth schemes are) then the token; anything else is no key at all. */
const BEARER = /^\s*bearer[ \t]+(\S(?:.*\S)?)\s*$/i;

/**
 * Checks the header: missing, empty or not `Bearer <token>` is `UNAUTHORIZED`; a token that is no key
 * of the database, or a revoked one, is `INVALID_KEY`.
 */
export function authenticate(request: Request, db: MockDb): AuthResult {
  const header = request.headers.get('authorization');
  const token = header === null ? undefined : BEARER.exec(header)?.[1];
  if (token === undefined) return { status: 'error', code: 'UNAUTHORIZED' };
  const usage = db.usageOf(token);
  if (!usage || usage.revoked) return { status: 'error', code: 'INVALID_KEY' };
  return { status: 'ok', key: token, usage };
}

/** The usage of the valid key a request carries, for headers of responses that are not metered. */
export function identify(request: Request, db: MockDb): AuthResult & { status: 'ok' } | null {
  const result = authenticate(request, db);
  return result.status === 'ok' ? result : null;
}
