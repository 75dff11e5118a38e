/**
 * SAP compares authorisation values in character order. JavaScript's `<` compares UTF-16
 * code units, which puts U+10000 and above before U+E000–U+FFFF. Mapping the units as
 * below restores code-point order; for the ASCII values of real extracts it costs one
 * extra comparison at the first differing character.
 */
function unitRank(u: number): number {
  if (u < 0xd800) return u;
  if (u >= 0xe000) return u - 0x800;
  return u + 0x2000; // surrogates sort after every BMP character
}

/** Negative, zero or positive as `a` sorts before, equal to or after `b` by code point. */
export function compareCodePoints(a: string, b: string): number {
  const n = a.length < b.length ? a.length : b.length;
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return unitRank(x) - unitRank(y);
  }
  return a.length - b.length;
}

/** Whether the first `prefix.length` characters of `value` sort at or before `prefix`. */
export function prefixAtMost(value: string, prefix: string): boolean {
  return compareCodePoints(value.length > prefix.length ? value.slice(0, prefix.length) : value, prefix) <= 0;
}
