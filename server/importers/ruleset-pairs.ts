/**
 * Transaction-pair sheets (DESIGN 4.2, 4.1b), as rulesets are kept in Excel:
 * - long: one row per risk × function × action (RISK_ID, FUNCTION_ID, ACTION or TCODE);
 * - wide: one row per risk with two or more transactions (RISK_ID, TCODE_1 … TCODE_n), each
 *   transaction its own function (named by the transaction).
 * RISK_LEVEL, RISK_TYPE, DESCRIPTION and BUSINESS_PROCESS are read when present (values as in
 * 4.2); a risk whose rows give two different values is refused, naming both lines. Without a
 * type, a risk of two or more functions is an SoD risk and a risk of one function a critical
 * action; without a level, a risk is HIGH, said in a COLUMN_DEFAULTED warning
 * (docs/decisions/2026-11-25-ruleset-forms.md, 2026-11-27-data-as-others-write-it.md).
 */
import type { InputWarning } from '../../engine/model/controls.ts';
import type { Risk, RuleFunction, Ruleset } from '../../engine/model/ruleset.ts';
import { Cells, normalise, type LoadedTable } from './ruleset-cells.ts';
import { showValue } from './input-error.ts';

const RISK_COLUMNS = ['RISK_ID', 'RISK'];
const FUNCTION_COLUMNS = ['FUNCTION_ID', 'FUNCTION'];
const ACTION_COLUMNS = ['ACTION', 'TCODE', 'TRANSACTION'];
const DESCRIPTION_COLUMNS = ['DESCRIPTION', 'RISK_DESCRIPTION'];
const PROCESS_COLUMNS = ['BUSINESS_PROCESS', 'RISK_BUSINESS_PROCESS'];
/** TCODE_1, ACTION2, TRANSACTION_10 … : the transactions of a wide sheet, in column order. */
const WIDE_ACTION = /^(TCODE|ACTION|TRANSACTION)_?\d+$/;

const first = (header: readonly string[], names: readonly string[]): string | undefined => {
  const cols = new Set(header.map(normalise));
  return names.find((n) => cols.has(n));
};

const wideColumns = (header: readonly string[]): string[] => header.map(normalise).filter((n) => WIDE_ACTION.test(n));

/**
 * A header naming a risk and its transactions (a function and an action, or two or more
 * numbered transaction columns) and no authorisation object (with OBJECT it is the flat form,
 * which then says what it lacks). With both RISK_TYPE and RISK_LEVEL and a function, the flat
 * form reads it as well; it stays the flat form.
 */
export function isPairHeader(header: readonly string[]): boolean {
  const cols = new Set(header.map(normalise));
  if (first(header, RISK_COLUMNS) === undefined || cols.has('OBJECT')) return false;
  const long = first(header, FUNCTION_COLUMNS) !== undefined && first(header, ACTION_COLUMNS) !== undefined;
  if (long) return !(cols.has('RISK_TYPE') && cols.has('RISK_LEVEL') && cols.has('RISK_ID') && cols.has('FUNCTION_ID') && cols.has('ACTION'));
  return wideColumns(header).length >= 2;
}

interface Seen {
  risk: Risk;
  /** The line that first gave each of the risk's values. */
  lines: Record<'type' | 'level' | 'description' | 'businessProcess', number | undefined>;
}

export function readPairs(t: LoadedTable): { ruleset: Ruleset; warnings: InputWarning[] } {
  const wide = wideColumns(t.header);
  const riskColumn = first(t.header, RISK_COLUMNS)!;
  const functionColumn = first(t.header, FUNCTION_COLUMNS);
  const actionColumn = first(t.header, ACTION_COLUMNS);
  const isLong = functionColumn !== undefined && actionColumn !== undefined;
  const descriptionColumn = first(t.header, DESCRIPTION_COLUMNS);
  const processColumn = first(t.header, PROCESS_COLUMNS);
  const c = new Cells(
    t,
    [riskColumn, ...(isLong ? [functionColumn, actionColumn] : wide)],
    ['RISK_TYPE', 'RISK_LEVEL', ...(descriptionColumn ? [descriptionColumn] : []), ...(processColumn ? [processColumn] : [])],
  );
  const risks = new Map<string, Seen>();
  const functions = new Map<string, RuleFunction>();

  /** A value a risk's rows give: the first non-empty one, and no other. */
  const agree = <K extends keyof Seen['lines']>(s: Seen, key: K, column: string, value: Risk[K] | undefined, line: number): void => {
    if (value === undefined) return;
    const at = s.lines[key];
    if (at === undefined) {
      (s.risk[key] as Risk[K]) = value;
      s.lines[key] = line;
    } else if (s.risk[key] !== value) {
      c.fail(column, `risk ${s.risk.id} has ${showValue(String(s.risk[key]))} on line ${at} and ${showValue(String(value))} here; give one value per risk`);
    }
  };
  const fn = (id: string): RuleFunction => {
    let f = functions.get(id);
    if (!f) functions.set(id, (f = { id, description: '', businessProcess: '', actions: [], permissions: [] }));
    return f;
  };

  for (const row of t.rows) {
    c.at(row);
    const riskId = c.id(riskColumn, 'a risk id');
    let s = risks.get(riskId);
    if (!s) {
      s = {
        risk: { id: riskId, description: '', type: 'SOD', level: 'HIGH', businessProcess: '', active: true, functionIds: [] },
        lines: { type: undefined, level: undefined, description: undefined, businessProcess: undefined },
      };
      risks.set(riskId, s);
    }
    if (c.has('RISK_TYPE') && c.name('RISK_TYPE') !== '') agree(s, 'type', 'RISK_TYPE', c.riskType(), row.line);
    if (c.has('RISK_LEVEL') && c.name('RISK_LEVEL') !== '') agree(s, 'level', 'RISK_LEVEL', c.riskLevel(), row.line);
    if (descriptionColumn && c.raw(descriptionColumn).trim() !== '') agree(s, 'description', descriptionColumn, c.raw(descriptionColumn), row.line);
    if (processColumn && c.name(processColumn) !== '') agree(s, 'businessProcess', processColumn, c.name(processColumn), row.line);

    const pairs: Array<[string, string]> = [];
    if (isLong) pairs.push([c.id(functionColumn, 'a function id'), c.id(actionColumn, 'an action (transaction code)')]);
    else {
      // Wide: each transaction is its own function; empty cells past the risk's last one are fine.
      for (const column of wide) if (c.name(column) !== '') pairs.push([c.name(column), c.name(column)]);
      if (pairs.length === 0) c.fail(wide[0], 'expected at least one transaction code, got none on this row');
    }
    for (const [functionId, action] of pairs) {
      if (!s.risk.functionIds.includes(functionId)) s.risk.functionIds.push(functionId);
      const f = fn(functionId);
      if (!f.actions.some((a) => a.action === action)) f.actions.push({ action, active: true });
    }
  }
  const defaulted: string[] = [];
  for (const s of risks.values()) {
    if (s.lines.type === undefined) s.risk.type = s.risk.functionIds.length < 2 ? 'CRITICAL_ACTION' : 'SOD';
    if (s.lines.level === undefined) defaulted.push(s.risk.id);
  }
  const warnings: InputWarning[] =
    defaulted.length === 0
      ? []
      : [{ code: 'COLUMN_DEFAULTED', table: t.table, count: defaulted.length, examples: defaulted.slice(0, 10).map((id) => `RISK_LEVEL ${id}: HIGH`) }];
  return { ruleset: { risks: [...risks.values()].map((s) => s.risk), functions: [...functions.values()] }, warnings };
}
