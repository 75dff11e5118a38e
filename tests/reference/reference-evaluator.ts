/**
 * Reference evaluator for the analysis contract (DESIGN.md section 5, rules 1–14, as read by
 * docs/decisions/2026-11-21-analysis-contract-readings.md).
 *
 * It is written to be obviously right, not fast: every holder's authorisation instances are
 * collected into plain arrays and every rule is evaluated literally against them. It shares
 * no code with engine/ (only the model types are imported), so the property tests that
 * compare it with the engine are two independent readings of the same contract.
 *
 * Where the contract leaves room, the reading taken here is noted in a comment marked
 * "READING:"; the list of them is repeated in tests/reference/READINGS.md.
 */
import type {
  AnalysisOptions,
  Date8,
  ExclusionReason,
  HolderLevel,
  PermissionLine,
  RiskAcceptance,
  Ruleset,
  RuleFunction,
  SystemExtract,
} from '../../engine/model/index.ts';
import { referenceOrgFinding, refOrgFields } from './reference-org-levels.ts';

// ---------------------------------------------------------------------------------------------
// Dates (rule 1)
// ---------------------------------------------------------------------------------------------

/** Rule 1: something counts on D when from ≤ D ≤ to, an unset (null) bound being open. */
export function refValidOn(d: Date8, from: Date8 | null, to: Date8 | null): boolean {
  if (from !== null && d < from) return false;
  if (to !== null && d > to) return false;
  return true;
}

// ---------------------------------------------------------------------------------------------
// Strings in code-point order (rule 4, decisions "Strings compare by Unicode code point")
// ---------------------------------------------------------------------------------------------

/** Compares two strings by Unicode code point (not by UTF-16 unit): <0, 0, >0. */
export function cmpCodePoints(a: string, b: string): number {
  const x = Array.from(a);
  const y = Array.from(b);
  const n = Math.min(x.length, y.length);
  for (let i = 0; i < n; i++) {
    const cx = x[i].codePointAt(0)!;
    const cy = y[i].codePointAt(0)!;
    if (cx !== cy) return cx < cy ? -1 : 1;
  }
  return x.length === y.length ? 0 : x.length < y.length ? -1 : 1;
}

/** The first n code points of s (all of s when it is shorter). */
function firstCodePoints(s: string, n: number): string {
  return Array.from(s).slice(0, n).join('');
}

function codePointLength(s: string): number {
  return Array.from(s).length;
}

/**
 * Rule 4: values are compared after trimming surrounding spaces, and the three characters
 * `' '` always mean the blank value ''.
 * READING: only the space character is trimmed (SAP pads CHAR fields with spaces).
 * READING: the same normalisation applies to HIGH; a HIGH that normalises to '' (empty,
 * spaces, or `' '`) means "no HIGH", so the row is a single value / pattern of its LOW.
 */
export function normaliseValue(raw: string): string {
  const t = raw.replace(/^ +/, '').replace(/ +$/, '');
  return t === "' '" ? '' : t;
}

// ---------------------------------------------------------------------------------------------
// Value rows (rule 4)
// ---------------------------------------------------------------------------------------------

/**
 * One value row after normalisation, in the shape rule 4 describes it. Every shape is an
 * interval of strings in code-point order (see `lowestCovered`), which is what makes the
 * "covers at least one value of a pattern" question of rule 5 decidable by one comparison.
 */
export type ValueRow =
  | { kind: 'all' } // `*` — everything, the blank value included
  | { kind: 'prefix'; prefix: string } // `X*` — every value starting with X (X non-empty)
  | { kind: 'exact'; value: string } // a single value; '' is the blank value
  | {
      kind: 'range';
      low: string; // inclusive lower bound
      high: string; // inclusive upper bound (highStar false) or the part of HIGH before its `*`
      highStar: boolean; // HIGH had a `*`: the range reaches every string whose first |high| code points are ≤ high
    };

