/**
 * A calendar date as the number YYYYMMDD (20261121). SAP stores DATS as YYYYMMDD text and
 * compares them as such, so the number keeps their order and costs nothing to compare.
 * `null` is an unset bound (SAP `00000000` or an empty field): open on that side.
 */
export type Date8 = number;

/** True when `date` lies in [from, to], unset bounds being open (DESIGN 5.1). */
export function isWithin(date: Date8, from: Date8 | null, to: Date8 | null): boolean {
  return (from === null || from <= date) && (to === null || date <= to);
}

/** Formats a Date8 as ISO `YYYY-MM-DD`. */
export function date8ToIso(date: Date8): string {
  const s = String(date).padStart(8, '0');
  return `${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 8)}`;
}

/** The Date8 of a JavaScript Date, in UTC. */
export function date8FromDate(d: Date): Date8 {
  return d.getUTCFullYear() * 10000 + (d.getUTCMonth() + 1) * 100 + d.getUTCDate();
}

/**
 * Parses SAP `YYYYMMDD` or ISO `YYYY-MM-DD` (a time part is ignored).
 * Returns null for an unset date (`00000000`, empty) and undefined when the text is not a
 * date at all, so callers can report the bad value.
 */
export function parseDate8(text: string): Date8 | null | undefined {
  const t = text.trim();
  if (t === '' || t === '00000000' || t === '0') return null;
  let m = /^(\d{4})(\d{2})(\d{2})$/.exec(t);
  if (!m) m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ].*)?$/.exec(t);
  if (!m) return undefined;
  const y = Number(m[1]);
  const mo = Number(m[2]);
  const d = Number(m[3]);
  if (mo < 1 || mo > 12 || d < 1 || d > 31) return undefined;
  return y * 10000 + mo * 100 + d;
}

/** The date `days` days before `date` (calendar days, UTC): the first day of a usage window ending on `date`. */
export function date8MinusDays(date: Date8, days: number): Date8 {
  const d = new Date(Date.UTC(Math.floor(date / 10000), Math.floor(date / 100) % 100 - 1, date % 100));
  d.setUTCDate(d.getUTCDate() - days);
  return date8FromDate(d);
}
