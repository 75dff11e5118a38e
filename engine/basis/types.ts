import type { Date8 } from '../model/dates.ts';
import type { BasisDetailPart } from './detail.ts';

export type BasisSeverity = 'CRITICAL' | 'HIGH' | 'MEDIUM' | 'LOW' | 'INFO';
export type BasisCategory = 'authorisation' | 'profile' | 'user-master' | 'client';

/** One entry of the basis check catalogue (reference section 3: C01–C33, U01–U22). */
export interface BasisCheck {
  id: string;
  title: string;
  explanation: string;
  severity: BasisSeverity;
  category: BasisCategory;
  /** False when the extract's tables cannot decide the check; then it reports nothing. */
  available: boolean;
  unavailableReason?: string;
}

/** One result row of `segra basis` (DESIGN 11: CHECK_ID, ID, DETAIL). */
export interface BasisFinding {
  checkId: string;
  /** BNAME; the client for a T000 finding; the user name the check is about (e.g. `SAP*`). */
  id: string;
  /** What grants it or what is wrong, in plain text (source paths as `R:ROLE>P:PROFILE`). */
  detail: string;
  /** The same DETAIL as parts, for the UI's language (`detail` is their English rendering). */
  detailParts: BasisDetailPart[];
}

export interface BasisOptions {
  /** The analysis date D (YYYYMMDD). */
  date: Date8;
  /** U08: reported when the last logon is more than this many days before D (default 90). */
  dormantDays?: number;
  /** U07: reported when the user was created more than this many days before D (default 30). */
  neverLoggedOnDays?: number;
  /** U12: only users created more than this many days before D are reported (default 30). */
  initialPasswordDays?: number;
  /**
   * The client (MANDT) whose user master the extract holds, e.g. from `--client`. An extract
   * holds one client's users while T000 lists every client; when this is not given, the only
   * client in T000 is taken, and with several the client-specific part of U01, U03, U04 says
   * the client is unknown.
   */
  client?: string;
}

export interface BasisResult {
  /** Sorted by CHECK_ID, then ID (code-point order). */
  findings: BasisFinding[];
  /** The catalogue as it applies to this extract (availability may depend on the tables supplied). */
  checks: readonly BasisCheck[];
}

export const DEFAULT_DORMANT_DAYS = 90;
export const DEFAULT_NEVER_LOGGED_ON_DAYS = 30;
export const DEFAULT_INITIAL_PASSWORD_DAYS = 30;
