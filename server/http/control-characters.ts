import { CONTROL_CHARACTER as CONTROL } from '../../contracts/control-characters.ts';
import { MAX_TEXT_LENGTH } from '../../contracts/text-limits.ts';

// DESIGN 7a: text with a control character (contracts/control-characters.ts) is a 400 naming the field.
// DESIGN 7b: so is a string longer than any field may be (contracts/text-limits.ts), known field or not.

const MAX_DEPTH = 32;

/** The path (`name`, `pages.0.page`) of the first string in `value` that `bad` finds fault with, or null; keys are strings too. */
function badStringField(value: unknown, bad: (s: string) => boolean, path: string[] = []): string | null {
  if (typeof value === 'string') return bad(value) ? path.join('.') || '_' : null;
  if (value === null || typeof value !== 'object' || path.length > MAX_DEPTH) return null;
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
  for (const [key, child] of entries) {
    if (bad(key)) return [...path, key.replace(CONTROL, '?').slice(0, 100)].join('.');
    const found = badStringField(child, bad, [...path, key]);
    if (found !== null) return found;
  }
  return null;
}

/** The path (`name`, `pages.0.page`) of the first string in `value` holding a control character, or null. */
export const controlCharacterField = (value: unknown): string | null => badStringField(value, (s) => CONTROL.test(s));

/** The path of the first string in `value` longer than MAX_TEXT_LENGTH, or null. */
export const overlongTextField = (value: unknown): string | null => badStringField(value, (s) => s.length > MAX_TEXT_LENGTH);
