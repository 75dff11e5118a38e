/**
 * Reads a usage export (DESIGN 5.17, `segra analyze --usage FILE`): STAD, ST03N (SWNC*
 * aggregates) or SM20 lists saved as a table. The user is in BNAME, ACCOUNT or UNAME (or the
 * English, German or Turkish label SAP writes over them), the tcode in TCODE or ENTRY_ID, the
 * number of runs in COUNT (1 per row when the column or the cell is empty). Date columns and
 * anything else are ignored: the export's period is chosen when it is made. Rows are summed
 * per user and tcode as they stream, so a 2-million-row export is never held whole.
 */
import { UsageIndex } from '../../engine/analysis/usage.ts';
import type { InputWarning } from '../../engine/model/controls.ts';
import { InputError, showValue } from './input-error.ts';
import type { Date8 } from '../../engine/model/dates.ts';
import { columnName, dateCell, indexColumns, isBlank, withSingleTable } from './single-table.ts';
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

/** The day of a row (SM20 date, STAD start date, ST03N last date), read only by the server's upload. */
const DATE_COLUMN = {
  date: {
    names: ['DATE', 'DATUM', 'SLGDATTIM', 'LAST_DATE', 'LAST DATE', 'LASTDATE', 'LETZTES DATUM', 'START DATE', 'STARTDATUM', 'TARİH', 'TARIH'],
    required: false,
  },
} as const;

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

/** A usage row as the server stores it: with its day (null when the export has no date column or cell). */
export type UsageRowSink = (user: string, tcode: string, count: number, day: Date8 | null) => void;

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
export async function readUsage(file: string, options: { client?: string; onRow?: UsageRowSink } = {}): Promise<UsageRead> {
  return withSingleTable(file, async (table) => {
    const c = indexColumns(table, COLUMNS);
    const dateAt = options.onRow ? indexColumns(table, DATE_COLUMN).date : -1;
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
      rows++;
      usage.add(user, tcode, count);
      if (options.onRow) options.onRow(user, tcode, count, dateAt >= 0 ? usageDay(table, line, dateAt, values[dateAt]) : null);
    });
    const warnings: InputWarning[] =
      incompleteCount === 0 ? [] : [{ code: 'USAGE_ROW_WITHOUT_USER_OR_TCODE', table: 'USAGE', count: incompleteCount, examples: incomplete }];
    return { usage, rows, warnings };
  });
}
