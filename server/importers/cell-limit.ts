/**
 * DESIGN 7b: a cell of any imported table (an extract, a ruleset, a usage export, a control or
 * mitigation file; CSV, SE16 list or xlsx) holds at most 64 KiB. No SAP field comes near it
 * (the longest, a long text line, is a few hundred characters); a bigger cell is a wrong or
 * hostile file, and is refused where it is met, naming the file, the line, the column and the limit.
 */
import { InputError } from './input-error.ts';

/** The most characters (bytes, on the byte path) a cell may hold: 64 KiB. */
export const MAX_CELL_CHARS = 64 * 1024;

export const CELL_TOO_LONG = 'CELL_TOO_LONG';

/** A cell past the limit as a splitter meets it, before it knows the file's name and header: byteRows names them. */
export class LongCell extends Error {
  constructor(
    readonly line: number,
    /** 0-based column. */
    readonly index: number,
    readonly length: number,
  ) {
    super(`line ${line}: a cell of ${length} characters is longer than the ${MAX_CELL_CHARS} a cell may hold`);
  }
}

/** The error of a cell past the limit, naming the file, line, column (the header's name, else its position) and the limit. */
export function cellTooLong(file: string, header: readonly string[] | null | undefined, line: number, index: number, length: number): InputError {
  const column = header?.[index]?.trim() || index + 1;
  return new InputError(
    `the cell holds ${length} characters, more than the ${MAX_CELL_CHARS} (64 KiB) a cell may hold`,
    { file, line, column },
    { code: CELL_TOO_LONG, params: { limit: MAX_CELL_CHARS, length } },
  );
}

/** Throws cellTooLong for the first value of `values` past the limit. */
export function checkCells(values: readonly string[], file: string, header: readonly string[] | null | undefined, line: number): void {
  for (let i = 0; i < values.length; i++) {
    if (values[i].length > MAX_CELL_CHARS) throw cellTooLong(file, header, line, i, values[i].length);
  }
}
