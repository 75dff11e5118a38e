import { hasSystemBindings, type Ruleset } from '../model/ruleset.ts';
import { formatOrgFields } from '../ruleset/org-fields.ts';

/** The files of the multi-file ruleset form (DESIGN 4.2) and their columns, in order. */
export const RULESET_FILES = {
  RISKS: ['RISK_ID', 'DESCRIPTION', 'RISK_TYPE', 'RISK_LEVEL', 'BUSINESS_PROCESS', 'ACTIVE'],
  RISK_FUNCTIONS: ['RISK_ID', 'FUNCTION_ID'],
  FUNCTIONS: ['FUNCTION_ID', 'DESCRIPTION', 'BUSINESS_PROCESS'],
  FUNCTION_ACTIONS: ['FUNCTION_ID', 'ACTION', 'ACTIVE'],
  FUNCTION_PERMISSIONS: ['FUNCTION_ID', 'ACTION', 'OBJECT', 'FIELD', 'LOW', 'HIGH', 'OPERATOR', 'ACTIVE'],
} as const;

export type RulesetFileName = keyof typeof RULESET_FILES;
export type RulesetTables = Record<RulesetFileName, string[][]>;

// Empty ACTIVE reads as active (DESIGN 4.2), so an inactive entry is written as N.
const flag = (active: boolean): string => (active ? 'X' : 'N');

/**
 * The ruleset as the rows of each file (header first), ready for any writer (CSV, zip, xlsx).
 * Inactive entries are kept with ACTIVE = N, so an export round-trips.
 */
export function rulesetToTables(ruleset: Ruleset): RulesetTables {
  const tables = {} as RulesetTables;
  for (const [name, columns] of Object.entries(RULESET_FILES)) {
    tables[name as RulesetFileName] = [[...columns]];
  }
  // ORG_FIELDS (DESIGN 4.2) is written only when some risk has org fields, so other exports stay as they were.
  const org = ruleset.risks.some((r) => (r.orgFields ?? []).length > 0);
  if (org) tables.RISKS[0].push('ORG_FIELDS');
  for (const r of ruleset.risks) {
    const row = [r.id, r.description, r.type, r.level, r.businessProcess, flag(r.active)];
    if (org) row.push(formatOrgFields(r.orgFields));
    tables.RISKS.push(row);
    for (const f of r.functionIds) tables.RISK_FUNCTIONS.push([r.id, f]);
  }
  // SYSTEM (DESIGN 5.18) likewise only when some action or permission line is bound to a system.
  const systems = hasSystemBindings(ruleset);
  if (systems) {
    tables.FUNCTION_ACTIONS[0].push('SYSTEM');
    tables.FUNCTION_PERMISSIONS[0].push('SYSTEM');
  }
  for (const f of ruleset.functions) {
    tables.FUNCTIONS.push([f.id, f.description, f.businessProcess]);
    for (const a of f.actions) {
      const row = [f.id, a.action, flag(a.active)];
      if (systems) row.push(a.system ?? '');
      tables.FUNCTION_ACTIONS.push(row);
    }
    for (const p of f.permissions) {
      const row = [f.id, p.action, p.object, p.field, p.low, p.high, p.operator, flag(p.active)];
      if (systems) row.push(p.system ?? '');
      tables.FUNCTION_PERMISSIONS.push(row);
    }
  }
  return tables;
}
