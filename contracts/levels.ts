import type { HolderLevel } from '../engine/model/analysis.ts';

/*
 * The levels a finding is counted by, in the order every report shows them. Risk levels and
 * types are the engine's own declaration (a ruleset's fact, engine/model/ruleset.ts), named here
 * for the server and the UI, which import the contracts; a holder's level is declared here.
 */
export { RISK_LEVELS, RISK_TYPES } from '../engine/model/ruleset.ts';
export type { RiskLevel, RiskType } from '../engine/model/ruleset.ts';

/** A finding's holder: a user, a role or a profile (DESIGN 5). */
export const HOLDER_LEVELS: readonly HolderLevel[] = ['USER', 'ROLE', 'PROFILE'];