/** Reads one LOW/HIGH pair (AGR_1251 LOW/HIGH, AGR_1252 LOW/HIGH, UST12 VON/BIS). */
export function parseValueRow(lowRaw: string, highRaw: string): ValueRow {
  const low = normaliseValue(lowRaw);
  const high = normaliseValue(highRaw);
  if (high === '') {
    const star = low.indexOf('*');
    if (star === -1) return { kind: 'exact', value: low };
    // Characters after the first `*` are ignored: `A*B` is `A*`; `*` (or `*X`) is everything.
    const prefix = low.slice(0, star);
    return prefix === '' ? { kind: 'all' } : { kind: 'prefix', prefix };
  }
  // What follows the first `*` is ignored, so a LOW starting with `*` is `*`, which means
  // everything even when HIGH is filled (decisions, ref. 2.2 step 1).
  if (low.startsWith('*')) return { kind: 'all' };
  // Otherwise a `*` in LOW of a range cuts LOW there.
  const lowStar = low.indexOf('*');
  const rangeLow = lowStar === -1 ? low : low.slice(0, lowStar);
  // HIGH may end in `*`; what follows its first `*` is ignored.
  const highStarAt = high.indexOf('*');
  if (highStarAt === -1) return { kind: 'range', low: rangeLow, high, highStar: false };
  return { kind: 'range', low: rangeLow, high: high.slice(0, highStarAt), highStar: true };
}

/** Rule 4, literally: does this row cover the (normalised) value v? */
export function rowCovers(row: ValueRow, v: string): boolean {
  switch (row.kind) {
    case 'all':
      return true;
    case 'prefix':
      return v.startsWith(row.prefix);
    case 'exact':
      return v === row.value;
    case 'range': {
      if (cmpCodePoints(v, row.low) < 0) return false;
      if (row.highStar) {
        // "reaches every string whose first |H| characters are ≤ H"
        return cmpCodePoints(firstCodePoints(v, codePointLength(row.high)), row.high) <= 0;
      }
      return cmpCodePoints(v, row.high) <= 0;
    }
  }
}

/**
 * The smallest string the row can cover, in code-point order: the row covers something iff it
 * covers this string.
 *
 * Why every row is an interval [lowestCovered, top] of the ordered set of strings:
 *  - `all` is every string; its least element is ''.
 *  - `exact v` is {v}.
 *  - `prefix X` is {s : s starts with X} = {s : X ≤ s and s's first |X| code points ≤ X}:
 *    a string starting with X is ≥ X; a string ≥ X not starting with X differs from X at
 *    some position k < |X| with a larger code point, so its first |X| code points are > X.
 *    Both conditions are monotone (the first is upward closed, the second downward closed),
 *    so the set is convex, and its least element is X.
 *  - `range L..H` is {s : L ≤ s} ∩ {s : s ≤ H} (or ∩ {s : first |H| code points of s ≤ H}
 *    when H had a `*`). The first set is upward closed; the second is downward closed in
 *    both forms (if s ≤ t then the first n code points of s are ≤ those of t). So the range is
 *    convex; if non-empty its least element is L (L itself is in it iff anything is, because
 *    any member m ≥ L and L ≤ m ≤ upper side puts L on the right side of the downward-closed
 *    upper condition).
 */
export function lowestCovered(row: ValueRow): string {
  switch (row.kind) {
    case 'all':
      return '';
    case 'prefix':
      return row.prefix;
    case 'exact':
      return row.value;
    case 'range':
      return row.low;
  }
}

/** True when the row covers every string (rule 5: what a rule value `*` alone demands). */
export function rowCoversEverything(row: ValueRow): boolean {
  if (row.kind === 'all') return true;
  // "or a range equal to it" (decisions): a range from '' whose HIGH is `*` (prefix '').
  return row.kind === 'range' && row.low === '' && row.highStar && row.high === '';
}

/**
 * Do two rows (intervals) share at least one string? Both are intervals whose least element,
 * when non-empty, is `lowestCovered`. If they share a string m, then w = the larger of the two
 * least elements satisfies (least of each) ≤ w ≤ m, so by convexity w is in both. Conversely if
 * w is in both they share w. So one membership test of w on each side decides it.
 */
export function rowsIntersect(a: ValueRow, b: ValueRow): boolean {
  const la = lowestCovered(a);
  const lb = lowestCovered(b);
  const w = cmpCodePoints(la, lb) >= 0 ? la : lb;
  return rowCovers(a, w) && rowCovers(b, w);
}

// ---------------------------------------------------------------------------------------------
// Rule checks on one field (rule 5)
// ---------------------------------------------------------------------------------------------

/** How a rule line's LOW/HIGH reads as a demand on one field. */
export type RulePattern =
  | { kind: 'full' } // `*` alone: needs a row covering everything
  | { kind: 'value'; value: string } // plain value v: some row covers v
  | { kind: 'some'; set: ValueRow }; // `X*` or L..H: some row covers at least one value of it

