/**
 * DESIGN 7a: NUL and other control characters in text are a 400 naming the field. Tab, line
 * feed and carriage return are text (descriptions, addresses, SQL); every other C0 character,
 * DEL and the C1 range are not: PostgreSQL refuses NUL outright (a 500 before this check) and
 * the rest only hides text from the people reading it.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

const MAX_DEPTH = 32;

/** The path (`name`, `pages.0.page`) of the first string in `value` holding a control character, or null. */
export function controlCharacterField(value: unknown, path: string[] = []): string | null {
  if (typeof value === 'string') return CONTROL.test(value) ? path.join('.') || '_' : null;
  if (value === null || typeof value !== 'object' || path.length > MAX_DEPTH) return null;
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
  for (const [key, child] of entries) {
    if (CONTROL.test(key)) return [...path, key.replace(CONTROL, '?')].join('.');
    const found = controlCharacterField(child, [...path, key]);
    if (found !== null) return found;
  }
  return null;
}
