import { CONTROL_CHARACTER as CONTROL } from '../../contracts/control-characters.ts';

// DESIGN 7a: text with a control character (contracts/control-characters.ts) is a 400 naming the field.

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
