/**
 * The multi-file form of a ruleset: reads RISKS and FUNCTIONS (rejecting ids defined twice),
 * then links them through RISK_FUNCTIONS and attaches FUNCTION_ACTIONS and
 * FUNCTION_PERMISSIONS to their functions, rejecting unknown risks and functions and repeated
 * links. RISKS, RISK_FUNCTIONS and FUNCTIONS are required; of FUNCTION_ACTIONS and
 * FUNCTION_PERMISSIONS at least one.
 */
import type { Risk, RuleFunction, Ruleset } from '../../engine/model/ruleset.ts';
import type { RulesetFileName } from '../../engine/rulesets/ruleset-tables.ts';
import { Cells, permissionLine, systemOf, type LoadedTable } from './ruleset-cells.ts';
import { InputError } from './input-error.ts';

/** A risk's org fields, only when it has some (a risk without them stays as it always was). */
export function orgFieldsOf(c: Cells): { orgFields?: string[] } {
  const fields = c.orgFields();
  return fields.length > 0 ? { orgFields: fields } : {};
}

export function readMultiFile(tables: Map<string, LoadedTable>, sourceName: string): Ruleset {
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
      ['DESCRIPTION', 'BUSINESS_PROCESS', 'ACTIVE', 'ORG_FIELDS'],
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
          ...orgFieldsOf(c),
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
    const c: Cells = new Cells(actionsT, ['FUNCTION_ID', 'ACTION'], ['ACTIVE', 'SYSTEM']);
    for (const row of actionsT.rows) {
      c.at(row);
      const f = knownFunction(c);
      const action = c.id('ACTION', 'an action (transaction code)');
      // DESIGN 5.18: an action may be listed once per system (GRC's connectors).
      const system = c.system();
      const key = `${action}\u0000${system}`;
      const first = f.actions.get(key);
      if (first !== undefined) {
        const where = system === '' ? '' : ` in system ${system}`;
        c.fail('ACTION', `action ${action} is listed twice for function ${f.fn.id}${where} (first on line ${first})`);
      }
      f.actions.set(key, row.line);
      f.fn.actions.push({ action, active: c.active(['ACTIVE']), ...systemOf(system) });
    }
  }

  if (permissionsT) {
    const c: Cells = new Cells(
      permissionsT,
      ['FUNCTION_ID', 'ACTION', 'OBJECT', 'FIELD', 'LOW'],
      ['HIGH', 'OPERATOR', 'ACTIVE', 'SYSTEM'],
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
