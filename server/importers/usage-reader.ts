/**
 * Reads a usage export (DESIGN 5.17, `segra analyze --usage FILE`): STAD, ST03N (SWNC*
 * aggregates) or SM20 lists saved as a table. The user is in BNAME, ACCOUNT or UNAME (or the
 * English, German or Turkish label SAP writes over them), the tcode in TCODE or ENTRY_ID, the
 * number of runs in COUNT (1 per row when the column or the cell is empty), the days in DATE,
 * FROM_DATE/TO_DATE or a month PERIOD (DESIGN 4.1b: with a window, a dated row counts when its
 * days meet [D − days, D]; rows without a day count and are said in USAGE_WINDOW_UNKNOWN).
 * Rows are summed per user and tcode as they stream, so a 2-million-row export is never held whole.
 */
import { UsageIndex } from '../../engine/analysis/usage.ts';
import type { InputWarning } from '../../engine/model/controls.ts';
import { InputError, showValue } from './input-error.ts';
import { WarningTally } from './data-warnings.ts';
import { date8MinusDays, type Date8 } from '../../engine/model/dates.ts';
import { columnName, dateCell, ignoredColumnsOf, indexColumns, isBlank, withSingleTable } from './single-table.ts';
import type { SourceTable } from './table-source.ts';

/** Accepted column names, technical first; the first one found wins. */
const COLUMNS = {
  user: {
    names: ['BNAME', 'ACCOUNT', 'UNAME', 'USER', 'USER NAME', 'USERNAME', 'BENUTZER', 'BENUTZERNAME', 'KULLANICI', 'KULLANICI ADI'],
    required: true,
  },
  tcode: {
    names: ['TCODE', 'ENTRY_ID', 'TRANSACTION CODE', 'TRANSACTION', 'TRANSAKTIONSCODE', 'TRANSAKTION', 'İŞLEM KODU'],
    required: true,
  },
  count: { names: ['COUNT', 'COUNTER', 'NUMBER', 'ANZAHL', 'DIALOG STEPS', 'DIALOGSCHRITTE', 'ADET', 'SAYI'], required: false },
  client: { names: ['MANDT', 'CLIENT', 'MANDANT'], required: false },
} as const;

/**
 * When a row's use happened (DESIGN 4.1b): a day (SM20 date, STAD start date, ST03N last date),
 * a span FROM_DATE … TO_DATE, or a month PERIOD (202611, 2026-11, 11.2026).
 */
const DATE_COLUMNS = {
  date: {
    names: ['DATE', 'DATUM', 'SLGDATTIM', 'LAST_DATE', 'LAST DATE', 'LASTDATE', 'LETZTES DATUM', 'START DATE', 'STARTDATUM', 'TARİH', 'TARIH'],
    required: false,
  },
  from: { names: ['FROM_DATE', 'FROM DATE', 'DATE_FROM', 'VON_DATUM'], required: false },
  to: { names: ['TO_DATE', 'TO DATE', 'DATE_TO', 'BIS_DATUM'], required: false },
  period: { names: ['PERIOD', 'MONTH', 'PERIODE', 'MONAT', 'DÖNEM'], required: false },
} as const;

/** The usage window of `segra analyze` (DESIGN 4.1b): rows count when their days meet [date − days, date]. */
export interface UsageWindow {
  date: Date8;
  days: number;
}

export const DEFAULT_USAGE_WINDOW_DAYS = 365;

/**
 * ST03N's ENTRY_ID is the name padded to 40 characters followed by a type letter (`T` for a
 * transaction, `R` for a report): `ME21N` + blanks + `T`. Trimmed, that is a name, blanks and
 * one letter; the name alone is the tcode. Tcodes never contain blanks.
 */
function entryIdTcode(value: string): string {
  const t = value.trim();
  const m = /^(\S+)\s+\S$/.exec(t);
  return m ? m[1] : t;
}

/** `s.trim()` without the call when there is nothing to trim (the common case, once per cell). */
function trim(s: string): string {
  const n = s.length;
  if (n === 0) return s;
  const a = s.charCodeAt(0);
  const b = s.charCodeAt(n - 1);
  return a <= 32 || a > 126 || b <= 32 || b > 126 ? s.trim() : s;
}

/** A count: an integer, optionally signed or with thousands separators (`1.234`, `1,234`, `1 234`). */
function parseCount(text: string): number | undefined {
  const t = trim(text);
  if (t === '') return 1;
  // Plain digits, the usual case, without a regular expression.
  let n = 0;
  let i = 0;
  for (; i < t.length; i++) {
    const d = t.charCodeAt(i) - 48;
    if (d < 0 || d > 9) break;
    n = n * 10 + d;
  }
  if (i === t.length && i < 16) return n;
  if (/^[+-]?\d+$/.test(t)) return Number(t);
  if (/^\d{1,3}([.,' ]\d{3})+$/.test(t)) return Number(t.replace(/[.,' ]/g, ''));
  return undefined;
}

export interface UsageRead {
  usage: UsageIndex;
  rows: number;
  warnings: InputWarning[];
}

/**
 * A usage row as the server stores it: with its last day (null when the export has no date
 * column or cell) and, for a span or a month, its first day (null for a single day).
 */
export type UsageRowSink = (user: string, tcode: string, count: number, day: Date8 | null, firstDay: Date8 | null) => void;

