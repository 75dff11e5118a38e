/**
 * DESIGN 7b: a ruleset has at most MAX_RULESET_FUNCTIONS functions and MAX_RULESET_LINES lines
 * (server/config.ts; the command line and the server read the same settings). They are counted
 * as the rows are read, in every form (multi-file, flat, pairs, GRC's download, JSON), so a
 * ruleset past a bound is refused at the row that passes it, before the rest is read or anything
 * built from it: a million-function file costs the reader no more than the bound does.
 */
import { normalise } from './ruleset-cells.ts';
import { InputError } from './input-error.ts';

export interface RulesetLimits {
  /** Distinct FUNCTION_IDs. */
  functions: number;
  /** Data lines of all the ruleset's tables together (header lines not counted). */
  lines: number;
}

/** The bounds when MAX_RULESET_FUNCTIONS / MAX_RULESET_LINES are not set (server/config.ts declares the settings with these). */
export const RULESET_LIMIT_DEFAULTS: RulesetLimits = { functions: 100_000, lines: 2_000_000 };

/**
 * The ruleset bounds from the environment, for the command line, which reads rulesets without the
 * server's other settings. Read here, not through config.ts's schema: that would load zod (about
 * 100 modules, 90 ms) into every `segra analyze` start.
 */
export function rulesetLimits(env: NodeJS.ProcessEnv = process.env): RulesetLimits {
  const setting = (name: string, fallback: number): number => {
    const raw = env[name]?.trim();
    if (raw === undefined || raw === '') return fallback;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < 1) throw new Error(`invalid configuration: ${name}: expected a whole number of at least 1, got ${JSON.stringify(raw)}`);
    return n;
  };
  return { functions: setting('MAX_RULESET_FUNCTIONS', RULESET_LIMIT_DEFAULTS.functions), lines: setting('MAX_RULESET_LINES', RULESET_LIMIT_DEFAULTS.lines) };
}

export const RULESET_TOO_MANY_FUNCTIONS = 'RULESET_TOO_MANY_FUNCTIONS';
export const RULESET_TOO_MANY_LINES = 'RULESET_TOO_MANY_LINES';

/** The columns that name a function: FUNCTION_ID, or FUNCTION in the pair sheet (ruleset-pairs.ts). */
const FUNCTION_COLUMNS = ['FUNCTION_ID', 'FUNCTION'];

/** The column of a header that names the row's function, or -1. */
export function functionColumn(header: readonly string[]): number {
  const names = header.map(normalise);
  for (const n of FUNCTION_COLUMNS) {
    const i = names.indexOf(n);
    if (i >= 0) return i;
  }
  return -1;
}

/** Counts one ruleset's lines and functions as they are read; throws at the first past a bound. */
export class RulesetBounds {
  private lines = 0;
  private readonly functions = new Set<string>();

  constructor(private readonly limits: RulesetLimits) {}

  /**
   * One non-empty line of `file`; `functionAt` the column holding its function (-1: none),
   * `columns` how the columns are named in a message.
   */
  line(file: string, line: number, values: readonly string[], functionAt: number, columns: readonly string[]): void {
    this.count(1, { file, line, column: columns[0] || 1 });
    if (functionAt < 0) return;
    this.function(values[functionAt]?.trim() ?? '', file, line, columns[functionAt] || functionAt + 1);
  }

  /**
   * A parsed JSON ruleset (ruleset-json.ts), before it is checked: each risk with its function
   * ids and each function with its actions and permissions count the lines they would be in the
   * multi-file form; the error names the entry (`functions[100000]`).
   */
  json(file: string, data: unknown): void {
    const list = (v: unknown, key: string): unknown[] => {
      const a = v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined;
      return Array.isArray(a) ? a : [];
    };
    list(data, 'risks').forEach((r, i) => this.count(1 + list(r, 'functionIds').length, { file, column: `risks[${i}]` }));
    list(data, 'functions').forEach((f, i) => {
      this.count(1 + list(f, 'actions').length + list(f, 'permissions').length, { file, column: `functions[${i}]` });
      const id = f !== null && typeof f === 'object' ? (f as { id?: unknown }).id : undefined;
      if (typeof id === 'string' || typeof id === 'number') this.function(String(id).trim(), file, undefined, `functions[${i}].id`);
    });
  }

  private count(n: number, where: { file: string; line?: number; column: string | number }): void {
    this.lines += n;
    if (this.lines <= this.limits.lines) return;
    throw new InputError(`the ruleset has more than ${this.limits.lines} lines (MAX_RULESET_LINES); this line is one too many`, where, {
      code: RULESET_TOO_MANY_LINES,
      params: { limit: this.limits.lines, setting: 'MAX_RULESET_LINES' },
    });
  }

  /** One function named at `file` `line`, `column` (JSON: the function's place in the list). */
  function(id: string, file: string, line: number | undefined, column: string | number): void {
    if (id === '' || this.functions.has(id)) return;
    this.functions.add(id);
    if (this.functions.size <= this.limits.functions) return;
    throw new InputError(
      `the ruleset has more than ${this.limits.functions} functions (MAX_RULESET_FUNCTIONS); function ${JSON.stringify(id.slice(0, 60))} is one too many`,
      line === undefined ? { file, column } : { file, line, column },
      { code: RULESET_TOO_MANY_FUNCTIONS, params: { limit: this.limits.functions, setting: 'MAX_RULESET_FUNCTIONS' } },
    );
  }
}
