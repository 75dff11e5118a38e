/**
 * Reads and writes rulesets (DESIGN 4.2).
 *
 * Reading accepts the multi-file form (RISKS, RISK_FUNCTIONS, FUNCTIONS, FUNCTION_ACTIONS,
 * FUNCTION_PERMISSIONS as files of a folder or a .zip, sheets of an .xlsx, or uploads; names
 * are case-insensitive) and the flat form: one table, one row per risk × function × action ×
 * permission line, whose header has RISK_ID, FUNCTION_ID and ACTION.
 *
 * In the flat form the columns of RISKS, FUNCTIONS, FUNCTION_ACTIONS and FUNCTION_PERMISSIONS
 * are merged; the names they share are told apart with a prefix: RISK_DESCRIPTION,
 * RISK_BUSINESS_PROCESS, RISK_ACTIVE, FUNCTION_DESCRIPTION, FUNCTION_BUSINESS_PROCESS,
 * ACTION_ACTIVE, PERMISSION_ACTIVE. Unprefixed DESCRIPTION, BUSINESS_PROCESS and ACTIVE belong
 * to the risk (RISKS comes first in the merge). A row with an empty OBJECT only names an
 * action; a row with an empty ACTION names the function alone.
 *
 * Names and codes (ids, types, levels, business processes, actions, objects, fields, operators,
 * flags) are trimmed; LOW, HIGH and descriptions are kept as read, so a written ruleset reads
 * back equal.
 * Writing produces the multi-file form (folder of CSV files, .zip of them, or .xlsx).
 */
import type {
  FunctionAction,
  PermissionLine,
  PermissionOperator,
  Risk,
  RiskLevel,
  RiskType,
  RuleFunction,
  Ruleset,
} from '../../engine/model/ruleset.ts';
import { RULESET_FILES, type RulesetFileName } from '../../engine/rulesets/ruleset-tables.ts';
import { InputError, showValue } from './input-error.ts';
import { openTableSource, type TableSourceInput } from './table-source.ts';

const FILE_NAMES = Object.keys(RULESET_FILES) as RulesetFileName[];

/** A table read whole (rulesets are small). */
interface LoadedTable {
  table: string;
  fileName: string;
  header: readonly string[];
  headerLine: number;
  rows: { line: number; values: string[] }[];
}

export async function readRuleset(input: TableSourceInput): Promise<Ruleset> {
  const source = openTableSource(input);
  const tables = new Map<string, LoadedTable>();
  for await (const t of source.tables()) {
    // A table that is neither a ruleset file nor shaped like the flat form (a README.txt …) is
    // left unread.
    const isFile = (FILE_NAMES as string[]).includes(t.table);
    if (!isFile && !isFlatHeader(t.header)) continue;
    const first = tables.get(t.table);
    if (first) {
      throw new InputError(`table ${t.table} is given twice (also as ${first.fileName}); keep only one of them`, {
        file: t.fileName,
      });
    }
    const rows: LoadedTable['rows'] = [];
    await t.forEachRow((values, line) => {
      for (const v of values) {
        if (v.trim() !== '') {
          rows.push({ line, values });
          return;
        }
      }
    });
    tables.set(t.table, { table: t.table, fileName: t.fileName, header: t.header, headerLine: t.headerLine, rows });
  }

  const flat = [...tables.values()].filter((t) => isFlatHeader(t.header));
  // A single flat table is the flat form, whatever its name (even RISKS).
  if (tables.size === 1 && flat.length === 1) return readFlat(flat[0]);
  if (FILE_NAMES.some((n) => tables.has(n))) return readMultiFile(tables, source.name);
  if (flat.length === 1) return readFlat(flat[0]);
  if (flat.length > 1) {
    throw new InputError(
      `more than one table looks like a flat ruleset (${flat.map((t) => t.fileName).join(', ')}); give only one`,
      { file: source.name },
    );
  }
  throw new InputError(
    `no ruleset found: expected the tables ${FILE_NAMES.join(', ')} (files or sheets named so), ` +
      'or a single flat table whose header has RISK_ID, FUNCTION_ID and ACTION',
    { file: source.name },
  );
}

