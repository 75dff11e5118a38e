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
}
