import { coded, type AppError } from '../errors.ts';

/** What a client is told to wait before trying again while the database is away (the `Retry-After` header, seconds). */
export const RETRY_AFTER_SECONDS = 5;

// Node's socket errors of a connection refused, reset or cut off.
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
// PostgreSQL's: class 08 (connection exception), 57P01–57P03 (shut down, crashed, not yet accepting).
const SERVER_CODE = /^(08...|57P0[123])$/;
// node-postgres says these in words only.
const PG_MESSAGES = /Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect|Client was closed and is not queryable|Cannot use a pool after calling end/i;

/**
 * Whether an error means "the database cannot be reached now" (a restart, a crash, the network)
 * rather than a fault of the request or of the code: then the caller is answered 503 and tries
 * again, and the process reconnects instead of exiting (DESIGN 7b). Follows `cause` and the
 * errors of an AggregateError (Node's connect tries every address).
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 5) return false;
  const e = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof e.code === 'string' && (SOCKET_CODES.has(e.code) || SERVER_CODE.test(e.code))) return true;
  if (typeof e.message === 'string' && PG_MESSAGES.test(e.message)) return true;
  if (Array.isArray(e.errors) && e.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(e.cause, depth + 1);
}

/** The answer while the database is away: 503, which the web app shows as "reconnecting" without ending the session. */
export const databaseUnavailable = (): AppError =>
  coded(503, 'DATABASE_UNAVAILABLE', { seconds: RETRY_AFTER_SECONDS }, `The database is not reachable; the server is reconnecting. Try again in ${RETRY_AFTER_SECONDS} s`);
