import type { Date8 } from './dates.ts';

/**
 * One mitigating control assigned to a risk for a user or a role (DESIGN 5.16), as read from
 * CONTROL_ID, RISK_ID, LEVEL, ID, VALID_FROM, VALID_TO. Unset bounds (null) are open.
 */
export interface MitigationAssignment {
  controlId: string;
  riskId: string;
  level: 'USER' | 'ROLE';
  /** BNAME for level USER, AGR_NAME for level ROLE. */
  id: string;
  validFrom: Date8 | null;
  validTo: Date8 | null;
}

/** How a finding stands against the mitigating controls valid on D. */
export interface FindingMitigation {
  status: 'MITIGATED' | 'OPEN';
  /** Distinct CONTROL_IDs that apply, sorted by code point. */
  controls: string[];
}

/** One row of a usage export (STAD / ST03N / SM20, DESIGN 5.17): a user ran a tcode `count` times. */
export interface UsageRecord {
  user: string;
  tcode: string;
  count: number;
}

export type Execution = 'FULL' | 'PARTIAL' | 'NONE';

/** One function of a user finding against the user's usage. */
export interface FunctionExecution {
  functionId: string;
  executed: boolean;
  /** The used tcodes that made it executed (active actions of the function the user can execute), with their counts. */
  tcodes: Array<{ tcode: string; count: number }>;
}

/** One assignment of the user whose removal alone ends the risk (DESIGN 5.17). */
export interface RemediationEntry {
  kind: 'ROLE' | 'PROFILE';
  name: string;
  /** Distinct used tcodes the user could execute before the removal and no longer after it. */
  lostTcodes: number;
}

/** A user finding against the usage: EXECUTION and REMEDIATION. */
export interface FindingUsage {
  execution: Execution;
  functions: FunctionExecution[];
  /** Ordered by lostTcodes, then by the entry text (`R:ROLE`, `P:PROFILE`) in code-point order. */
  remediation: RemediationEntry[];
}

/** A data-quality note about a control or usage file, shaped as the extract readers' warnings (DESIGN 4.1a). */
export interface InputWarning {
  code: string;
  table: string;
  count: number;
  /** Up to 10 offending keys or lines. */
  examples: string[];
}
