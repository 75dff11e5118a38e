import type { Date8 } from './dates.ts';
import type { RiskLevel, RiskType } from './ruleset.ts';

export type AnalysisLevel = 'action' | 'permission';
export type InstanceMode = 'same-instance' | 'union';
export type HolderLevel = 'USER' | 'ROLE' | 'PROFILE';

export interface AnalysisOptions {
  /** Analysis date D (DESIGN 5.1). */
  date: Date8;
  level: AnalysisLevel;
  mode: InstanceMode;
  includeLocked: boolean;
  includeExpired: boolean;
  /** Which holder levels to evaluate; all three by default. */
  holderLevels?: readonly HolderLevel[];
  /** Acceptances to apply (DESIGN 5.12). */
  acceptances?: readonly RiskAcceptance[];
  /** Risks switched off by the customer: not evaluated at all. */
  deactivatedRiskIds?: readonly string[];
  /**
   * The SID of the system this extract is (DESIGN 5.18): only the ruleset's actions and
   * permission lines whose SYSTEM is empty or this SID count. Absent: SYSTEM is ignored.
   */
  system?: string;
}

export interface RiskAcceptance {
  riskId: string;
  scope: 'global' | 'user' | 'role';
  /** BNAME for scope user, AGR_NAME for scope role; empty for global. */
  holder: string;
  message: string;
  author: string;
  /** ISO timestamp. */
  createdAt: string;
  validFrom: Date8 | null;
  validTo: Date8 | null;
}

/** One step of the way a holder reaches an authorisation source. */
export interface SourceStep {
  kind: 'user' | 'role' | 'profile';
  name: string;
}

/**
 * How a holder reaches a source: for a user, e.g. [role Z_COMPOSITE, role Z_SINGLE] or
 * [user REFUSER, profile P]; the holder itself is not repeated at the start.
 */
export type SourcePath = SourceStep[];

/**
 * The instance that met one permission object of a function (DESIGN 5.11): which source holds
 * it (`R:role` or `P:profile`, the single role or profile whose rows it is), its OBJECT and
 * AUTH, and its value rows of the checked fields (and of the risk's org fields), each written
 * `LOW` or `LOW-HIGH` (`*` for everything, `X*` for a prefix, '' for the blank value).
 */
export interface PermissionMatch {
  object: string;
  auth: string;
  source: string;
  fields: Record<string, string[]>;
}

export interface FunctionMatch {
  functionId: string;
  /** The action that met the function; null for a function without active actions. */
  action: string | null;
  /** The sources whose instances met the action's and permissions' checks. */
  sources: SourcePath[];
  /**
   * Per permission object checked for the action, the instance(s) that met it (none at action
   * level). The engine always sets it; optional for findings made by hand.
   */
  permissions?: PermissionMatch[];
  /**
   * Cross-system analyses (DESIGN 5.18) only: the SID of the system whose user (or role, or
   * profile) met the function; the source paths are written with it in front (`SID/R:ROLE`).
   */
  system?: string;
  /** Cross-system user-level findings: the BNAME of the person's user in `system`. */
  user?: string;
  /** Cross-system user-level findings: every system in which one of the person's users meets the function, in SID order. */
  systems?: string[];
}

export interface Finding {
  level: HolderLevel;
  /** BNAME, AGR_NAME or profile name. */
  holder: string;
  riskId: string;
  riskLevel: RiskLevel;
  riskType: RiskType;
  businessProcess: string;
  analysisLevel: AnalysisLevel;
  mode: InstanceMode;
  functions: FunctionMatch[];
  /**
   * Org-level risks (DESIGN 5.15): the org values at which the holder meets the risk, each the
   * risk's org fields' values joined by `+` in ORG_FIELDS order: plain values found in the
   * holder's rows, `*` for "values named nowhere". Sorted; empty (or absent, in findings made
   * by hand) for other risks. The engine always sets it.
   */
  orgValues?: string[];
  /** The risk's org fields, in ORG_FIELDS order (what orgValues' parts stand for); empty for other risks. */
  orgFields?: string[];
  accepted: boolean;
  /** The acceptance that applies, when accepted. */
  acceptance: RiskAcceptance | null;
  /**
   * Cross-system analyses only (DESIGN 5.18): true when no single system's user meets the whole
   * risk (always false for single-function and org-level risks, roles and profiles). Absent in
   * the analysis of one system.
   */
  crossSystem?: boolean;
}

export type ExclusionReason = 'locked' | 'expired' | 'not-yet-valid';

export interface ExcludedUser {
  bname: string;
  reasons: ExclusionReason[];
  /** Cross-system analyses (DESIGN 5.18): the SID of the system the user is excluded in. */
  system?: string;
}

export interface AnalysisResult {
  options: AnalysisOptions;
  findings: Finding[];
  excludedUsers: ExcludedUser[];
  counts: {
    usersInScope: number;
    usersExcluded: number;
    roles: number;
    profiles: number;
    findings: number;
    acceptedFindings: number;
  };
}

/** One authorisation value row, as added to or removed from a role in a simulation. */
export interface AuthorisationValue {
  object: string;
  auth: string;
  field: string;
  low: string;
  high: string;
}

/**
 * A what-if (DESIGN 5.14). For a user: roles assigned (valid on D) or taken away wherever they
 * appear in the user's role tree. For a role: roles added as children or removed from its
 * children, and authorisation value rows added to or removed from the role itself.
 */
export interface SimulationRequest {
  holder: { kind: 'user'; bname: string } | { kind: 'role'; role: string };
  addRoles: readonly string[];
  removeRoles: readonly string[];
  addAuthorisations?: readonly AuthorisationValue[];
  removeAuthorisations?: readonly AuthorisationValue[];
}

export interface SimulationResult {
  before: Finding[];
  after: Finding[];
  /** Findings after and not before (by risk). */
  added: Finding[];
  /** Findings before and not after (by risk). */
  removed: Finding[];
  /**
   * Findings after whose risk is also met before, at other org values (DESIGN 5.15): the
   * same risk held in other company codes is a different exposure, so it is not "unchanged".
   */
  changed: Finding[];
}

export type ComparisonStatus = 'new' | 'resolved' | 'unchanged';

/** One (level, holder, risk) of two analyses compared (DESIGN 5.13). */
export interface ComparisonRow {
  level: HolderLevel;
  holder: string;
  riskId: string;
  status: ComparisonStatus;
  /** Risk level in the left (older) analysis; null when absent there. */
  leftRiskLevel: RiskLevel | null;
  rightRiskLevel: RiskLevel | null;
  /** True when the finding is in both and its risk level differs. */
  levelChanged: boolean;
  /** ORG_VALUES items (`BUKRS=1000`, DESIGN 5.15) of the left finding; null when absent there, empty for other risks. */
  leftOrgValues: string[] | null;
  rightOrgValues: string[] | null;
  /** True when the finding is in both and holds at other org values (an org-level risk that moved or spread). */
  orgValuesChanged: boolean;
}