// ---------------------------------------------------------------------------------------------
// Cells

const normalise = (name: string): string => name.trim().toUpperCase();

function isFlatHeader(header: readonly string[]): boolean {
  const cols = new Set(header.map(normalise));
  return cols.has('RISK_ID') && cols.has('FUNCTION_ID') && cols.has('ACTION');
}

/** Column access for one table, with typed readers that report file, line and column. */
class Cells {
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

// ---------------------------------------------------------------------------------------------
// Multi-file form

function readMultiFile(tables: Map<string, LoadedTable>, sourceName: string): Ruleset {
  const need = (name: RulesetFileName): LoadedTable => {
    const t = tables.get(name);
    if (!t) {
      throw new InputError(
        `the ruleset table ${name} is missing: expected a file ${name}.csv (or .txt, .tsv) or a sheet ${name}`,
        { file: sourceName },
      );
    }
    return t;
  };
  const risksT = need('RISKS');
  const riskFunctionsT = need('RISK_FUNCTIONS');
  const functionsT = need('FUNCTIONS');
  const actionsT = tables.get('FUNCTION_ACTIONS');
  const permissionsT = tables.get('FUNCTION_PERMISSIONS');
  if (!actionsT && !permissionsT) {
    throw new InputError(
      'the ruleset tables FUNCTION_ACTIONS and FUNCTION_PERMISSIONS are both missing: expected at least one',
      { file: sourceName },
    );
  }

  const risks = new Map<string, { risk: Risk; line: number }>();
  {
    const c: Cells = new Cells(
      risksT,
      ['RISK_ID', 'RISK_TYPE', 'RISK_LEVEL'],
      ['DESCRIPTION', 'BUSINESS_PROCESS', 'ACTIVE'],
    );
    for (const row of risksT.rows) {
      c.at(row);
      const id = c.id('RISK_ID', 'a risk id');
      const first = risks.get(id);
      if (first) c.fail('RISK_ID', `risk ${id} is defined twice (first on line ${first.line})`);
      risks.set(id, {
        line: row.line,
        risk: {
          id,
          description: c.raw('DESCRIPTION'),
          type: c.riskType(),
          level: c.riskLevel(),
          businessProcess: c.name('BUSINESS_PROCESS'),
          active: c.active(['ACTIVE']),
          functionIds: [],
        },
      });
    }
  }

  const functions = new Map<string, { fn: RuleFunction; line: number; actions: Map<string, number> }>();
  {
    const c: Cells = new Cells(functionsT, ['FUNCTION_ID'], ['DESCRIPTION', 'BUSINESS_PROCESS']);
    for (const row of functionsT.rows) {
      c.at(row);
      const id = c.id('FUNCTION_ID', 'a function id');
      const first = functions.get(id);
      if (first) c.fail('FUNCTION_ID', `function ${id} is defined twice (first on line ${first.line})`);
      functions.set(id, {
        line: row.line,
        actions: new Map(),
        fn: {
          id,
          description: c.raw('DESCRIPTION'),
          businessProcess: c.name('BUSINESS_PROCESS'),
          actions: [],
          permissions: [],
        },
      });
    }
  }
  const knownFunction = (c: Cells): { fn: RuleFunction; actions: Map<string, number> } => {
    const id = c.id('FUNCTION_ID', 'a function id');
    const f = functions.get(id);
    if (!f) c.fail('FUNCTION_ID', `unknown function ${id}: it is not in ${functionsT.fileName}`);
    return f;
  };

  {
    const c: Cells = new Cells(riskFunctionsT, ['RISK_ID', 'FUNCTION_ID'], []);
    const seen = new Map<string, number>();
    for (const row of riskFunctionsT.rows) {
      c.at(row);
      const riskId = c.id('RISK_ID', 'a risk id');
      const r = risks.get(riskId);
      if (!r) c.fail('RISK_ID', `unknown risk ${riskId}: it is not in ${risksT.fileName}`);
      const f = knownFunction(c);
      const key = `${riskId}\u0000${f.fn.id}`;
      const first = seen.get(key);
      if (first !== undefined) {
        c.fail('FUNCTION_ID', `function ${f.fn.id} is listed twice for risk ${riskId} (first on line ${first})`);
      }
      seen.set(key, row.line);
      r.risk.functionIds.push(f.fn.id);
    }
  }

  if (actionsT) {
    const c: Cells = new Cells(actionsT, ['FUNCTION_ID', 'ACTION'], ['ACTIVE']);
    for (const row of actionsT.rows) {
      c.at(row);
      const f = knownFunction(c);
      const action = c.id('ACTION', 'an action (transaction code)');
      const first = f.actions.get(action);
      if (first !== undefined)
        c.fail('ACTION', `action ${action} is listed twice for function ${f.fn.id} (first on line ${first})`);
      f.actions.set(action, row.line);
      f.fn.actions.push({ action, active: c.active(['ACTIVE']) });
    }
  }

  if (permissionsT) {
    const c: Cells = new Cells(
      permissionsT,
      ['FUNCTION_ID', 'ACTION', 'OBJECT', 'FIELD', 'LOW'],
      ['HIGH', 'OPERATOR', 'ACTIVE'],
    );
    for (const row of permissionsT.rows) {
      c.at(row);
      const f = knownFunction(c);
      f.fn.permissions.push(permissionLine(c, ['ACTIVE']));
    }
  }

  return {
    risks: [...risks.values()].map((r) => r.risk),
    functions: [...functions.values()].map((f) => f.fn),
  };
}

function permissionLine(c: Cells, activeColumns: readonly string[]): PermissionLine {
  return {
    action: c.name('ACTION'),
    object: c.id('OBJECT', 'an authorisation object'),
    field: c.name('FIELD'),
    low: c.raw('LOW'),
    high: c.raw('HIGH'),
    operator: c.operator(),
    active: c.active(activeColumns),
  };
}

// ---------------------------------------------------------------------------------------------
// Flat form

const FLAT_KNOWN = [
  'RISK_DESCRIPTION',
  'DESCRIPTION',
  'RISK_BUSINESS_PROCESS',
  'BUSINESS_PROCESS',
  'RISK_ACTIVE',
  'ACTIVE',
  'FUNCTION_DESCRIPTION',
  'FUNCTION_BUSINESS_PROCESS',
  'ACTION_ACTIVE',
  'OBJECT',
  'FIELD',
  'LOW',
  'HIGH',
  'OPERATOR',
  'PERMISSION_ACTIVE',
];

function readFlat(t: LoadedTable): Ruleset {
  const c: Cells = new Cells(t, ['RISK_ID', 'RISK_TYPE', 'RISK_LEVEL', 'FUNCTION_ID', 'ACTION'], FLAT_KNOWN);
  const risks = new Map<string, { risk: Risk; line: number; functions: Set<string> }>();
  const functions = new Map<
    string,
    { fn: RuleFunction; line: number; actions: Map<string, { a: FunctionAction; line: number }> }
  >();

  /** A later row repeating an entity must not contradict the first one. */
  const same = <T>(column: string, first: T, now: T, what: string, line: number): void => {
    if (first !== now) {
      c.fail(
        column,
        `${what} differs from line ${line}: ${showValue(String(first))} there, ${showValue(String(now))} here`,
      );
    }
  };

  for (const row of t.rows) {
    c.at(row);
    const riskId = c.id('RISK_ID', 'a risk id');
    const riskDesc = c.rawOf(['RISK_DESCRIPTION', 'DESCRIPTION']);
    const riskBp = c.rawOf(['RISK_BUSINESS_PROCESS', 'BUSINESS_PROCESS']);
    const riskActiveCols = ['RISK_ACTIVE', 'ACTIVE'];
    const risk: Risk = {
      id: riskId,
      description: riskDesc.value,
      type: c.riskType(),
      level: c.riskLevel(),
      businessProcess: riskBp.value.trim(),
      active: c.active(riskActiveCols),
      functionIds: [],
    };
    let r = risks.get(riskId);
    if (!r) {
      r = { risk, line: row.line, functions: new Set() };
      risks.set(riskId, r);
    } else {
      same('RISK_TYPE', r.risk.type, risk.type, `the type of risk ${riskId}`, r.line);
      same('RISK_LEVEL', r.risk.level, risk.level, `the level of risk ${riskId}`, r.line);
      same(c.rawOf(riskActiveCols).column, r.risk.active, risk.active, `whether risk ${riskId} is active`, r.line);
      if (risk.description.trim() !== '' && r.risk.description.trim() === '') r.risk.description = risk.description;
      else if (risk.description.trim() !== '')
        same(riskDesc.column, r.risk.description, risk.description, `the description of risk ${riskId}`, r.line);
      if (risk.businessProcess !== '' && r.risk.businessProcess === '') r.risk.businessProcess = risk.businessProcess;
      else if (risk.businessProcess !== '') {
        same(
          riskBp.column,
          r.risk.businessProcess,
          risk.businessProcess,
          `the business process of risk ${riskId}`,
          r.line,
        );
      }
    }

    const functionId = c.id('FUNCTION_ID', 'a function id');
    if (!r.functions.has(functionId)) {
      r.functions.add(functionId);
      r.risk.functionIds.push(functionId);
    }
    const description = c.raw('FUNCTION_DESCRIPTION');
    const businessProcess = c.name('FUNCTION_BUSINESS_PROCESS');
    let f = functions.get(functionId);
    if (!f) {
      f = {
        line: row.line,
        actions: new Map(),
        fn: { id: functionId, description, businessProcess, actions: [], permissions: [] },
      };
      functions.set(functionId, f);
    } else {
      if (description.trim() !== '' && f.fn.description.trim() === '') f.fn.description = description;
      else if (description.trim() !== '') {
        same(
          'FUNCTION_DESCRIPTION',
          f.fn.description,
          description,
          `the description of function ${functionId}`,
          f.line,
        );
      }
      if (businessProcess !== '' && f.fn.businessProcess === '') f.fn.businessProcess = businessProcess;
      else if (businessProcess !== '') {
        same(
          'FUNCTION_BUSINESS_PROCESS',
          f.fn.businessProcess,
          businessProcess,
          `the business process of function ${functionId}`,
          f.line,
        );
      }
    }

    const action = c.name('ACTION');
    if (action !== '') {
      const active = c.active(['ACTION_ACTIVE']);
      const a = f.actions.get(action);
      if (!a) {
        const entry = { a: { action, active }, line: row.line };
        f.actions.set(action, entry);
        f.fn.actions.push(entry.a);
      } else if (c.has('ACTION_ACTIVE') && c.raw('ACTION_ACTIVE').trim() !== '') {
        same(
          'ACTION_ACTIVE',
          a.a.active,
          active,
          `whether action ${action} of function ${functionId} is active`,
          a.line,
        );
      }
    }
    // A row naming neither an action nor an object only attaches the function to the risk.
    if (c.name('OBJECT') !== '') f.fn.permissions.push(permissionLine(c, ['PERMISSION_ACTIVE']));
  }
  return {
    risks: [...risks.values()].map((r) => r.risk),
    functions: [...functions.values()].map((f) => f.fn),
  };
}

export { rulesetToCsvFiles, rulesetToXlsx, rulesetToZip, tableToCsv, writeRuleset } from './ruleset-writer.ts';
