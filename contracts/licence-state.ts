/**
 * A customer's licence state (issue 27 item 4; docs/decisions/2026-11-27-evaluation-and-user-limits.md),
 * shared by the server that computes it and the app's banner that shows it.
 */

/** Without any licence file a customer is in evaluation: at most this many systems… */
export const EVALUATION_SYSTEMS = 1;
/** …for this many days from the customer's creation. */
export const EVALUATION_DAYS = 30;

/** `GET /api/licences/state`: what every page of the active customer needs to know. */
export interface LicenceState {
  /** True while the customer has no licence file (uploaded ever). */
  evaluation: boolean;
  /** When the evaluation ends (ISO timestamp): EVALUATION_DAYS after the customer's creation; null when licensed. */
  evaluationEndsAt: string | null;
  /** Days left of the evaluation, a started day counted whole (0 once it ended); null when licensed. */
  daysLeft: number | null;
  /** Systems the customer may have: EVALUATION_SYSTEMS in evaluation; null when licensed (the licence lists its installations). */
  systemsAllowed: number | null;
  systemsUsed: number;
}

/** A row of `GET /api/licences/counts`: a customer's licence (or evaluation) and its use against it. */
export interface LicenceCount {
  name: string;
  /** The name the licence in force was issued to; null in evaluation. */
  licence: string | null;
  evaluation: boolean;
  evaluationEndsAt: string | null;
  /** The licence's number of users; null in evaluation (no limit). */
  licensedUsers: number | null;
  usedUsers: number;
  /** Installations the licence lists, or the evaluation's allowance. */
  licensedSystems: number;
  usedSystems: number;
  expiresOn: string | null;
}
