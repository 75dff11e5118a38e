/**
 * Cell access for the system extract reader: the whitespace and blank-row checks, the string
 * interner that lets millions of rows share one string per distinct value, and TableReader,
 * which indexes a table's header (rejecting missing or repeated columns) and reads typed cells
 * (dates, integers) with errors naming the file, line and column.
 */
import { parseDate8, type Date8 } from '../../engine/model/dates.ts';
import { labelIndex, normaliseLabel } from './field-labels.ts';
import { InputError, showValue } from './input-error.ts';
import type { SourceTable } from './table-source.ts';

/** `s.trim()`, without the call when there is nothing to trim (the common case, and a hot path). */
export function trim(s: string): string {
  const n = s.length;
  if (n === 0) return s;
  const a = s.charCodeAt(0);
  const b = s.charCodeAt(n - 1);
  return a <= 32 || a > 126 || b <= 32 || b > 126 ? s.trim() : s;
}

/** True when every value is empty or blanks. */
export function isBlankRow(values: string[]): boolean {
  for (let i = 0; i < values.length; i++) if (trim(values[i]) !== '') return false;
  return true;
}

/**
 * Interns the strings of one column: a one-entry cache (extracts are sorted, so neighbouring
 * rows repeat their role, object, instance …) over a pool. Without a pool only runs of equal
 * values share a string: enough for AGR_1251-AUTH, whose names are unique to a role and whose
 * rows are consecutive, and which would otherwise fill the pool with a million entries.
 */
export class Interner {
  private last = '';
  constructor(private readonly pool: Map<string, string> | null) {}
  get(s: string): string {
    if (s.length === 0) return '';
    if (s === this.last) return this.last;
    const pool = this.pool;
    if (pool !== null) {
      const v = pool.get(s);
      if (v === undefined) pool.set(s, s);
      else s = v;
    }
    this.last = s;
    return s;
  }
}

/** Distinct date texts a table's reader remembers; beyond, a new text is parsed each time. */
const MAX_DATES = 100_000;

/** Reading one table: column positions, typed cell readers, and the per-row mapper. */
export class TableReader {
  readonly columns = new Map<string, number>();
  private line = 0;
  private values: string[] = [];
  /** The dates parsed so far, by text (valid ones only: a bad one fails the read). */
  private readonly dates = new Map<string, Date8 | null>();

  constructor(readonly table: SourceTable) {}

  /**
   * Indexes the header; a missing required column, or one given twice, is an error. A header
   * cell is the SAP field name, or one of the field's DDIC labels (field-labels.ts) for the
   * table `labelsOf`; a label two fields share goes to the first of them not yet taken.
   */
  indexHeader(read: readonly string[], required: readonly string[], labelsOf?: string): void {
    const wanted = new Set<string>([...read, 'MANDT', 'AKTPS']);
    const labels = labelsOf !== undefined ? labelIndex(labelsOf) : undefined;
    const { header, headerLine, fileName } = this.table;
    header.forEach((raw, i) => {
      let name = raw.trim().toUpperCase();
      if (!wanted.has(name) && labels) {
        const fields = labels.get(normaliseLabel(raw))?.filter((f) => wanted.has(f));
        if (!fields || fields.length === 0) return;
        name = fields.find((f) => !this.columns.has(f)) ?? fields[0];
      }
      if (!wanted.has(name)) return;
      if (this.columns.has(name)) {
        throw new InputError(`column ${name} appears twice in the header`, {
          file: fileName,
          line: headerLine,
          column: name,
        });
      }
      this.columns.set(name, i);
    });
    for (const column of required) {
      if (!this.columns.has(column)) {
        throw new InputError(
          `the required column ${column} is missing from the header (expected ${required.join(', ')}, as SAP field names or their field labels)`,
          { file: fileName, line: headerLine, column },
        );
      }
    }
  }

  col(name: string): number {
    return this.columns.get(name) ?? -1;
  }

  at(values: string[], line: number): void {
    this.line = line;
    this.values = values;
  }

  fail(column: string, problem: string): never {
    throw new InputError(problem, { file: this.table.fileName, line: this.line, column });
  }

  date(i: number, column: string): Date8 | null {
    if (i < 0) return null;
    const text = this.values[i];
    // Dates repeat (AGR_USERS: most rows 19000101 to 99991231): each text is parsed once.
    const known = this.dates.get(text);
    if (known !== undefined) return known;
    let d = parseDate8(text);
    if (d === undefined) d = parseLocaleDate(text);
    if (d === undefined)
      this.fail(column, `expected a date YYYYMMDD, YYYY-MM-DD or DD.MM.YYYY, got ${showValue(text)}`);
    if (this.dates.size < MAX_DATES) this.dates.set(text, d);
    return d;
  }

  int(i: number, column: string): number | null {
    if (i < 0) return null;
    const text = this.values[i].trim();
    if (text === '') return null;
    if (!/^[+-]?\d+$/.test(text)) this.fail(column, `expected an integer, got ${showValue(this.values[i])}`);
    return Number(text);
  }
}

/**
 * A date as Excel writes it in a German or Turkish locale, `dd.mm.yyyy` (DESIGN 4.1a), or
 * undefined. `00.00.0000` is unset, as SAP's `00000000`.
 */
export function parseLocaleDate(text: string): Date8 | null | undefined {
  const m = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(text.trim());
  if (!m) return undefined;
  const d = Number(m[1]);
  const mo = Number(m[2]);
  const y = Number(m[3]);
  if (d === 0 && mo === 0 && y === 0) return null;
  if (mo < 1 || mo > 12 || d < 1 || d > 31) return undefined;
  return y * 10000 + mo * 100 + d;
}
