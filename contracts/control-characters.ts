/**
 * DESIGN 7a: NUL and other control characters in text are refused. Tab, line feed and carriage
 * return are text (descriptions, addresses, SQL); every other C0 character, DEL and the C1 range
 * are not: PostgreSQL refuses NUL outright and the rest only hides text from the people reading
 * it. Shared by the server's check of every request and the app's checks of picked files.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
export const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
