import { scopeUsers } from '../engine/analysis/scope.ts';
import type { Date8 } from '../engine/model/dates.ts';
import type { SystemExtract } from '../engine/model/extract.ts';
import { userTypeOf } from './user-types.ts';

/**
 * The data-quality view of a system period (issue 13 item 4), shared by the server's
 * `GET /api/system-periods/:id/data-quality` (and `…/data-quality/users`) and the screen.
 */

/**
 * Why a user is out of scope of an analysis with the default options (DESIGN 5.2): the engine's
 * exclusion reasons, and users that roles or profiles are assigned to but USR02 does not list.
 */
export const SCOPE_REASONS = ['locked', 'expired', 'not-yet-valid', 'missing-from-usr02'] as const;
export type ScopeReason = (typeof SCOPE_REASONS)[number];

/** The tables that name users besides USR02: a user named there but not in USR02 is missing. */
export const USER_NAMING_TABLES = ['AGR_USERS', 'UST04', 'USREFUS'] as const;

export interface DataQualitySummary {
  periodId: string;
  /** The date users are scoped on: the period's date (YYYY-MM-DD). */
  periodDate: string;
  status: string;
  /** Rows per SAP table of the last import, in the order they are stored. */
  tables: { table: string; rows: number }[];
  /** The import's data-quality warnings (DESIGN 4.1a): code, table, count, up to 10 examples. */
  warnings: { code: string; table: string; count: number; examples: string[] }[];
  users: {
    /** Distinct users of USR02. */
    inUsr02: number;
    inScope: number;
    outOfScope: number;
    /** Users out of scope per reason (a user may have more than one reason). */
    byReason: Record<ScopeReason, number>;
  };
}

/** One row of `…/data-quality/users`. */
export interface ScopedUser {
  id: string;
  bname: string;
  /** USR02-USTYP (issue 27 item 6, contracts/user-types.ts): '' unknown, as for users missing from USR02. */
  userType: string;
  inScope: boolean;
  /** Empty when in scope. */
  reasons: ScopeReason[];
  /** For users missing from USR02: the tables that name them. */
  namedIn: string[];
}

/**
 * The users of an extract with their scope on a date, sorted by name: what the server's query
 * answers (server/modules/system-periods/data-quality-routes.ts), computed in memory for the
 * demo. USR02's users as the engine scopes them (DESIGN 5.2, default options), then the users
 * AGR_USERS, UST04 or USREFUS name but USR02 does not list.
 */
export function usersByScope(extract: Pick<SystemExtract, 'users' | 'roleAssignments' | 'userProfiles' | 'referenceUsers'>, date: Date8): ScopedUser[] {
  const { inScope, excluded } = scopeUsers(extract.users, { date, includeLocked: false, includeExpired: false });
  // The first row of a name counts, as in the engine.
  const types = new Map<string, string>();
  for (const u of extract.users) if (!types.has(u.bname)) types.set(u.bname, userTypeOf(u.ustyp));
  const userType = (bname: string): string => types.get(bname) ?? '';
  const out: ScopedUser[] = [
    ...inScope.map((u) => ({ id: u.bname, bname: u.bname, userType: userType(u.bname), inScope: true, reasons: [], namedIn: [] })),
    ...excluded.map((u) => ({ id: u.bname, bname: u.bname, userType: userType(u.bname), inScope: false, reasons: [...u.reasons], namedIn: [] })),
  ];
  const known = new Set(extract.users.map((u) => u.bname));
  const missing = new Map<string, Set<string>>();
  const note = (user: string, table: (typeof USER_NAMING_TABLES)[number]) => {
    if (user === '' || known.has(user)) return;
    if (!missing.has(user)) missing.set(user, new Set());
    missing.get(user)!.add(table);
  };
  for (const a of extract.roleAssignments) note(a.user, 'AGR_USERS');
  for (const p of extract.userProfiles) note(p.user, 'UST04');
  for (const r of extract.referenceUsers) note(r.user, 'USREFUS');
  for (const [bname, tables] of missing) out.push({ id: bname, bname, userType: '', inScope: false, reasons: ['missing-from-usr02'], namedIn: [...tables].sort() });
  return out.sort((a, b) => (a.bname < b.bname ? -1 : a.bname > b.bname ? 1 : 0));
}
