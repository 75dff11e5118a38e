import { fieldErrors } from '../contracts/field-errors.ts';
import type { ErrorCode } from '../contracts/error-codes.ts';
import { INVISIBLE_MESSAGE } from '../contracts/text-limits.ts';

/**
 * The one error type of the API (DESIGN 6): a status, a stable code the front end translates,
 * a message, and field errors for bad input.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly errors?: Record<string, string>,
    /** Values the code's catalogue text names (a licence, a count, a limit): the UI words the error from code + params. */
    readonly params?: Record<string, string | number>,
  ) {
    super(message);
  }
}

/** An error the UI words from its code and params alone (DESIGN 6); `message` is the English text for logs and API users. */
export const coded = (statusCode: number, code: ErrorCode, params: Record<string, string | number>, message: string, errors?: Record<string, string>): AppError =>
  new AppError(statusCode, code, message, errors, params);

/** A body with fields the server refused, each named in `errors` with its English message. */
export const fieldsInvalid = (errors?: Record<string, string>): AppError => coded(400, 'FIELDS_INVALID', {}, 'Fill in all fields correctly', errors);

/** A record that does not exist, or is another tenant's (DESIGN 6: both 404). */
export const recordNotFound = (resource: string, id: unknown = ''): AppError =>
  coded(404, 'RECORD_NOT_FOUND', { resource, id: String(id) }, `No ${resource} record ${String(id)}`.trimEnd());
export const bodyNotObject = (): AppError => coded(400, 'BODY_NOT_OBJECT', {}, 'The body must be a JSON object');
/** The caller's role may not do this at all. */
export const roleForbidden = (role: string, message: string): AppError => coded(403, 'ROLE_FORBIDDEN', { role }, message);
/** A User's group has no flag for this on the page. */
export const pageForbidden = (page: string, message: string): AppError => coded(403, 'PAGE_FORBIDDEN', { page }, message);
export const superAdminOnly = (message: string): AppError => coded(403, 'SUPERADMIN_ONLY', {}, message);

/** Turns a zod error into field errors: `{ email: 'Email is not valid' }` (shared with the demo). */
export { fieldErrors } from '../contracts/field-errors.ts';

/**
 * The 400 of a body its schema refused, with field errors. A name with a zero-width or direction
 * control character (DESIGN 7b) has a code of its own naming the field, so that the caller
 * learns what is wrong with a name that looks right.
 */
export function invalidInput(issues: readonly { path: readonly PropertyKey[]; message: string }[]): AppError {
  const errors = fieldErrors(issues);
  const invisible = Object.keys(errors).find((k) => errors[k] === INVISIBLE_MESSAGE);
  if (invisible !== undefined) {
    return coded(400, 'INVISIBLE_CHARACTER', { field: invisible }, `The field ${invisible} contains a zero-width or direction control character`, errors);
  }
  return fieldsInvalid(errors);
}