/**
 * Reads a rule line's LOW/HIGH with the same normalisation as value rows.
 * READING: "`*` alone" is a rule LOW starting with `*` (what follows the first `*` is ignored),
 * with or without HIGH (decisions: such a LOW "means everything even when HIGH is filled").
 * Any other rule with a HIGH is a range, also when it happens to span everything (''..`*`);
 * a range is met by any row it overlaps. A blank rule LOW (`' '`, '' or spaces)
 * without HIGH is the plain blank value.
 */
export function parseRulePattern(lowRaw: string, highRaw: string): RulePattern {
  const low = normaliseValue(lowRaw);
  const high = normaliseValue(highRaw);
  if (high === '') {
    const star = low.indexOf('*');
    if (star === -1) return { kind: 'value', value: low };
    if (star === 0) return { kind: 'full' };
    return { kind: 'some', set: { kind: 'prefix', prefix: low.slice(0, star) } };
  }
  if (low.startsWith('*')) return { kind: 'full' };
  const lowStar = low.indexOf('*');
  const rangeLow = lowStar === -1 ? low : low.slice(0, lowStar);
  const highStarAt = high.indexOf('*');
  const set: ValueRow =
    highStarAt === -1
      ? { kind: 'range', low: rangeLow, high, highStar: false }
      : { kind: 'range', low: rangeLow, high: high.slice(0, highStarAt), highStar: true };
  return { kind: 'some', set };
}

/** Rule 5: is one rule pattern satisfied by the value rows of one instance field? */
export function patternSatisfied(rows: readonly ValueRow[], pattern: RulePattern): boolean {
  switch (pattern.kind) {
    case 'full':
      return rows.some(rowCoversEverything);
    case 'value':
      return rows.some((r) => rowCovers(r, pattern.value));
    case 'some':
      return rows.some((r) => rowsIntersect(r, pattern.set));
  }
}

/**
 * Rule 5: the lines of one field. OR lines: any one satisfied; AND lines: all satisfied; NOT
 * lines: none satisfied.
 * READING: when one field mixes operators, the three conditions are ANDed (a field with no OR
 * lines has no OR condition). A field whose lines are all NOT is met by an instance without
 * the field (decisions).
 */
export function fieldLinesMet(rows: readonly ValueRow[], lines: readonly PermissionLine[]): boolean {
  const sat = (l: PermissionLine): boolean => patternSatisfied(rows, parseRulePattern(l.low, l.high));
  const ors = lines.filter((l) => l.operator === 'OR');
  const ands = lines.filter((l) => l.operator === 'AND');
  const nots = lines.filter((l) => l.operator === 'NOT');
  if (ors.length > 0 && !ors.some(sat)) return false;
  if (!ands.every(sat)) return false;
  if (nots.some(sat)) return false;
  return true;
}

// ---------------------------------------------------------------------------------------------
// Instances (rule 3) and holders (rules 2, 10)
// ---------------------------------------------------------------------------------------------

export type RefStep = { kind: 'user' | 'role' | 'profile'; name: string };

/** One authorisation instance: (source, OBJECT, AUTH) with its rows per field. */
export interface RefInstance {
  /** How the holder reaches the source; the last step is the source itself. */
  path: RefStep[];
  object: string;
  auth: string;
  fields: Map<string, ValueRow[]>;
}

function addRow(fields: Map<string, ValueRow[]>, field: string, row: ValueRow | null): void {
  const list = fields.get(field) ?? [];
  if (row) list.push(row);
  fields.set(field, list);
}

/** Roles named as AGR_NAME in AGR_AGRS are composite roles. */
function isComposite(x: SystemExtract, role: string): boolean {
  return x.compositeRoles.some((c) => c.role === role);
}

/**
 * The instances of one single role, from its AGR_1251 rows with DELETED ≠ 'X'.
 * `$VARBL` LOWs are replaced by every AGR_1252 row of the same role and variable (trimmed,
 * exact name); the HIGH of the `$` row is ignored; with no AGR_1252 row the `$` row gives no
 * value (rule 3: "the field has no value").
 * READING: the instance still exists when all its rows are unresolved `$` rows (PFCG generates
 * the authorisation with an empty field), so it can meet an empty-FIELD line, a NOT-only field,
 * a TSTCA row with a blank VALUE, and it makes the union pseudo-instance exist.
 * READING: AGR_DEFINE PARENT_AGR plays no part (a derived role's AGR_1251 rows are its own).
 */
