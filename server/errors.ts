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
  ) {
    super(message);
  }
}

export const badRequest = (message: string, errors?: Record<string, string>): AppError =>
  new AppError(400, 'BAD_REQUEST', message, errors);
export const unauthorized = (message = 'Authentication required', code = 'UNAUTHORIZED'): AppError =>
  new AppError(401, code, message);
export const forbidden = (message = 'Not allowed'): AppError => new AppError(403, 'FORBIDDEN', message);
export const notFound = (message = 'Not found'): AppError => new AppError(404, 'NOT_FOUND', message);
export const conflict = (message: string, code = 'CONFLICT'): AppError => new AppError(409, code, message);

/** Turns a zod error into field errors: `{ email: 'Email is not valid' }` (shared with the demo). */
export { fieldErrors } from '../contracts/field-errors.ts';
