import { compareCodePoints, prefixAtMost } from './code-point.ts';

/**
 * The set of values one authorisation value row covers (DESIGN 5.4). Every form SAP allows
 * — `*`, `X*`, a single value, the blank `' '`, LOW..HIGH with HIGH possibly ending in `*` —
 * is an interval of strings in code-point order: from `lo` (inclusive) up to `hi`
 * (inclusive), or, when `hiPrefix`, up to every string that starts with `hi`.
 * Because such sets are intervals, two of them meet exactly when the larger lower bound
 * lies in both, which makes rule patterns (5.5) exact and cheap to test.
 */
export interface ValueInterval {
  readonly lo: string;
  readonly hi: string;
  readonly hiPrefix: boolean;
}

export const FULL_INTERVAL: ValueInterval = Object.freeze({ lo: '', hi: '', hiPrefix: true });

/** Trims surrounding spaces; the three characters `' '` are the blank value. */
export function normaliseValue(raw: string): string {
  const t = raw.trim();
  return t === "' '" ? '' : t;
}

function cutAtStar(v: string): string {
  const i = v.indexOf('*');
  return i < 0 ? v : v.slice(0, i);
}

/**
 * The interval of one value row (LOW, HIGH as stored). A LOW starting with `*` covers
 * everything; characters after the first `*` are ignored; an empty or `' '` LOW without
 * HIGH is the blank value.
 */
export function parseValueRow(low: string, high: string): ValueInterval {
  const l = normaliseValue(low);
  const h = normaliseValue(high);
  if (l.charCodeAt(0) === 42 /* '*' */) return FULL_INTERVAL;
  if (h === '') {
    const star = l.indexOf('*');
    if (star < 0) return { lo: l, hi: l, hiPrefix: false };
    const p = l.slice(0, star);
    return { lo: p, hi: p, hiPrefix: true };
  }
  const lo = cutAtStar(l);
  const star = h.indexOf('*');
  if (star < 0) return { lo, hi: h, hiPrefix: false };
  return { lo, hi: h.slice(0, star), hiPrefix: true };
}

/** Whether the interval's upper bound admits `v`. */
function belowUpper(iv: ValueInterval, v: string): boolean {
  return iv.hiPrefix ? prefixAtMost(v, iv.hi) : compareCodePoints(v, iv.hi) <= 0;
}

/** Whether the row covers the single value `v` (already normalised). */
export function coversValue(iv: ValueInterval, v: string): boolean {
  return compareCodePoints(iv.lo, v) <= 0 && belowUpper(iv, v);
}

/** Whether the two intervals share at least one value. */
export function intervalsMeet(a: ValueInterval, b: ValueInterval): boolean {
  const lo = compareCodePoints(a.lo, b.lo) >= 0 ? a.lo : b.lo;
  return belowUpper(a, lo) && belowUpper(b, lo);
}

/** Whether the row covers every value (full authorisation `*`). */
export function isFullInterval(iv: ValueInterval): boolean {
  return iv.lo === '' && iv.hiPrefix && iv.hi === '';
}

/** Whether the row is one single value (the common case, looked up by hash). */
export function isSingleValue(iv: ValueInterval): boolean {
  return !iv.hiPrefix && iv.lo === iv.hi;
}