export function singleRoleInstances(x: SystemExtract, role: string, path: RefStep[]): RefInstance[] {
  const byKey = new Map<string, RefInstance>();
  for (const r of x.roleAuthorisations) {
    if (r.role !== role || r.deleted) continue;
    const key = JSON.stringify([r.object, r.auth]);
    let inst = byKey.get(key);
    if (!inst) {
      inst = { path, object: r.object, auth: r.auth, fields: new Map() };
      byKey.set(key, inst);
    }
    const low = normaliseValue(r.low);
    if (low.startsWith('$')) {
      const org = x.orgLevelValues.filter((o) => o.role === role && o.variable.trim() === low);
      if (org.length === 0) addRow(inst.fields, r.field, null);
      for (const o of org) addRow(inst.fields, r.field, parseValueRow(o.low, o.high));
    } else {
      addRow(inst.fields, r.field, parseValueRow(r.low, r.high));
    }
  }
  return [...byKey.values()];
}

/**
 * Every path from `role` down AGR_AGRS to a single role, without visiting a role twice on one
 * path (cycle-safe). A composite role contributes only its children, never AGR_1251 rows of
 * its own (decisions). Each path starts with `role` itself.
 */
export function rolePaths(x: SystemExtract, role: string): string[][] {
  const out: string[][] = [];
  const walk = (current: string, path: string[]): void => {
    if (!isComposite(x, current)) {
      out.push(path);
      return;
    }
    for (const c of x.compositeRoles) {
      if (c.role !== current || path.includes(c.child)) continue;
      walk(c.child, [...path, c.child]);
    }
  };
  walk(role, [role]);
  return out;
}

/** Every role reachable from `role` through AGR_AGRS, `role` included (composites too). */
export function roleTree(x: SystemExtract, role: string): Set<string> {
  const seen = new Set<string>([role]);
  const stack = [role];
  while (stack.length > 0) {
    const r = stack.pop()!;
    for (const c of x.compositeRoles) {
      if (c.role === r && !seen.has(c.child)) {
        seen.add(c.child);
        stack.push(c.child);
      }
    }
  }
  return seen;
}

/** Instances reached from one role; paths are prefixed with `prefix`. */
function roleInstances(x: SystemExtract, role: string, prefix: RefStep[]): RefInstance[] {
  const out: RefInstance[] = [];
  for (const p of rolePaths(x, role)) {
    const path: RefStep[] = [...prefix, ...p.map((name) => ({ kind: 'role' as const, name }))];
    out.push(...singleRoleInstances(x, p[p.length - 1], path));
  }
  return out;
}

export function generatedProfiles(x: SystemExtract): Set<string> {
  return new Set(x.roleProfiles.map((p) => p.profile));
}

/**
 * Every path from `profile` down UST10C, without visiting a profile twice on one path; each
 * profile on every path contributes its UST10S instances, with the UST12 values of
 * (OBJCT, AUTH).
 * READING: every profile reached (composite or not) contributes its own UST10S rows; a
 * sub-profile reached through UST10C is expanded even if it is a generated profile (the
 * AGR_1016 filter applies to UST04 rows only). An instance listed in UST10S without UST12 rows
 * exists with no field values.
 */
export function profileInstances(x: SystemExtract, profile: string, prefix: RefStep[]): RefInstance[] {
  const out: RefInstance[] = [];
  const walk = (current: string, names: string[]): void => {
    const path: RefStep[] = [...prefix, ...names.map((name) => ({ kind: 'profile' as const, name }))];
    const seenKeys = new Set<string>();
    for (const s of x.profileAuthorisations) {
      if (s.profile !== current) continue;
      const key = JSON.stringify([s.object, s.auth]);
      if (seenKeys.has(key)) continue;
      seenKeys.add(key);
      const fields = new Map<string, ValueRow[]>();
      for (const v of x.authorisationValues) {
        if (v.object === s.object && v.auth === s.auth) addRow(fields, v.field, parseValueRow(v.low, v.high));
      }
      out.push({ path, object: s.object, auth: s.auth, fields });
    }
    for (const c of x.subProfiles) {
      if (c.profile !== current || names.includes(c.subProfile)) continue;
      walk(c.subProfile, [...names, c.subProfile]);
    }
  };
  walk(profile, [profile]);
  return out;
}

