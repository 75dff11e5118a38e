/** The shapes shared by every table source (folder, file, zip, xlsx, uploads). */
import path from 'node:path';
import type { DataWarning } from './data-warnings.ts';

/** One data row: its 1-based line in the file (sheet row number for xlsx) and its values. */
export interface TableRow {
  readonly line: number;
  /** One value per header column, as read. */
  readonly values: string[];
}

/** One table of a source, ready to stream. */
export interface SourceTable {
  /** Upper-cased base name, e.g. `AGR_1251`. */
  readonly table: string;
  /** How error messages name the file: `AGR_1251.csv`, `extract.zip[AGR_1251.csv]`, `rules.xlsx[RISKS]`. */
  readonly fileName: string;
  /** The header's column names, exactly as read. */
  readonly header: readonly string[];
  /** The header's line (sheet row for xlsx). */
  readonly headerLine: number;
  /**
   * The data rows in file order, in batches. Iterate at most once, and before asking the
   * source for its next table: whatever is left unread then is skipped. Rejects with an
   * InputError on malformed input.
   */
  batches(): AsyncIterable<TableRow[]>;
  /**
   * The fast way to the same rows: each is handed to `onRow` synchronously as it is parsed, so
   * nothing is kept between rows. Resolves when the table is read; rejects with an InputError
   * on malformed input, or with whatever `onRow` throws. Use this or `batches`, once.
   */
  forEachRow(onRow: RowHandler, skip?: RowSkip, onIds?: IdRowHandler, pool?: Map<string, string>): Promise<void>;
  /** What reading the file had to guess (its encoding), known once its rows were read. */
  warnings?(): DataWarning[];
  /**
   * Lets rows have fewer or more fields than the first line (files without a header, as GRC's
   * rule download, whose trailing empty fields may be left off). Call before reading rows.
   */
  allowRagged?(): void;
}

export interface TableSourceOptions {
  /** Only tables this accepts are opened (others are skipped without being parsed). */
  want?: (table: string) => boolean;
}

export interface TableSource {
  /** The source as given (a path, or the upload names), for messages. */
  readonly name: string;
  /** The tables one after another, in folder / archive / workbook order. */
  tables(options?: TableSourceOptions): AsyncIterable<SourceTable>;
}

/** An uploaded file: a table file, a .zip or an .xlsx. */
export interface Upload {
  name: string;
  data: Uint8Array;
}

export type TableSourceInput = string | readonly Upload[] | TableSource;

export const TABLE_FILE_EXTENSIONS: readonly string[] = ['.csv', '.txt', '.tsv'];

/** Receives each data row as it is parsed. */
/**
 * `pooled`: every value is the string `pool` (forEachRow's) holds for it, as the byte splitter makes
 * them (once per distinct value of a column): a reader interning into that pool may take it as it is.
 */
export type RowHandler = (values: string[], line: number, pooled?: boolean) => void;

/**
 * Receives a data row split on its bytes as ids of its values (issue 12: no string, no array per
 * row): value c is `lists[c][ids[from + c]]` when that id is not negative, else `extra[-1 - id]`.
 * The lists only grow and may be another set from one row to the next (each reading thread has
 * its own); `ids` and `extra` are reused once the call returns. A reader that has no such rows
 * (text, workbooks) hands every row to the RowHandler: a caller must take both.
 */
export type IdRowHandler = (ids: Int32Array, from: number, width: number, lists: readonly (readonly string[])[], extra: readonly string[], line: number) => void;

/**
 * Rows a reader may leave out of `onRow` because the caller would drop them anyway (issue 12:
 * most of AGR_1251 is objects no ruleset asks about). Plain data only, so that a reading thread
 * can apply it to the bytes. A row is skipped only when it has `width` values, its `decide`
 * value (trimmed) is not in `keep`, every `nonBlank` value holds a visible character and, when
 * `actvt` is set, it is not an ACTVT row with a one-digit value (those are repaired and counted,
 * DESIGN 4.1a). Everything else, odd rows included, still reaches `onRow`: a reader that does not
 * skip is as right as one that does.
 */
export interface SkipRule {
  width: number;
  decide: number;
  keep: readonly string[];
  nonBlank: readonly number[];
  /** The column whose value a run of skipped rows shares (MANDT), or -1. */
  run: number;
  actvt: { field: number; values: readonly number[] } | null;
}

/**
 * A skip rule and what receives the skipped rows: runs of consecutive skipped rows, each with its
 * size, the line of its first row and its `run` column's value as read ('' without one).
 */
export interface RowSkip {
  rule: SkipRule;
  onSkip: (count: number, line: number, runValue: string) => void;
}

/** Which tables a caller wants opened. */
export type Want = (table: string) => boolean;

/** Input bytes are handed to the parsers in pieces of at most this size. */
export const PIECE = 64 * 1024;
/** Compressed bytes handed to the unzipper at a time (a piece inflates to about ten times as much). */
export const ZIP_PIECE = 64 * 1024;

/**
 * The table a file name stands for (`agr_1251.txt` → `AGR_1251`), or undefined when the file
 * is not a table file (wrong extension, hidden file, macOS resource fork).
 */
export function tableNameOf(fileName: string): string | undefined {
  const base = path.posix.basename(fileName.replace(/\\/g, '/'));
  if (base.startsWith('.') || /(^|\/)__MACOSX\//.test(fileName)) return undefined;
  const ext = path.posix.extname(base).toLowerCase();
  if (!TABLE_FILE_EXTENSIONS.includes(ext)) return undefined;
  const name = base.slice(0, -ext.length).trim().toUpperCase();
  return name === '' ? undefined : name;
}
