/**
 * fast-check arbitraries for random multi-system landscapes (rule 18), built on arbitraries.ts:
 * 2–3 systems analysed together (ERP, CRM, SRM; the SIDs left out and HR are named by the
 * ruleset but not analysed), one ruleset, and a user mapping.
 *
 * Corners hit often: the same BNAME in several systems (one person) and BNAMEs renamed in one
 * system (another person unless the map joins them); users locked, expired or not yet valid in
 * one system and not in another (each system draws its users' UFLAG and validity on its own);
 * a user map that renames users to persons, joins renamed users to their name in another
 * system, and names users or SIDs that do not exist; actions and permission lines bound to no
 * system, to an analysed SID, to a SID that is not analysed, and actions listed once per system
 * with their own ACTIVE; org-level risks whose functions are met in different systems. Every
 * system is seeded from the whole ruleset (all actions, whatever their SYSTEM), so a function
 * bound to another system would often be met if the SYSTEM filter were ignored. Up to three
 * planted conflicts hand the functions of one risk to one user, alternating between two systems
 * (the same one sometimes), so that cross-system findings and org-level risks met only across
 * systems are frequent.
 *
 * Not generated (readings the contract leaves open, see READINGS.md 48–56): two BNAMEs of one
 * system mapped to one person, two map rows for one (SYSTEM, BNAME), an action listed with an
 * empty SYSTEM and again with a SID, padded or lower-case SIDs.
 */
import fc from 'fast-check';
import type { Date8, SystemExtract } from '../../engine/model/index.ts';
import {
  extractArb,
  LANDSCAPE_DATE,
  orgFieldsArb,
  orgRowsArb,
  REF_USER,
  rulesetArb,
  schemaArb,
  tcodeChecksArb,
  USERS,
  type Schema,
} from './arbitraries.ts';
import type { CrossLandscape, CrossRuleFunction, CrossRuleset, UserMapRow } from './reference-cross-system.ts';

export const SIDS = ['ERP', 'CRM', 'SRM'] as const;
/** A SID the ruleset names and no landscape analyses. */
export const NOT_ANALYSED = 'HR';
const BOUND = [...SIDS, NOT_ANALYSED];

/** How an action's SYSTEM is drawn: any system, one SID, or one row per SID (GRC's connectors). */
const actionBindingArb: fc.Arbitrary<string[]> = fc.oneof(
  { weight: 4, arbitrary: fc.constant<string[]>(['']) },
  { weight: 3, arbitrary: fc.constantFrom(...BOUND).map((s) => [s]) },
  { weight: 2, arbitrary: fc.uniqueArray(fc.constantFrom(...BOUND), { minLength: 2, maxLength: 3 }) },
);
const lineBindingArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 5, arbitrary: fc.constant('') },
  { weight: 3, arbitrary: fc.constantFrom(...BOUND) },
);

/** Binds a function's actions and lines to systems; a row listed per system draws its own ACTIVE. */
function bindFunction(fn: CrossRuleFunction): fc.Arbitrary<CrossRuleFunction> {
  return fc
    .record({
      actions: fc.tuple(...fn.actions.map((a) => actionBindingArb.chain((sids) => fc.tuple(...sids.map((system, i) => (i === 0 ? fc.constant(a.active) : fc.boolean()).map((active) => ({ action: a.action, active, system }))))))),
      lines: fc.tuple(...fn.permissions.map(() => lineBindingArb)),
    })
    .map(({ actions, lines }) => ({ ...fn, actions: actions.flat(), permissions: fn.permissions.map((p, i) => ({ ...p, system: lines[i] })) }));
}

export function crossRulesetArb(schema: Schema): fc.Arbitrary<CrossRuleset> {
  // About one risk in three is org-level (orgFieldsArb alone makes most of them so, which would
  // leave few risks that may be met across systems).
  const orgArb = fc.oneof({ weight: 2, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: orgFieldsArb });
  return rulesetArb(schema)
    .chain((r) => fc.tuple(...r.risks.map(() => orgArb)).map((org) => ({ ...r, risks: r.risks.map((k, i) => (org[i] === undefined ? k : { ...k, orgFields: org[i] })) })))
    .chain((r) => fc.tuple(...r.functions.map(bindFunction)).map((functions) => ({ risks: r.risks, functions })));
}

