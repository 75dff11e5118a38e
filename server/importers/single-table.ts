/**
 * One table given as one file (a mitigating-control register, a usage export): a .csv/.txt/.tsv
 * with the delimiters, BOM and quoting the extract reader accepts, or the first sheet of an
 * .xlsx. Columns are found by name (trimmed, upper-cased, inner blanks collapsed), each from a
 * list of accepted names; cells are read with errors that name the file, line and column.
 */
import { parseDate8, type Date8 } from '../../engine/model/dates.ts';
import { InputError, showValue } from './input-error.ts';
import { openTableSource, type SourceTable } from './table-source.ts';
import { ignoredColumnsWarning } from './table-warnings.ts';
import type { InputWarning } from '../../engine/model/controls.ts';

/** A column of the table: the first of its accepted names found in the header. */
export interface ColumnSpec {
  /** The name errors use when the column is missing: the first accepted name. */
  names: readonly string[];
  required: boolean;
}

export const headerName = (raw: string): string => raw.trim().replace(/\s+/g, ' ').toUpperCase();

/** Opens the file and hands its first table to `read`; a file without any table is an error. */
export async function withSingleTable<T>(file: string, read: (table: SourceTable) => Promise<T>): Promise<T> {
  // Awaited inside the loop: leaving it closes the file, which must wait until the rows are read.
  for await (const table of openTableSource(file).tables()) return await read(table);
  throw new InputError('holds no table: expected a header line naming the columns', { file });
}

/** Column positions by spec key; -1 for an optional column that is absent. */
export function indexColumns<K extends string>(table: SourceTable, specs: Record<K, ColumnSpec>): Record<K, number> {
  const header = table.header.map(headerName);
  const out = {} as Record<K, number>;
  for (const key of Object.keys(specs) as K[]) {
    const spec = specs[key];
    let at = -1;
    for (const name of spec.names) {
      at = header.indexOf(name);
      if (at >= 0) {
        if (header.indexOf(name, at + 1) >= 0) {
          throw new InputError(`column ${name} appears twice in the header`, { file: table.fileName, line: table.headerLine, column: name });
        }
        break;
      }
    }
    if (at < 0 && spec.required) {
      const expected = spec.names.length > 1 ? `one of ${spec.names.join(', ')}` : spec.names[0];
      throw new InputError(`the required column ${spec.names[0]} is missing from the header (expected ${expected})`, {
        file: table.fileName,
        line: table.headerLine,
        column: spec.names[0],
      });
    }
    out[key] = at;
  }
  return out;
}

/** The header's own spelling of a column, for error messages. */
export function columnName(table: SourceTable, index: number): string {
  return table.header[index]?.trim() || String(index + 1);
}

/**
 * A date cell: `YYYYMMDD`, ISO `YYYY-MM-DD` or `dd.mm.yyyy`; empty or `00000000` is an open
 * bound (null). Anything else is an error at that cell.
 */
export function dateCell(table: SourceTable, line: number, index: number, text: string): Date8 | null {
  const t = text.trim();
  const german = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(t);
  const d = german ? parseDate8(`${german[3]}${german[2].padStart(2, '0')}${german[1].padStart(2, '0')}`) : parseDate8(t);
  if (d === undefined) {
    throw new InputError(`expected a date YYYYMMDD, YYYY-MM-DD or dd.mm.yyyy (empty for an open bound), got ${showValue(text)}`, {
      file: table.fileName,
      line,
      column: columnName(table, index),
    });
  }
  return d;
}

export function isBlank(values: readonly string[]): boolean {
  return values.every((v) => v.trim() === '');
}

/** IGNORED_COLUMNS (DESIGN 4.1b) of a single-table file: the header's columns none of its column sets read. */
export function ignoredColumnsOf(table: SourceTable, name: string, ...indexes: Array<Record<string, number>>): InputWarning[] {
  const w = ignoredColumnsWarning(name, table.header, indexes.flatMap((x) => Object.values(x)).filter((i) => i >= 0));
  return w ? [w] : [];
}
