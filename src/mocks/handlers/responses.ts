import { HttpResponse } from 'msw';
import type { ErrorBody, ServerErrorCode } from '../../api/types.ts';
import { nextMonthStart } from '../clock.ts';
import { UPGRADE_URL } from '../constants.ts';
import type { KeyUsage } from '../types.ts';

/** Status and message of every error code, exactly as the contract's error table gives them. */
export const ERROR_TABLE: Readonly<Record<ServerErrorCode, { status: number; message: string }>> = Object.freeze({
  UNAUTHORIZED: { status: 401, message: 'Missing or invalid API key' },
  INVALID_KEY: { status: 401, message: 'API key is invalid or has been revoked' },
  NOT_FOUND: { status: 404, message: 'Prompt not found' },
  VERSION_NOT_FOUND: { status: 404, message: 'Version not found' },
  BAD_REQUEST: { status: 400, message: 'Invalid request' },
  USAGE_LIMIT_EXCEEDED: { status: 429, message: 'Usage limit exceeded' },
  METHOD_NOT_ALLOWED: { status: 405, message: 'Method not allowed' },
  INTERNAL_ERROR: { status: 500, message: 'Internal server error' },
});

/** CORS headers of every response (all origins; the rate-limit headers readable by scripts). */
export const CORS_HEADERS = Object.freeze({
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': 'X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset',
});

/** Extra headers of the `OPTIONS` preflight. */
export const PREFLIGHT_HEADERS = Object.freeze({
  'Access-Control-Allow-Methods': 'GET, OPTIONS',
  'Access-Control-Allow-Headers': 'Authorization, Accept, Content-Type',
  'Access-Control-Max-Age': '86400',
});

type HeaderRecord = Record<string, string>;

/** CORS plus the three rate-limit headers: the key's usage, or limit and remaining 0 when no valid key. */
export function standardHeaders(usage: KeyUsage | null, now: number): HeaderRecord {
  return {
    ...CORS_HEADERS,
    'X-RateLimit-Limit': String(usage?.limit ?? 0),
    'X-RateLimit-Remaining': String(usage?.remaining ?? 0),
    'X-RateLimit-Reset': String(Math.floor((usage?.resetAt ?? nextMonthStart(now)) / 1000)),
  };
}

/** A 200 JSON response. */
export function okResponse(body: unknown, headers: HeaderRecord): Response {
  return HttpResponse.json(body as Record<string, unknown>, { status: 200, headers });
}

/**
 * An error response with the contract's body `{ error, code }`.
 * @param message Overrides the table's message (for "Composer not found"). @default the table's
 */
export function errorResponse(code: ServerErrorCode, headers: HeaderRecord, message?: string): Response {
  const { status, message: tableMessage } = ERROR_TABLE[code];
  const body: ErrorBody = { error: message ?? tableMessage, code };
  if (code === 'METHOD_NOT_ALLOWED') headers = { ...headers, Allow: 'GET, OPTIONS' };
  return HttpResponse.json(body, { status, headers });
}

/** The 429 with `usage` and `upgradeUrl`. */
export function usageExceededResponse(usage: KeyUsage, headers: HeaderRecord): Response {
  const body: ErrorBody = {
    error: ERROR_TABLE.USAGE_LIMIT_EXCEEDED.message,
    code: 'USAGE_LIMIT_EXCEEDED',
    usage: { used: usage.used, limit: usage.limit },
    upgradeUrl: UPGRADE_URL,
  };
  return HttpResponse.json(body, { status: 429, headers });
}

/** The CORS preflight: 204, no body, no key needed. */
export function preflightResponse(headers: HeaderRecord): Response {
  return new HttpResponse(null, { status: 204, headers: { ...headers, ...PREFLIGHT_HEADERS } });
}

/** The body of the `malformed-json` fault: JSON cut off mid-object. */
export const MALFORMED_JSON_BODY = '{"promptId":"welcome-email","promptName":"Welcome em';

/** The page of the `html-502` fault, as a reverse proxy would send it. */
export const BAD_GATEWAY_HTML =
  '<!DOCTYPE html>\n<html>\n<head><title>502 Bad Gateway</title></head>\n<body>\n<center><h1>502 Bad Gateway</h1></center>\n<hr><center>nginx</center>\n</body>\n</html>\n';