/** Roles assigned to a user on D (AGR_USERS rows valid on D). */
export function assignedRoles(x: SystemExtract, user: string, d: Date8): string[] {
  const out: string[] = [];
  for (const a of x.roleAssignments) {
    if (a.user === user && refValidOn(d, a.from, a.to) && !out.includes(a.role)) out.push(a.role);
  }
  return out;
}

/** Manually assigned profiles of a user: UST04 rows whose profile is not in AGR_1016. */
export function manualProfilesOf(x: SystemExtract, user: string): string[] {
  const generated = generatedProfiles(x);
  const out: string[] = [];
  for (const p of x.userProfiles) {
    if (p.user === user && !generated.has(p.profile) && !out.includes(p.profile)) out.push(p.profile);
  }
  return out;
}

/**
 * Reference users of a user that exist in USR02 (their own lock and validity do not matter).
 * READING: every USREFUS row of the user is followed.
 */
export function existingReferenceUsers(x: SystemExtract, user: string): string[] {
  const out: string[] = [];
  for (const r of x.referenceUsers) {
    if (r.user !== user) continue;
    if (!x.users.some((u) => u.bname === r.referenceUser)) continue;
    if (!out.includes(r.referenceUser)) out.push(r.referenceUser);
  }
  return out;
}

/** Rule 3: every instance a user holds on D, with the path to its source. */
export function userInstances(x: SystemExtract, user: string, d: Date8): RefInstance[] {
  const own = (u: string, prefix: RefStep[]): RefInstance[] => [
    ...assignedRoles(x, u, d).flatMap((r) => roleInstances(x, r, prefix)),
    ...manualProfilesOf(x, u).flatMap((p) => profileInstances(x, p, prefix)),
  ];
  const out = own(user, []);
  // (c) the reference user's roles and profiles, once: its own reference user is not followed.
  for (const ref of existingReferenceUsers(x, user)) out.push(...own(ref, [{ kind: 'user', name: ref }]));
  return out;
}

/** Every role a user holds on D: assigned roles and everything below them, own and via reference users. */
export function rolesHeldByUser(x: SystemExtract, user: string, d: Date8): Set<string> {
  const out = new Set<string>();
  for (const u of [user, ...existingReferenceUsers(x, user)]) {
    for (const r of assignedRoles(x, u, d)) for (const t of roleTree(x, r)) out.add(t);
  }
  return out;
}

/** Rule 10 + decisions: every role the extract names (AGR_DEFINE, AGR_1251, AGR_AGRS both columns, AGR_USERS). */
export function namedRoles(x: SystemExtract): string[] {
  const set = new Set<string>();
  for (const r of x.roleDefinitions) set.add(r.role);
  for (const r of x.roleAuthorisations) set.add(r.role);
  for (const r of x.compositeRoles) {
    set.add(r.role);
    set.add(r.child);
  }
  for (const r of x.roleAssignments) set.add(r.role);
  return [...set].sort(cmpCodePoints);
}

/** Rule 10 + decisions: every UST04 profile not in AGR_1016. */
export function manualProfiles(x: SystemExtract): string[] {
  const generated = generatedProfiles(x);
  const set = new Set<string>();
  for (const p of x.userProfiles) if (!generated.has(p.profile)) set.add(p.profile);
  return [...set].sort(cmpCodePoints);
}

/**
 * Role level: a single role holds its own instances; a composite role the union of its
 * children. The holder itself is not repeated at the start of a path, so a single role's own
 * instances have the empty path [] and a composite's children the path below it.
 */
export function roleHolderInstances(x: SystemExtract, role: string): RefInstance[] {
  return rolePaths(x, role).flatMap((p) =>
    singleRoleInstances(
      x,
      p[p.length - 1],
      p.slice(1).map((name) => ({ kind: 'role' as const, name })),
    ),
  );
}

/** Profile level: the profile's UST10C expansion; paths as for roles (holder not repeated). */
export function profileHolderInstances(x: SystemExtract, profile: string): RefInstance[] {
  return profileInstances(x, profile, []).map((i) => ({ ...i, path: i.path.slice(1) }));
}

