/**
 * The flat form of a ruleset: one table, one row per risk × function × action × permission
 * line, recognised by a header with RISK_ID, FUNCTION_ID and ACTION. Rows repeating a risk,
 * function or action must agree with the first row that named it (an empty description or
 * business process on a later row is allowed, and a first empty one is filled in later).
 */
import type { FunctionAction, Risk, RuleFunction, Ruleset } from '../../engine/model/ruleset.ts';
import { Cells, normalise, permissionLine, systemOf, type LoadedTable } from './ruleset-cells.ts';
import { showValue } from './input-error.ts';
import { orgFieldsOf } from './ruleset-multi-file.ts';

export function isFlatHeader(header: readonly string[]): boolean {
  const cols = new Set(header.map(normalise));
  return cols.has('RISK_ID') && cols.has('FUNCTION_ID') && cols.has('ACTION');
}

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
  'ORG_FIELDS',
  // DESIGN 5.18: the system the row's action and permission line belong to (empty: any).
  'SYSTEM',
];

export function readFlat(t: LoadedTable): Ruleset {
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
      ...orgFieldsOf(c),
    };
    let r = risks.get(riskId);
    if (!r) {
      r = { risk, line: row.line, functions: new Set() };
      risks.set(riskId, r);
    } else {
      same('RISK_TYPE', r.risk.type, risk.type, `the type of risk ${riskId}`, r.line);
      same('RISK_LEVEL', r.risk.level, risk.level, `the level of risk ${riskId}`, r.line);
      same(c.rawOf(riskActiveCols).column, r.risk.active, risk.active, `whether risk ${riskId} is active`, r.line);
      // Like the descriptions: a later row may leave ORG_FIELDS empty, or fill in a first empty one.
      const orgNow = (risk.orgFields ?? []).join('+');
      if (orgNow !== '' && !r.risk.orgFields) r.risk.orgFields = risk.orgFields;
      else if (orgNow !== '') same('ORG_FIELDS', (r.risk.orgFields ?? []).join('+'), orgNow, `the org fields of risk ${riskId}`, r.line);
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
      // An action may be listed once per system (DESIGN 5.18): one entry per action and SYSTEM.
      const system = c.system();
      const key = `${action}\u0000${system}`;
      const a = f.actions.get(key);
      if (!a) {
        const entry = { a: { action, active, ...systemOf(system) }, line: row.line };
        f.actions.set(key, entry);
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
