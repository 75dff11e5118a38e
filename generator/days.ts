import { REF_DATE } from './sap-catalogue.ts';

/** SAP DATS text `YYYYMMDD` of a day number (days since 1970-01-01, UTC). */
export function dats(day: number): string {
  const d = new Date(day * 86_400_000);
  return `${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}${String(d.getUTCDate()).padStart(2, '0')}`;
}

/** Day number of a `YYYYMMDD` number. */
export function dayOf(date8: number): number {
  const y = Math.floor(date8 / 10000);
  const m = Math.floor((date8 % 10000) / 100);
  const d = date8 % 100;
  return Math.round(Date.UTC(y, m - 1, d) / 86_400_000);
}

/** The fixed analysis date of every generated landscape (no clock). */
export const REF_DAY = dayOf(REF_DATE);
export const NO_DATE = '00000000';
export const END_OF_TIME = '99991231';
export const BEGIN_OF_TIME = '19000101';
