/**
 * Cell access for the ruleset reader: LoadedTable (a ruleset table read whole), and Cells,
 * which indexes a table's header (rejecting missing or repeated columns) and reads its cells as
 * ids, names, risk types and levels, active flags and operators, accepting GRC's numeric codes
 * and failing with the file, line and column. Also the permission-line reader shared by the
 * multi-file and the flat form.
 */
import type { PermissionLine, PermissionOperator, RiskLevel, RiskType } from '../../engine/model/ruleset.ts';
import { InputError, showValue } from './input-error.ts';
import { parseOrgFields } from '../../engine/ruleset/org-fields.ts';
import { isSystemId } from '../../engine/model/ruleset.ts';

/** A table read whole (rulesets are small). */
export interface LoadedTable {
  table: string;
  fileName: string;
  header: readonly string[];
  headerLine: number;
  rows: { line: number; values: string[] }[];
  /** The header positions a reader of the table reads (Cells records them), for IGNORED_COLUMNS. */
  read?: Set<number>;
}

export const normalise = (name: string): string => name.trim().toUpperCase();

/** Column access for one table, with typed readers that report file, line and column. */
export class Cells {
  private readonly index = new Map<string, number>();
  line = 0;
  values: string[] = [];

  constructor(
    readonly t: LoadedTable,
    required: readonly string[],
    known: readonly string[],
  ) {
    const wanted = new Set([...required, ...known]);
    t.header.forEach((raw, i) => {
      const name = normalise(raw);
      if (!wanted.has(name)) return;
      if (this.index.has(name)) {
        throw new InputError(`column ${name} appears twice in the header`, {
          file: t.fileName,
          line: t.headerLine,
          column: name,
        });
      }
      this.index.set(name, i);
      (t.read ??= new Set()).add(i);
    });
    for (const column of required) {
      if (!this.index.has(column)) {
        throw new InputError(
          `the required column ${column} is missing from the header (expected ${required.join(', ')})`,
          { file: t.fileName, line: t.headerLine, column },
        );
      }
    }
  }

  has(column: string): boolean {
    return this.index.has(column);
  }

  at(row: { line: number; values: string[] }): this {
    this.line = row.line;
    this.values = row.values;
    return this;
  }

  /** The value as read ('' when the column is absent). */
  raw(column: string): string {
    const i = this.index.get(column);
    return i === undefined ? '' : this.values[i];
  }

  /** The first present column of several (aliases), as read. */
  rawOf(columns: readonly string[]): { column: string; value: string } {
    for (const column of columns) if (this.index.has(column)) return { column, value: this.raw(column) };
    return { column: columns[0], value: '' };
  }

  name(column: string): string {
    return this.raw(column).trim();
  }

  fail(column: string, problem: string): never {
    throw new InputError(problem, { file: this.t.fileName, line: this.line, column });
  }

  id(column: string, what: string): string {
    const v = this.name(column);
    if (v === '') this.fail(column, `expected ${what}, got an empty value`);
    return v;
  }

  riskType(column = 'RISK_TYPE'): RiskType {
    const v = this.name(column).toUpperCase();
    const t = RISK_TYPE_CODES[v];
    if (!t) {
      this.fail(
        column,
        `expected a risk type SOD, CRITICAL_ACTION or CRITICAL_PERMISSION (or GRC's 1, 2, 3), got ${showValue(this.raw(column))}`,
      );
    }
    return t;
  }

  riskLevel(column = 'RISK_LEVEL'): RiskLevel {
    const v = this.name(column).toUpperCase();
    const l = RISK_LEVEL_CODES[v];
    if (!l) {
      this.fail(
        column,
        `expected a risk level CRITICAL, HIGH, MEDIUM or LOW (or GRC's 3, 2, 1, 0), got ${showValue(this.raw(column))}`,
      );
    }
    return l;
  }

  active(columns: readonly string[]): boolean {
    const { column, value } = this.rawOf(columns);
    const v = value.trim().toLowerCase();
    if (ACTIVE_VALUES.has(v)) return true;
    if (INACTIVE_VALUES.has(v)) return false;
    return this.fail(
      column,
      `expected X, Y, 1, true (active), N, 0, false, no (inactive) or an empty value (active), got ${showValue(value)}`,
    );
  }

  /** RISKS.ORG_FIELDS (DESIGN 4.2, 5.15): `BUKRS` or `BUKRS+WERKS`; empty or absent: none. */
  orgFields(column = 'ORG_FIELDS'): string[] {
    const parsed = parseOrgFields(this.raw(column));
    if ('problem' in parsed) {
      this.fail(column, `expected org-level field names joined by + (such as BUKRS or BUKRS+WERKS), got ${showValue(this.raw(column))} with ${parsed.problem}`);
    }
    return parsed.fields;
  }

  /**
   * SYSTEM (DESIGN 5.18, GRC's connector): the SID an action or permission line belongs to,
   * trimmed; empty (or no such column) for any system. A SID is written into finding ids
   * (`SID/NAME`), so it may not hold `/`, `=`, `;` or blanks.
   */
  system(column = 'SYSTEM'): string {
    const v = this.name(column);
    if (v !== '' && !isSystemId(v)) {
      this.fail(column, `expected a system id (letters, digits, _ or -, at most 32) or an empty value for any system, got ${showValue(this.raw(column))}`);
    }
    return v;
  }

  operator(column = 'OPERATOR'): PermissionOperator {
    const v = this.name(column).toUpperCase();
    if (v === '') return 'OR';
    if (v === 'OR' || v === 'AND' || v === 'NOT') return v;
    return this.fail(
      column,
      `expected an operator OR, AND or NOT (empty means OR), got ${showValue(this.raw(column))}`,
    );
  }
}

const RISK_TYPE_CODES: Record<string, RiskType | undefined> = {
  SOD: 'SOD',
  CRITICAL_ACTION: 'CRITICAL_ACTION',
  CRITICAL_PERMISSION: 'CRITICAL_PERMISSION',
  '1': 'SOD',
  '2': 'CRITICAL_ACTION',
  '3': 'CRITICAL_PERMISSION',
};

const RISK_LEVEL_CODES: Record<string, RiskLevel | undefined> = {
  CRITICAL: 'CRITICAL',
  HIGH: 'HIGH',
  MEDIUM: 'MEDIUM',
  LOW: 'LOW',
  '3': 'CRITICAL',
  '2': 'HIGH',
  '1': 'MEDIUM',
  '0': 'LOW',
};

const ACTIVE_VALUES: ReadonlySet<string> = new Set(['', 'x', 'y', '1', 'true', 'yes']);
const INACTIVE_VALUES: ReadonlySet<string> = new Set(['n', '0', 'false', 'no']);

export function permissionLine(c: Cells, activeColumns: readonly string[]): PermissionLine {
  return {
    action: c.name('ACTION'),
    object: c.id('OBJECT', 'an authorisation object'),
    field: c.name('FIELD'),
    low: c.raw('LOW'),
    high: c.raw('HIGH'),
    operator: c.operator(),
    active: c.active(activeColumns),
    ...systemOf(c.system()),
  };
}

/** `{ system }` only when bound to one, so a ruleset without SYSTEM stays exactly as it was read before. */
export function systemOf(system: string): { system?: string } {
  return system === '' ? {} : { system };
}