/** A month PERIOD: 202611, 2026-11 or 11.2026, as its first and last day. */
function monthSpan(table: SourceTable, line: number, index: number, text: string): { first: Date8; last: Date8 } | null {
  const t = trim(text);
  if (t === '') return null;
  const m = /^(\d{4})-?(\d{2})$/.exec(t) ?? (/^(\d{1,2})\.(\d{4})$/.exec(t) ? ['', t.split('.')[1], t.split('.')[0]] : null);
  const year = m ? Number(m[1]) : 0;
  const month = m ? Number(m[2]) : 0;
  if (!m || month < 1 || month > 12) {
    throw new InputError(`expected a month YYYYMM, YYYY-MM or mm.yyyy, got ${showValue(text)}`, { file: table.fileName, line, column: columnName(table, index) });
  }
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { first: year * 10000 + month * 100 + 1, last: year * 10000 + month * 100 + days };
}

/** The date of a usage row: YYYYMMDD, ISO, dd.mm.yyyy, or SM20's SLGDATTIM timestamp (YYYYMMDDhhmmss). */
function usageDay(table: SourceTable, line: number, index: number, text: string): Date8 | null {
  const t = trim(text);
  return dateCell(table, line, index, /^\d{14}$/.test(t) ? t.slice(0, 8) : t.replace(/^(\S+)\s+\d{1,2}:\d{2}(:\d{2})?$/, '$1'));
}

/**
 * Reads the export. With `onRow` (the server's usage upload) every attributed row also goes
 * there with its day, read from the date column when there is one; without it dates are
 * ignored, as `segra analyze --usage` does.
 */
export async function readUsage(file: string, options: { client?: string; onRow?: UsageRowSink; window?: UsageWindow } = {}): Promise<UsageRead> {
  return withSingleTable(file, async (table) => {
    const c = indexColumns(table, COLUMNS);
    const d = indexColumns(table, DATE_COLUMNS);
    const dated = d.date >= 0 || d.from >= 0 || d.to >= 0 || d.period >= 0;
    /** The days of a row's use, first and last; null when it says none. */
    const spanOf = (values: readonly string[], line: number): { first: Date8; last: Date8 } | null => {
      if (d.period >= 0) {
        const month = monthSpan(table, line, d.period, values[d.period]);
        if (month) return month;
      }
      if (d.date >= 0) {
        const day = usageDay(table, line, d.date, values[d.date]);
        if (day !== null) return { first: day, last: day };
      }
      const from = d.from >= 0 ? usageDay(table, line, d.from, values[d.from]) : null;
      const to = d.to >= 0 ? usageDay(table, line, d.to, values[d.to]) : null;
      if (from === null && to === null) return null;
      return { first: from ?? to!, last: to ?? from! };
    };
    const window = options.window;
    const windowStart = window ? date8MinusDays(window.date, window.days) : 0;
    const outside = new WarningTally();
    const undated = new WarningTally();
    const isEntryId = table.header[c.tcode].trim().toUpperCase() === 'ENTRY_ID';
    const client = options.client?.trim();
    const usage = new UsageIndex();
    let rows = 0;
    const incomplete: string[] = [];
    let incompleteCount = 0;
    await table.forEachRow((values, line) => {
      const user = trim(values[c.user]);
      const tcode = isEntryId ? entryIdTcode(values[c.tcode]) : trim(values[c.tcode]);
      if ((user === '' || tcode === '') && isBlank(values)) return;
      if (client !== undefined && c.client >= 0 && trim(values[c.client]) !== client) return;
      let count = 1;
      if (c.count >= 0) {
        const n = parseCount(values[c.count]);
        if (n === undefined) {
          throw new InputError(`expected a whole number of runs, got ${showValue(values[c.count])}`, {
            file: table.fileName,
            line,
            column: columnName(table, c.count),
          });
        }
        count = n;
      }
      if (user === '' || tcode === '') {
        // Background steps without a user, reports without a tcode: nothing to attribute.
        if (incomplete.length < 10) incomplete.push(`line ${line}`);
        incompleteCount++;
        return;
      }
      const span = dated ? spanOf(values, line) : null;
      if (span === null) undated.add(`line ${line}`);
      // DESIGN 4.1b: a dated row counts when its days meet the window, never after the analysis date.
      else if (window && (span.first > window.date || span.last < windowStart)) {
        outside.add(`line ${line}`);
        return;
      }
      rows++;
      usage.add(user, tcode, count);
      if (options.onRow) options.onRow(user, tcode, count, span ? span.last : null, span && span.first !== span.last ? span.first : null);
    });
    const warnings: InputWarning[] =
      incompleteCount === 0 ? [] : [{ code: 'USAGE_ROW_WITHOUT_USER_OR_TCODE', table: 'USAGE', count: incompleteCount, examples: incomplete }];
    warnings.push(...ignoredColumnsOf(table, 'USAGE', c, d));
    const out = outside.toWarning('USAGE_OUTSIDE_WINDOW', 'USAGE');
    if (out) warnings.push(out);
    // Rows without a day count in every window: the result says the window is not known for them.
    const unknown = undated.toWarning('USAGE_WINDOW_UNKNOWN', 'USAGE');
    if (unknown) warnings.push(unknown);
    return { usage, rows, warnings };
  });
}