// ---------------------------------------------------------------------------------------------
// Users in scope (rule 2)
// ---------------------------------------------------------------------------------------------

/**
 * Why a USR02 user is excluded under these options; empty = in scope.
 * READING: only the filters that are switched on give reasons (a locked user with
 * includeLocked is not "locked" here). A user can have several reasons.
 */
export function exclusionReasons(
  u: SystemExtract['users'][number],
  options: Pick<AnalysisOptions, 'date' | 'includeLocked' | 'includeExpired'>,
): ExclusionReason[] {
  const reasons: ExclusionReason[] = [];
  if (u.uflag !== 0 && !options.includeLocked) reasons.push('locked');
  if (!options.includeExpired) {
    if (u.validTo !== null && options.date > u.validTo) reasons.push('expired');
    if (u.validFrom !== null && options.date < u.validFrom) reasons.push('not-yet-valid');
  }
  return reasons;
}

export function referenceExcludedUsers(
  x: SystemExtract,
  options: AnalysisOptions,
): Array<{ bname: string; reasons: ExclusionReason[] }> {
  const out: Array<{ bname: string; reasons: ExclusionReason[] }> = [];
  for (const u of x.users) {
    const reasons = exclusionReasons(u, options);
    if (reasons.length > 0) out.push({ bname: u.bname, reasons });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Evaluation of one holder (rules 5–9)
// ---------------------------------------------------------------------------------------------

/**
 * The holder's instances of one object as the checks see them: the instances themselves in
 * same-instance mode; in union mode one pseudo-instance with the rows of every instance of
 * the object merged per field, which exists when the holder has any instance of the object.
 * Union applies to every check: S_TCODE, TSTCA and permissions (decisions).
 */
function checkInstances(
  instances: readonly RefInstance[],
  object: string,
  mode: AnalysisOptions['mode'],
): RefInstance[] {
  const of = instances.filter((i) => i.object === object);
  if (mode === 'same-instance' || of.length === 0) return of;
  const fields = new Map<string, ValueRow[]>();
  for (const i of of) for (const [f, rows] of i.fields) fields.set(f, [...(fields.get(f) ?? []), ...rows]);
  return [{ path: [], object, auth: '(union)', fields }];
}

function rowsOf(inst: RefInstance, field: string): ValueRow[] {
  return inst.fields.get(field) ?? [];
}

/**
 * Rule 7: action A is executable when an instance of S_TCODE covers A in TCD and every TSTCA
 * start check of A holds. TSTCA rows are grouped by object; each object's rows are one check on
 * one instance; a row with an empty or `' '` VALUE is not checked, but the object's instance is
 * still required (decisions).
 * READING: the tcode of a TSTCA row matches the action exactly; a checked VALUE is read like a
 * rule value (plain value → some row covers it); several rows on one field are all demanded.
 */
export function actionExecutable(
  x: SystemExtract,
  instances: readonly RefInstance[],
  action: string,
  mode: AnalysisOptions['mode'],
): boolean {
  const tcode = normaliseValue(action);
  const sTcode = checkInstances(instances, 'S_TCODE', mode).some((i) =>
    rowsOf(i, 'TCD').some((r) => rowCovers(r, tcode)),
  );
  if (!sTcode) return false;
  const checks = x.tcodeChecks.filter((c) => c.tcode === action);
  const objects = [...new Set(checks.map((c) => c.object))];
  return objects.every((object) => {
    const rows = checks.filter((c) => c.object === object && normaliseValue(c.value) !== '');
    return checkInstances(instances, object, mode).some((inst) =>
      rows.every((c) => patternSatisfied(rowsOf(inst, c.field), parseRulePattern(c.value, ''))),
    );
  });
}

/**
 * Rule 15, read literally: org values at which a permission is checked, one per org field
 * (null: that field is left free). An instance (or, in union mode, the merged pseudo-instance)
 * that has the field (at least one row, even an unresolved `$` row) must also cover the value.
 */
export interface RefOrgAt {
  fields: readonly string[];
  values: readonly (string | null)[];
}

function coversOrgAt(inst: RefInstance, org: RefOrgAt | undefined): boolean {
  if (!org) return true;
  return org.fields.every((f, j) => {
    const v = org.values[j];
    return v === null || !inst.fields.has(f) || rowsOf(inst, f).some((r) => rowCovers(r, v));
  });
}

/**
 * Rule 5/6: one permission = the active lines of one (ACTION, OBJECT) group (decisions). Met
 * when one instance of the object (or the union pseudo-instance) satisfies every field; lines
 * with an empty FIELD only demand the instance.
 */
function permissionMet(
  instances: readonly RefInstance[],
  object: string,
  lines: readonly PermissionLine[],
  mode: AnalysisOptions['mode'],
  org?: RefOrgAt,
): boolean {
  const fields = [...new Set(lines.map((l) => l.field).filter((f) => f.trim() !== ''))];
  return checkInstances(instances, object, mode).some((inst) =>
    coversOrgAt(inst, org) &&
    fields.every((f) =>
      fieldLinesMet(
        rowsOf(inst, f),
        lines.filter((l) => l.field === f),
      ),
    ),
  );
}

/** All (ACTION, OBJECT) groups of the given active lines are met. */
function permissionGroupsMet(
  instances: readonly RefInstance[],
  lines: readonly PermissionLine[],
  mode: AnalysisOptions['mode'],
  org?: RefOrgAt,
): boolean {
  const groups = new Map<string, PermissionLine[]>();
  for (const l of lines) {
    const key = JSON.stringify([l.action, l.object]);
    groups.set(key, [...(groups.get(key) ?? []), l]);
  }
  return [...groups.values()].every((g) => permissionMet(instances, g[0].object, g, mode, org));
}

export type FunctionOutcome = { met: false } | { met: true; action: string | null };

/**
 * Rule 8. At action level: some active action is executable. At permission level: some active
 * action is executable and every active permission (ACTION, OBJECT) group listed for that
 * action is met. The action reported is the first met active action in the function's action
 * order (decisions, rule 11). A function with no active actions is met, at permission level
 * only, when all its active permission groups (whatever their ACTION) are met, and never when
 * it has no active permission lines either; its action is null.
 * A line with an empty ACTION is function-wide: listed for every active action (amended rule 8).
 * READING: permission lines whose ACTION is neither that active action nor empty (e.g. lines
 * under an inactive action, or under no action of the function) are ignored when the function
 * has active actions.
 */
export function evaluateFunction(
  x: SystemExtract,
  instances: readonly RefInstance[],
  fn: RuleFunction | undefined,
  options: Pick<AnalysisOptions, 'level' | 'mode'>,
  org?: RefOrgAt,
): FunctionOutcome {
  if (!fn) return { met: false };
  const activeActions = fn.actions.filter((a) => a.active).map((a) => a.action);
  const activeLines = fn.permissions.filter((p) => p.active);
  if (activeActions.length === 0) {
    if (options.level === 'action' || activeLines.length === 0) return { met: false };
    return permissionGroupsMet(instances, activeLines, options.mode, org) ? { met: true, action: null } : { met: false };
  }
  for (const action of activeActions) {
    if (!actionExecutable(x, instances, action, options.mode)) continue;
    if (options.level === 'action') return { met: true, action };
    // Amended rule 8: a line with an empty ACTION is listed for every active action, so it
    // joins that action's (ACTION, OBJECT) groups.
    const lines = activeLines.filter((l) => l.action === action || l.action === '').map((l) => ({ ...l, action }));
    if (permissionGroupsMet(instances, lines, options.mode, org)) return { met: true, action };
  }
  return { met: false };
}

export interface RefFinding {
  level: HolderLevel;
  holder: string;
  riskId: string;
  functions: Array<{ functionId: string; action: string | null }>;
  /** Org-level risks (rule 15): the org values at which the risk holds; absent otherwise. */
  orgValues?: string[];
}

/** The risks that are evaluated at all under these options (rules 8, 9, 12). */
export function evaluatedRisks(ruleset: Ruleset, options: AnalysisOptions): Ruleset['risks'] {
  const deactivated = new Set(options.deactivatedRiskIds ?? []);
  return ruleset.risks.filter(
    (r) => r.active && !deactivated.has(r.id) && !(options.level === 'action' && r.type === 'CRITICAL_PERMISSION'),
  );
}

/**
 * Rule 9: a risk is met when all of its listed functions are met, whatever its type; a risk
 * with no functions is never met; a function id with no definition is never met.
 */
export function riskMetBy(
  x: SystemExtract,
  ruleset: Ruleset,
  instances: readonly RefInstance[],
  risk: Ruleset['risks'][number],
  options: Pick<AnalysisOptions, 'level' | 'mode'>,
  org?: RefOrgAt,
): Array<{ functionId: string; action: string | null }> | null {
  if (risk.functionIds.length === 0) return null;
  if (!org && options.level === 'permission' && refOrgFields(risk).length > 0) {
    const found = referenceOrgFinding(x, ruleset, instances, risk, options);
    return found ? found.functions : null;
  }
  const out: Array<{ functionId: string; action: string | null }> = [];
  for (const id of risk.functionIds) {
    const fn = ruleset.functions.find((f) => f.id === id);
    const outcome = evaluateFunction(x, instances, fn, options, org);
    if (!outcome.met) return null;
    out.push({ functionId: id, action: outcome.action });
  }
  return out;
}

/** The holders of each level, with their instances, under these options. */
export function referenceHolders(
  x: SystemExtract,
  options: AnalysisOptions,
): Array<{ level: HolderLevel; holder: string; instances: RefInstance[] }> {
  const levels = options.holderLevels ?? ['USER', 'ROLE', 'PROFILE'];
  const out: Array<{ level: HolderLevel; holder: string; instances: RefInstance[] }> = [];
  if (levels.includes('USER')) {
    for (const u of x.users) {
      if (exclusionReasons(u, options).length > 0) continue;
      out.push({ level: 'USER', holder: u.bname, instances: userInstances(x, u.bname, options.date) });
    }
  }
  if (levels.includes('ROLE')) {
    for (const r of namedRoles(x)) out.push({ level: 'ROLE', holder: r, instances: roleHolderInstances(x, r) });
  }
  if (levels.includes('PROFILE')) {
    for (const p of manualProfiles(x))
      out.push({ level: 'PROFILE', holder: p, instances: profileHolderInstances(x, p) });
  }
  return out;
}

/** Every finding the contract demands, without acceptance. */
export function referenceAnalyse(x: SystemExtract, ruleset: Ruleset, options: AnalysisOptions): RefFinding[] {
  const risks = evaluatedRisks(ruleset, options);
  const out: RefFinding[] = [];
  for (const h of referenceHolders(x, options)) {
    for (const risk of risks) {
      if (options.level === 'permission' && refOrgFields(risk).length > 0) {
        const found = referenceOrgFinding(x, ruleset, h.instances, risk, options);
        if (found) out.push({ level: h.level, holder: h.holder, riskId: risk.id, ...found });
        continue;
      }
      const functions = riskMetBy(x, ruleset, h.instances, risk, options);
      if (functions) out.push({ level: h.level, holder: h.holder, riskId: risk.id, functions });
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Acceptance (rule 12)
// ---------------------------------------------------------------------------------------------

/**
 * The acceptances that apply to a finding on D (empty: not accepted). An acceptance applies
 * when it names the risk and is valid on D (rule 1), and
 *  - globally: to every finding of the risk;
 *  - for a user: to that user's user-level finding;
 *  - for a role: to that role's role-level finding, and to the user-level finding of a user
 *    who holds the role when the role meets the whole risk by itself (evaluated as a role-level
 *    holder, same level and mode).
 * READING: a profile-level finding is accepted only globally. "A role the user holds" is any
 * role in the user's role tree on D (assigned, composites and their children), reference
 * users' roles included.
 */
export function referenceAccepted(
  x: SystemExtract,
  ruleset: Ruleset,
  options: AnalysisOptions,
  finding: { level: HolderLevel; holder: string; riskId: string },
): RiskAcceptance[] {
  const risk = ruleset.risks.find((r) => r.id === finding.riskId);
  const out: RiskAcceptance[] = [];
  for (const a of options.acceptances ?? []) {
    if (a.riskId !== finding.riskId || !refValidOn(options.date, a.validFrom, a.validTo)) continue;
    if (a.scope === 'global') out.push(a);
    else if (a.scope === 'user') {
      if (finding.level === 'USER' && a.holder === finding.holder) out.push(a);
    } else if (finding.level === 'ROLE') {
      if (a.holder === finding.holder) out.push(a);
    } else if (finding.level === 'USER' && risk) {
      if (!rolesHeldByUser(x, finding.holder, options.date).has(a.holder)) continue;
      if (riskMetBy(x, ruleset, roleHolderInstances(x, a.holder), risk, options)) out.push(a);
    }
  }
  return out;
}
