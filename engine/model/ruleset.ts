/** A risk ruleset (DESIGN 4.2): risks made of functions, functions made of actions and permissions. */
export interface Ruleset {
  risks: Risk[];
  functions: RuleFunction[];
}

export type RiskType = 'SOD' | 'CRITICAL_ACTION' | 'CRITICAL_PERMISSION';
export type RiskLevel = 'CRITICAL' | 'HIGH' | 'MEDIUM' | 'LOW';
export type PermissionOperator = 'OR' | 'AND' | 'NOT';

export const RISK_TYPES: readonly RiskType[] = ['SOD', 'CRITICAL_ACTION', 'CRITICAL_PERMISSION'];
export const RISK_LEVELS: readonly RiskLevel[] = ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW'];

export interface Risk {
  id: string;
  description: string;
  type: RiskType;
  level: RiskLevel;
  businessProcess: string;
  active: boolean;
  /** From RISK_FUNCTIONS, in file order. */
  functionIds: string[];
  /**
   * RISKS.ORG_FIELDS (DESIGN 5.15): org-level fields such as BUKRS, or BUKRS and WERKS for
   * `BUKRS+WERKS`, whose value must be one and the same across every function of the risk.
   * Absent or empty: not an org-level risk.
   */
  orgFields?: string[];
}

export interface RuleFunction {
  id: string;
  description: string;
  businessProcess: string;
  actions: FunctionAction[];
  permissions: PermissionLine[];
}

export interface FunctionAction {
  /** A transaction code. */
  action: string;
  active: boolean;
  /**
   * FUNCTION_ACTIONS.SYSTEM (DESIGN 5.18, GRC's connector): the SID the action belongs to.
   * Absent or empty: any system. An action may be listed once per system.
   */
  system?: string;
}

/** One FUNCTION_PERMISSIONS line: a value (or range) of one field of one object, under one action. */
export interface PermissionLine {
  action: string;
  object: string;
  field: string;
  low: string;
  high: string;
  operator: PermissionOperator;
  active: boolean;
  /** FUNCTION_PERMISSIONS.SYSTEM (DESIGN 5.18): the SID the line belongs to; absent or empty: any system. */
  system?: string;
}

/** Whether an action or permission line counts in system `sid` (DESIGN 5.18): SYSTEM empty or `sid`. */
export function countsInSystem(entry: { system?: string }, sid: string): boolean {
  return entry.system === undefined || entry.system === '' || entry.system === sid;
}

/** Whether any action or permission line of the ruleset is bound to a system (a SYSTEM column matters). */
export function hasSystemBindings(ruleset: Ruleset): boolean {
  return ruleset.functions.some((f) => f.actions.some((a) => (a.system ?? '') !== '') || f.permissions.some((p) => (p.system ?? '') !== ''));
}

/**
 * A system id (DESIGN 5.18): the SID, or a GRC connector name. It becomes part of finding ids
 * (`SID/NAME`) and source paths (`SID/R:ROLE`), so only letters, digits, `_` and `-`, 1 to 32.
 */
export function isSystemId(sid: string): boolean {
  return /^[A-Za-z0-9_-]{1,32}$/.test(sid);
}