/** Renames a user in every table of an extract that names users (USR02, AGR_USERS, UST04, USREFUS). */
function renameUsers(x: SystemExtract, names: ReadonlyMap<string, string>): SystemExtract {
  const n = (b: string): string => names.get(b) ?? b;
  return {
    ...x,
    users: x.users.map((u) => ({ ...u, bname: n(u.bname) })),
    roleAssignments: x.roleAssignments.map((a) => ({ ...a, user: n(a.user) })),
    userProfiles: x.userProfiles.map((p) => ({ ...p, user: n(p.user) })),
    referenceUsers: x.referenceUsers.map((r) => ({ user: n(r.user), referenceUser: n(r.referenceUser) })),
  };
}

/**
 * One system's extract: extractArb seeded from the whole ruleset (SYSTEM ignored), org rows on
 * top, its own TSTCA, and in systems after the first some users renamed (`U3` → `C3` in CRM).
 */
function systemArb(sid: string, first: boolean, schema: Schema, ruleset: CrossRuleset): fc.Arbitrary<SystemExtract> {
  const plain = { risks: ruleset.risks, functions: ruleset.functions.map((f) => ({ ...f, actions: dedupe(f.actions) })) };
  return tcodeChecksArb(schema)
    .chain((checks) => extractArb(schema, plain, checks))
    .chain(orgRowsArb)
    // Users in random extracts hold most roles, so they would meet the same functions in every
    // system; each system keeps only some of its assignments (and the plants add their own),
    // which makes functions met in one system and not in another frequent.
    .chain((x) => fc.subarray(x.roleAssignments, { maxLength: Math.min(4, x.roleAssignments.length) }).map((roleAssignments) => ({ ...x, roleAssignments })))
    .chain((x) =>
      (first ? fc.constant([] as string[]) : fc.subarray([...USERS], { maxLength: 2 })).map((renamed) =>
        renameUsers(x, new Map(renamed.map((u) => [u, `${sid[0]}${u.slice(1)}`]))),
      ),
    );
}

/** An action listed once per system is one action to seed. */
function dedupe<T extends { action: string }>(actions: readonly T[]): T[] {
  return actions.filter((a, i) => actions.findIndex((b) => b.action === a.action) === i);
}

/**
 * The user map: rows that join a renamed user to its name elsewhere or to a new person, rows
 * for users that do not exist in that system, and rows for a SID that is not analysed. Rows
 * that would give two users of one system the same person are dropped (not generated).
 */
function userMapArb(systems: ReadonlyArray<{ sid: string; extract: SystemExtract }>): fc.Arbitrary<UserMapRow[]> {
  const names = [...new Set(systems.flatMap((s) => s.extract.users.map((u) => u.bname))), 'UZ'];
  const row = fc.record({
    system: fc.constantFrom(...systems.map((s) => s.sid), ...systems.map((s) => s.sid), NOT_ANALYSED),
    bname: fc.constantFrom(...names),
    person: fc.constantFrom<string>(...USERS, REF_USER, 'P1', 'P2', 'PX'),
  });
  return fc.uniqueArray(row, { maxLength: 6, selector: (r) => `${r.system}|${r.bname}` }).map((rows) => {
    const kept: UserMapRow[] = [];
    for (const r of rows) {
      const s = systems.find((x) => x.sid === r.system);
      if (s) {
        const mapped = [...kept, r];
        const persons = s.extract.users.map((u) => mapped.find((m) => m.system === s.sid && m.bname === u.bname)?.person ?? u.bname);
        if (new Set(persons).size < persons.length) continue;
      }
      kept.push(r);
    }
    return kept;
  });
}

/** A planted conflict: the functions of one risk handed to one user (by its name in each system), alternating between two systems. */
interface Plant {
  risk: number;
  user: string;
  first: number;
  /** The second system is the first one in about one plant in five (then a single user may meet it all). */
  same: boolean;
  action: number;
}

const plantArb: fc.Arbitrary<Plant> = fc.record({
  risk: fc.nat(4),
  user: fc.constantFrom<string>(...USERS),
  first: fc.nat(2),
  same: fc.integer({ min: 0, max: 4 }).map((n) => n === 0),
  action: fc.nat(5),
});

/**
 * The rows that meet function `fn` in system `sid` often (not always: AND and NOT lines, TSTCA
 * values and other systems' lines are not solved): one of its actions that counts there in
 * S_TCODE, the VALUEs of that action's TSTCA check, and the LOW/HIGH of its lines there, one
 * instance per (ACTION, OBJECT); org-level risks get the org value 1000 on every such instance,
 * so the org values agree across systems.
 */
