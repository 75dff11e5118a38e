import { UNKNOWN_USER_TYPE, USER_TYPE_CHOICES } from '../../../contracts/user-types.ts';

/**
 * A user-type filter in a screen's URL (issue 27 item 6). The server stores and filters the unknown
 * type as ''; a URL names it `unknown`.
 */
export const UNKNOWN_IN_URL = 'unknown';

/** A user type as a URL names it, or undefined when it names none (a choice the list cannot make). */
export function userTypeFromUrl(value: string | null): string | undefined {
  if (value === UNKNOWN_IN_URL) return UNKNOWN_IN_URL;
  return value && value !== UNKNOWN_USER_TYPE && USER_TYPE_CHOICES.includes(value) ? value : undefined;
}

/** The API's value of a URL's user type ('' for `unknown`). */
export const userTypeToApi = (value: string): string => (value === UNKNOWN_IN_URL ? UNKNOWN_USER_TYPE : value);
