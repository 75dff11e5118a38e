/**
 * What a read of a system extract notices besides the rows it keeps (DESIGN 4.1a): the tallies
 * of the per-row warnings, the rows per table, and the few keys the joined warnings need from
 * the tables whose rows a read may drop (AGR_1251, UST10S and UST12 are cut down to a ruleset's
 * objects by the command line, and stream into the database on the server). They are gathered
 * before that cut, so the command line and the server warn alike.
 *
 * `dataQualityWarnings` then computes the warnings about the joined data over the parsed
 * extract: a pure function of the extract and this record.
 */
import type { SystemExtract } from '../../engine/model/extract.ts';
import { sortWarnings, WarningTally, type DataWarning } from './data-warnings.ts';

/** The row counts SE16N offers as "maximum number of hits" (DESIGN 4.1a). */
export const SE16N_ROW_LIMITS: ReadonlySet<number> = new Set([100, 200, 500, 1_000, 5_000, 10_000, 100_000]);

export class ExtractQuality {
  /** Warnings found while reading (per table), in the order found. */
  readonly found: DataWarning[] = [];
  /** Data rows per table (blank rows not counted), before any client or object filter. */
  readonly rows = new Map<string, number>();
  /** ACTVT_LEADING_ZERO_LOST per table. */
  readonly actvt = new Map<string, WarningTally>();
  /** Roles with at least one AGR_1251 row. */
  readonly rolesWithAuthorisations = new Set<string>();
  /** UST10S: profile → its `object\0auth` keys. */
  readonly profileAuthorisations = new Map<string, Set<string>>();
  /** UST12: the `object\0auth` keys that have values. */
  readonly authorisationsWithValues = new Set<string>();
  /** Whether UST10S / UST12 were in the extract. */
  readonly tablesRead = new Set<string>();

  actvtTally(table: string): WarningTally {
    let t = this.actvt.get(table);
    if (!t) this.actvt.set(table, (t = new WarningTally()));
    return t;
  }

  /** The end of a table: its row count, and ROW_LIMIT_SUSPECTED when it is exactly an SE16N maximum. */
  tableRead(table: string, fileName: string, rows: number): void {
    this.tablesRead.add(table);
    this.rows.set(table, rows);
    if (SE16N_ROW_LIMITS.has(rows)) {
      this.found.push({ code: 'ROW_LIMIT_SUSPECTED', table, count: rows, examples: [fileName] });
    }
    const actvt = this.actvt.get(table)?.toWarning('ACTVT_LEADING_ZERO_LOST', table);
    if (actvt) this.found.push(actvt);
  }
}

/** Every warning of a read: those found while reading and those about the joined data, sorted. */
export function dataQualityWarnings(extract: SystemExtract, quality: ExtractQuality): DataWarning[] {
  return sortWarnings([...quality.found, ...joinedWarnings(extract, quality)]);
}

function joinedWarnings(x: SystemExtract, q: ExtractQuality): DataWarning[] {
  const out: DataWarning[] = [];
  const push = (w: DataWarning | undefined): void => void (w && out.push(w));

  // USER_NOT_IN_USR02: per table naming users, distinct users.
  const users = new Set<string>();
  for (const u of x.users) users.add(u.bname);
  const missingUsers = (table: string, names: Iterable<string>): void => {
    const tally = new WarningTally();
    const seen = new Set<string>();
    for (const n of names) {
      if (n === '' || users.has(n) || seen.has(n)) continue;
      seen.add(n);
      tally.add(n);
    }
    push(tally.toWarning('USER_NOT_IN_USR02', table));
  };
  missingUsers(
    'AGR_USERS',
    (function* () {
      for (const a of x.roleAssignments) yield a.user;
    })(),
  );
  missingUsers(
    'UST04',
    (function* () {
      for (const p of x.userProfiles) yield p.user;
    })(),
  );
  missingUsers(
    'USREFUS',
    (function* () {
      for (const r of x.referenceUsers) yield r.user;
    })(),
  );

  // ROLE_NOT_DEFINED: assigned roles with no AGR_1251, AGR_DEFINE or AGR_AGRS row.
  const defined = new Set(q.rolesWithAuthorisations);
  for (const d of x.roleDefinitions) defined.add(d.role);
  for (const c of x.compositeRoles) defined.add(c.role);
  const roles = new WarningTally();
  const seenRoles = new Set<string>();
  for (const a of x.roleAssignments) {
    if (a.role === '' || defined.has(a.role) || seenRoles.has(a.role)) continue;
    seenRoles.add(a.role);
    roles.add(a.role);
  }
  push(roles.toWarning('ROLE_NOT_DEFINED', 'AGR_USERS'));

  // PROFILE_WITHOUT_AUTHORISATIONS: manual UST04 profiles (not generated, AGR_1016) reaching,
  // through UST10C, no UST10S authorisation that has UST12 values.
  const generated = new Set<string>();
  for (const r of x.roleProfiles) generated.add(r.profile);
  const subs = new Map<string, string[]>();
  for (const s of x.subProfiles) {
    const list = subs.get(s.profile);
    if (list) list.push(s.subProfile);
    else subs.set(s.profile, [s.subProfile]);
  }
  const valued = (profile: string): boolean => {
    const keys = q.profileAuthorisations.get(profile);
    if (!keys) return false;
    for (const k of keys) if (q.authorisationsWithValues.has(k)) return true;
    return false;
  };
  const grants = (profile: string): boolean => {
    const stack = [profile];
    const seen = new Set(stack);
    while (stack.length > 0) {
      const p = stack.pop()!;
      if (valued(p)) return true;
      for (const s of subs.get(p) ?? []) {
        if (seen.has(s)) continue;
        seen.add(s);
        stack.push(s);
      }
    }
    return false;
  };
  const empty = new WarningTally();
  const checked = new Set<string>();
  for (const up of x.userProfiles) {
    const p = up.profile;
    if (p === '' || generated.has(p) || checked.has(p)) continue;
    checked.add(p);
    if (!grants(p)) empty.add(p);
  }
  push(empty.toWarning('PROFILE_WITHOUT_AUTHORISATIONS', 'UST04'));
  return out;
}
