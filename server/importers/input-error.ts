/**
 * A problem in user input (a system extract or a ruleset): the file, the line and the column
 * where it was found, and what was expected there. The command line exits with status 2 on
 * it (DESIGN 11); the server answers 400 with its message.
 *
 * Line numbers are 1-based physical lines of the file (the header is line 1); for a
 * spreadsheet, the sheet's row number. The column is the SAP field name from the header when
 * known, otherwise a 1-based field position.
 */
export class InputError extends Error {
  /** The file (or `container[member]` for a zip entry or a sheet of a workbook). */
  readonly file: string;
  readonly line?: number;
  readonly column?: string | number;
  /** The problem alone, without the location. */
  readonly problem: string;
  /** A bound passed (DESIGN 7b): its error code, which the UI words with `params` (the limit). */
  readonly code?: string;
  readonly params?: Record<string, string | number>;

  constructor(
    problem: string,
    where: { file: string; line?: number; column?: string | number },
    options?: { cause?: unknown; code?: string; params?: Record<string, string | number> },
  ) {
    super(formatMessage(problem, where), options);
    this.name = 'InputError';
    this.file = where.file;
    if (where.line !== undefined) this.line = where.line;
    if (where.column !== undefined) this.column = where.column;
    this.problem = problem;
    if (options?.code !== undefined) this.code = options.code;
    if (options?.params !== undefined) this.params = options.params;
  }
}

function formatMessage(problem: string, where: { file: string; line?: number; column?: string | number }): string {
  let at = where.file;
  if (where.line !== undefined) at += ` line ${where.line}`;
  if (where.column !== undefined) {
    at += `${where.line !== undefined ? ',' : ''} column ${where.column}`;
  }
  return `${at}: ${problem}`;
}

export function isInputError(e: unknown): e is InputError {
  return e instanceof InputError;
}

/** Quotes a value read from input for an error message, showing blanks and control characters. */
export function showValue(value: string): string {
  const shown = value.length > 60 ? `${value.slice(0, 57)}...` : value;
  return JSON.stringify(shown);
}

/** A system error in words a user understands (file not found, permission denied). */
export function systemMessage(e: unknown): string {
  const err = e as NodeJS.ErrnoException;
  if (err?.code === 'ENOENT') return 'no such file or directory';
  if (err?.code === 'EACCES') return 'permission denied';
  return err?.message ?? String(e);
}
