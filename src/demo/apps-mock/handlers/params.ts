import type { SortKey } from '../types.ts';

/** The parameters of one demo call: the decoded query string (GET) or the JSON body. */
export type Params = Record<string, unknown>;

/**
 * A query-string value arrives as text, a body value already decoded: accept both, so the
 * handlers do not care how the caller sent them.
 */
function decoded(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (!text.startsWith('[') && !text.startsWith('{')) return value;
  try {
    return JSON.parse(text);
  } catch {
    return value;
  }
}

/** A non-negative integer parameter, or the fallback when missing or not a number. */
export function intParam(value: unknown, fallback: number): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(n) && n >= 0 ? Math.floor(n) : fallback;
}

/** sortBy: an array of {id, desc}; anything else counts as no sorting. */
export function sortByParam(value: unknown): SortKey[] {
  const v = decoded(value);
  if (!Array.isArray(v)) return [];
  return v.filter((k): k is SortKey => typeof k === 'object' && k !== null && typeof (k as SortKey).id === 'string');
}

/** ids: an array of ids (numbers or strings). */
export function idsParam(value: unknown): unknown[] {
  const v = decoded(value);
  return Array.isArray(v) ? v : [];
}

/** The item of a write call, decoded when it came as text. */
export function itemParam<T>(value: unknown): Partial<T> {
  const v = decoded(value);
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Partial<T>) : {};
}

/** Ids are compared loosely so that "3" from a query string finds row 3. */
export const sameId = (a: unknown, b: unknown) => a !== undefined && a !== null && String(a) === String(b);

/** Spec section 5: a search term applies only when longer than 1 character. */
export function activeTerm(value: unknown): string | undefined {
  return typeof value === 'string' && value.length > 1 ? value : undefined;
}
