/**
 * The plain transaction-pair sheet (DESIGN 4.2): one row per risk × function × action, with
 * only RISK_ID, FUNCTION_ID and ACTION (or TCODE), as rulesets are often kept in Excel. Without
 * a type and a level, a risk of two or more functions is an SoD risk and a risk of one function
 * a critical action; every risk is HIGH and active (docs/decisions/2026-11-25-ruleset-forms.md).
 */
import type { Risk, RuleFunction, Ruleset } from '../../engine/model/ruleset.ts';
import { normalise, type LoadedTable } from './ruleset-cells.ts';
import { InputError } from './input-error.ts';

const RISK_COLUMNS = ['RISK_ID', 'RISK'];
const FUNCTION_COLUMNS = ['FUNCTION_ID', 'FUNCTION'];
const ACTION_COLUMNS = ['ACTION', 'TCODE', 'TRANSACTION'];

function find(header: readonly string[], names: readonly string[]): number {
  const cols = header.map(normalise);
  for (const n of names) {
    const i = cols.indexOf(n);
    if (i >= 0) return i;
  }
  return -1;
}

/** A header naming a risk, a function and an action, and no risk type (else it is the flat form). */
export function isPairHeader(header: readonly string[]): boolean {
  const cols = new Set(header.map(normalise));
  return (
    find(header, RISK_COLUMNS) >= 0 &&
    find(header, FUNCTION_COLUMNS) >= 0 &&
    find(header, ACTION_COLUMNS) >= 0 &&
    !cols.has('RISK_TYPE')
  );
}

export function readPairs(t: LoadedTable): Ruleset {
  const [iRisk, iFunction, iAction] = [RISK_COLUMNS, FUNCTION_COLUMNS, ACTION_COLUMNS].map((c) => find(t.header, c));
  const risks = new Map<string, Risk>();
  const functions = new Map<string, RuleFunction>();
  for (const row of t.rows) {
    const cell = (i: number, what: string): string => {
      const v = (row.values[i] ?? '').trim();
      if (v === '') {
        throw new InputError(`expected ${what}, got an empty value`, {
          file: t.fileName,
          line: row.line,
          column: normalise(t.header[i]),
        });
      }
      return v;
    };
    const riskId = cell(iRisk, 'a risk id');
    const functionId = cell(iFunction, 'a function id');
    const action = cell(iAction, 'an action (transaction code)');
    let risk = risks.get(riskId);
    if (!risk) {
      risk = {
        id: riskId,
        description: '',
        type: 'SOD',
        level: 'HIGH',
        businessProcess: '',
        active: true,
        functionIds: [],
      };
      risks.set(riskId, risk);
    }
    if (!risk.functionIds.includes(functionId)) risk.functionIds.push(functionId);
    let fn = functions.get(functionId);
    if (!fn) {
      fn = { id: functionId, description: '', businessProcess: '', actions: [], permissions: [] };
      functions.set(functionId, fn);
    }
    if (!fn.actions.some((a) => a.action === action)) fn.actions.push({ action, active: true });
  }
  for (const r of risks.values()) if (r.functionIds.length < 2) r.type = 'CRITICAL_ACTION';
  return { risks: [...risks.values()], functions: [...functions.values()] };
}