function plantRows(x: SystemExtract, fn: CrossRuleFunction, sid: string, role: string, pick: number, org: readonly string[]): SystemExtract['roleAuthorisations'] {
  const counts = (system?: string): boolean => (system ?? '') === '' || system === sid;
  const actions = fn.actions.filter((a) => a.active && counts(a.system));
  const action = actions.length === 0 ? null : actions[pick % actions.length].action;
  const rows: SystemExtract['roleAuthorisations'] = [];
  const row = (object: string, auth: string, field: string, low: string, high = ''): void => {
    rows.push({ role, object, auth, field, low, high, deleted: false });
  };
  if (action !== null) {
    row('S_TCODE', 'PT', 'TCD', action);
    for (const c of x.tcodeChecks.filter((t) => t.tcode === action)) row(c.object, 'PC', c.field, c.value);
  }
  // NOT lines are left out (their value would defeat them); a function-wide line (empty
  // ACTION) joins the action's group, so it goes into the same instance.
  const lines = fn.permissions.filter(
    (l) => l.active && l.field !== '' && l.operator !== 'NOT' && counts(l.system) && (action === null || l.action === action || l.action === ''),
  );
  const group = (l: { action: string; object: string }): string => `${action ?? l.action}|${l.object}`;
  const groups = [...new Set(lines.map(group))];
  groups.forEach((g, i) => {
    const of = lines.filter((l) => group(l) === g);
    for (const l of of) row(l.object, `PG${i}`, l.field, l.low, l.high);
    for (const f of org) row(of[0].object, `PG${i}`, f.trim(), '1000');
  });
  return rows;
}

/** Adds each plant's roles and assignments (valid on D) to the systems. */
function planted(systems: Array<{ sid: string; extract: SystemExtract }>, ruleset: CrossRuleset, plants: readonly Plant[]): Array<{ sid: string; extract: SystemExtract }> {
  const out = systems.map((s) => ({ sid: s.sid, extract: { ...s.extract, roleAuthorisations: [...s.extract.roleAuthorisations], roleAssignments: [...s.extract.roleAssignments] } }));
  plants.forEach((p, k) => {
    // Conflicts need an active risk of two functions or more; others are met without help.
    const sod = ruleset.risks.filter((r) => r.active && r.functionIds.length > 1);
    if (sod.length === 0) return;
    const risk = sod[p.risk % sod.length];
    const at = [p.first % out.length, (p.first + (p.same ? 0 : 1)) % out.length];
    risk.functionIds.forEach((id, i) => {
      const fn = ruleset.functions.find((f) => f.id === id);
      // A function bound to other systems only cannot be planted there: the next system is tried.
      const fits = (sid: string): boolean => !fn || !fn.actions.some((a) => a.active) || fn.actions.some((a) => a.active && ((a.system ?? '') === '' || a.system === sid));
      const tries = [0, 1, 2].map((d) => out[(at[i % 2] + d) % out.length]);
      const s = tries.find((t) => fits(t.sid)) ?? tries[0];
      // The user's name in that system (renamed in some systems: U3 → C3).
      const bname = [p.user, `${s.sid[0]}${p.user.slice(1)}`].find((b) => s.extract.users.some((u) => u.bname === b));
      if (!fn || !bname) return;
      const role = `RP${k}${i}`;
      s.extract.roleAuthorisations.push(...plantRows(s.extract, fn, s.sid, role, p.action, risk.orgFields ?? []));
      s.extract.roleAssignments.push({ role, user: bname, from: null, to: null });
    });
  });
  return out;
}

export const crossLandscapeArb: fc.Arbitrary<CrossLandscape> = fc
  .record({ schema: schemaArb, sids: fc.shuffledSubarray([...SIDS], { minLength: 2, maxLength: 3 }) })
  .chain(({ schema, sids }) => crossRulesetArb(schema).map((ruleset) => ({ schema, sids, ruleset })))
  .chain(({ schema, sids, ruleset }) =>
    fc
      .record({
        systems: fc.tuple(...sids.map((sid, i) => systemArb(sid, i === 0, schema, ruleset).map((extract) => ({ sid, extract })))),
        plants: fc.array(plantArb, { minLength: 1, maxLength: 3 }),
      })
      .map(({ systems, plants }) => planted(systems, ruleset, plants))
      .chain((systems) => userMapArb(systems).map((userMap) => ({ systems, ruleset, userMap }))),
  );

export interface CrossOptions {
  date: Date8;
  level: 'action' | 'permission';
  mode: 'same-instance' | 'union';
  includeLocked: boolean;
  includeExpired: boolean;
}

export const crossOptionsArb: fc.Arbitrary<CrossOptions> = fc.record({
  date: fc.constant(LANDSCAPE_DATE),
  level: fc.constantFrom('action' as const, 'permission' as const, 'permission' as const),
  mode: fc.constantFrom('same-instance' as const, 'union' as const),
  includeLocked: fc.boolean(),
  includeExpired: fc.boolean(),
});
