import type { Date8 } from '../model/dates.ts';

const MS_PER_DAY = 86_400_000;

/** Whether `d` is a real calendar date written as YYYYMMDD (no 20260230, no month 13). */
export function isValidDate8(d: Date8): boolean {
  if (!Number.isInteger(d) || d < 1_01_01 || d > 9999_12_31) return false;
  const y = Math.floor(d / 10000);
  const m = Math.floor(d / 100) % 100;
  const day = d % 100;
  if (m < 1 || m > 12 || day < 1) return false;
  return day <= daysInMonth(y, m);
}

function daysInMonth(y: number, m: number): number {
  if (m === 2) return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0 ? 29 : 28;
  return m === 4 || m === 6 || m === 9 || m === 11 ? 30 : 31;
}

/** Days since 1970-01-01 (UTC) of a Date8; proleptic Gregorian, any year 1–9999. */
export function date8ToDayNumber(d: Date8): number {
  const y = Math.floor(d / 10000);
  const m = Math.floor(d / 100) % 100;
  const day = d % 100;
  // Date.UTC maps years 0–99 to 1900–1999; setUTCFullYear does not.
  const t = new Date(Date.UTC(2000, 0, 1));
  t.setUTCFullYear(y, m - 1, day);
  return Math.round(t.getTime() / MS_PER_DAY);
}

/** The Date8 of a day number (inverse of date8ToDayNumber). */
export function dayNumberToDate8(n: number): Date8 {
  const t = new Date(n * MS_PER_DAY);
  return t.getUTCFullYear() * 10000 + (t.getUTCMonth() + 1) * 100 + t.getUTCDate();
}

/** Whole days from `from` to `to` (negative when `to` is earlier): 20240228 → 20240301 is 2. */
export function daysBetween(from: Date8, to: Date8): number {
  return date8ToDayNumber(to) - date8ToDayNumber(from);
}

/** `d` moved by `days` calendar days. */
export function addDays(d: Date8, days: number): Date8 {
  return dayNumberToDate8(date8ToDayNumber(d) + days);
}
