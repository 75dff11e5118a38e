/**
 * fast-check arbitraries for small random landscapes (extract + ruleset) that hit the tricky
 * corners of the analysis contract often: a tiny value alphabet with blanks, `' '`, `*`,
 * prefixes, ranges (also empty and open-ended ones), values split across instances and roles,
 * composite roles with cycles, `$VAR` rows with and without AGR_1252, DELETED rows, manual
 * profiles with UST10C cycles, generated profiles in UST04, reference users (existing and
 * missing), locked / expired / not-yet-valid users, assignments around D, TSTCA checks, and
 * rulesets with OR/AND/NOT lines, inactive lines/actions/risks and functions without actions.
 *
 * Deliberately NOT generated (the contract is silent, or the engine and the reference read it
 * differently and a hand-written test pins it instead; see tests/reference/READINGS.md): users
 * with GLTGV > GLTGB, a profile that has both UST10C and UST10S rows, generated profiles reached
 * as sub-profiles, HIGH = `' '`, a row or rule LOW that starts with `*` but is not `*` together
 * with a HIGH, rule ranges spanning everything (''..`*`), rule lines with an empty LOW or a LOW
 * `*` with a HIGH, TSTCA VALUEs with `*` or two TSTCA rows for one field, duplicate action names
 * inside a function, duplicate USR02 names, several USREFUS rows per user.
 */
import fc from 'fast-check';
import type {
  AnalysisOptions,
  Date8,
  PermissionLine,
  PermissionOperator,
  Risk,
  RiskLevel,
  RiskType,
  RuleFunction,
  Ruleset,
  SystemExtract,
} from '../../engine/model/index.ts';
import { emptyTables } from './fixture.ts';

export const LANDSCAPE_DATE: Date8 = 20260615;
const DATES: Array<Date8 | null> = [null, null, 20260614, 20260615, 20260616];

export const ROLES = ['R1', 'R2', 'R3', 'R4'] as const;
export const USERS = ['U1', 'U2', 'U3', 'U4'] as const;
/** A type-L reference user that exists in USR02. */
export const REF_USER = 'UR';
export const TCODES = ['T1', 'T2', 'T3'] as const;

export type Schema = Array<{ object: string; fields: string[] }>;

/** 1–3 objects with 1–3 fields each (S_TCODE/TCD is always there in addition). */
export const schemaArb: fc.Arbitrary<Schema> = fc
  .uniqueArray(fc.constantFrom('OA', 'OB', 'OC'), { minLength: 1, maxLength: 3 })
  .chain((objects) =>
    fc.tuple(
      ...objects.map((object) =>
        fc
          .uniqueArray(fc.constantFrom('F1', 'F2', 'F3'), { minLength: 1, maxLength: 3 })
          .map((fields) => ({ object, fields })),
      ),
    ),
  );

type Pair = { low: string; high: string };
const single = (low: string): Pair => ({ low, high: '' });
const pair = (low: string, high: string): Pair => ({ low, high });

/** Value rows held by instances (AGR_1251, AGR_1252, UST12). */
export const valueRowArb: fc.Arbitrary<Pair> = fc.oneof(
  {
    weight: 7,
    arbitrary: fc.constantFrom('A', 'AB', 'B', 'C', '', "' '", ' ', '*', 'A*', ' A ', 'AB*X', 'a').map(single),
  },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      pair('A', 'B'),
      pair('AB', 'C*'),
      pair('', 'B'),
      pair("' '", 'A'),
      pair('*', 'B'),
      pair('B', 'A'),
      pair('A*', 'B'),
      pair('A', 'B*Z'),
      pair('B', '*'),
      pair('AC', 'AZ'),
    ),
  },
);

/** S_TCODE/TCD value rows. */
export const tcodeRowArb: fc.Arbitrary<Pair> = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom('T1', 'T2', 'T3', 'T1', 'T2').map(single) },
  { weight: 3, arbitrary: fc.constantFrom('T*', '*', "' '", 'T2*').map(single) },
  { weight: 2, arbitrary: fc.constantFrom(pair('T1', 'T2'), pair('T2', 'T*'), pair('T3', 'T1')) },
);

/** Rule patterns of FUNCTION_PERMISSIONS lines. */
export const rulePatternArb: fc.Arbitrary<Pair> = fc.oneof(
  { weight: 7, arbitrary: fc.constantFrom('A', 'AB', 'B', 'C', "' '", ' B ').map(single) },
  { weight: 3, arbitrary: fc.constantFrom('*', 'A*', 'B*', 'AB*').map(single) },
  {
    weight: 3,
    arbitrary: fc.constantFrom(pair('A', 'B'), pair('AB', 'C*'), pair('B', 'C'), pair('C', 'D'), pair("' '", 'A')),
  },
);

const operatorArb: fc.Arbitrary<PermissionOperator> = fc.oneof(
  { weight: 7, arbitrary: fc.constant('OR' as const) },
  { weight: 2, arbitrary: fc.constant('AND' as const) },
  { weight: 1, arbitrary: fc.constant('NOT' as const) },
);

/** true with probability p (roughly). */
const chance = (p: number): fc.Arbitrary<boolean> =>
  fc.integer({ min: 0, max: 99 }).map((n) => n < Math.round(p * 100));

/** (object, field, value) of an instance row, drawn from the schema or S_TCODE/TCD. */
function fieldRowArb(schema: Schema): fc.Arbitrary<{ object: string; field: string; low: string; high: string }> {
  const tcodeRow = tcodeRowArb.map((v) => ({ object: 'S_TCODE', field: 'TCD', ...v }));
  const objectRow = fc
    .constantFrom(...schema)
    .chain((o) => fc.record({ object: fc.constant(o.object), field: fc.constantFrom(...o.fields) }))
    .chain((of) => valueRowArb.map((v) => ({ ...of, ...v })));
  return fc.oneof({ weight: 3, arbitrary: tcodeRow }, { weight: 5, arbitrary: objectRow });
}

function roleRowsArb(schema: Schema): fc.Arbitrary<SystemExtract['roleAuthorisations']> {
  type Body = { object: string; rows: Array<{ field: string; v: Pair; org: string | null; deleted: boolean }> };
  const orgArb: fc.Arbitrary<string | null> = fc.oneof(
    { weight: 5, arbitrary: fc.constant(null) },
    { weight: 2, arbitrary: fc.constantFrom('$V1', '$V2', ' $V1') },
  );
  // An instance of a schema object with 1–3 rows (several per field possible).
  const objectInstance: fc.Arbitrary<Body> = fc.constantFrom(...schema).chain((o) =>
    fc.record({
      object: fc.constant(o.object),
      rows: fc.array(
        fc.record({ field: fc.constantFrom(...o.fields), v: valueRowArb, org: orgArb, deleted: chance(0.1) }),
        { minLength: 1, maxLength: 3 },
      ),
    }),
  );
  const tcodeInstance: fc.Arbitrary<Body> = fc.record({
    object: fc.constant('S_TCODE'),
    rows: fc.array(
      fc.record({
        field: fc.constant('TCD'),
        v: tcodeRowArb,
        org: fc.constant<string | null>(null),
        deleted: chance(0.1),
      }),
      { minLength: 1, maxLength: 2 },
    ),
  });
  const instance = fc.record({
    role: fc.constantFrom(...ROLES),
    auth: fc.constantFrom('I1', 'I2', 'I3'),
    body: fc.oneof({ weight: 2, arbitrary: tcodeInstance }, { weight: 3, arbitrary: objectInstance }),
  });
  return fc.array(instance, { maxLength: 10 }).map((list) =>
    list.flatMap(({ role, auth, body }) =>
      body.rows.map((r) => ({
        role,
        object: body.object,
        auth,
        field: r.field,
        // An org-level row keeps its HIGH, which must be ignored.
        low: r.org ?? r.v.low,
        high: r.v.high,
        deleted: r.deleted,
      })),
    ),
  );
}

function profileInstancesArb(schema: Schema): fc.Arbitrary<{
  ust10s: SystemExtract['profileAuthorisations'];
  ust12: SystemExtract['authorisationValues'];
}> {
  const instance = fc.record({
    profile: fc.constantFrom('PS1', 'PS2', 'PG1'),
    rows: fc.array(fieldRowArb(schema), { maxLength: 3 }),
  });
  return fc.array(instance, { maxLength: 5 }).map((list) => {
    const ust10s: SystemExtract['profileAuthorisations'] = [];
    const ust12: SystemExtract['authorisationValues'] = [];
    list.forEach((inst, n) => {
      // One instance = one object; the rows of other objects are moved onto the first row's object.
      const object = inst.rows[0]?.object ?? schema[0].object;
      const auth = `U${n + 1}`;
      ust10s.push({ profile: inst.profile, object, auth });
      for (const r of inst.rows) {
        if (r.object !== object) continue;
        ust12.push({ object, auth, field: r.field, low: r.low, high: r.high });
      }
    });
    return { ust10s, ust12 };
  });
}

const dateArb = fc.constantFrom(...DATES);

const userArb = (bname: string, ustyp: string): fc.Arbitrary<SystemExtract['users'][number]> =>
  fc
    .record({
      uflag: fc.constantFrom(0, 0, 0, 0, 64, 1, 192),
      from: fc.constantFrom<Date8 | null>(null, null, null, 20260614, 20260615, 20260616),
      to: fc.constantFrom<Date8 | null>(null, null, null, 20260614, 20260615, 20260616),
    })
    .map(({ uflag, from, to }) => ({
      bname,
      ustyp,
      uflag,
      validFrom: from,
      // GLTGV > GLTGB is not generated.
      validTo: from !== null && to !== null && to < from ? null : to,
      lastLogon: null,
      userGroup: '',
      codvn: 'H',
      pwdState: 0,
      createdOn: null,
    }));

type TcodeChecks = SystemExtract['tcodeChecks'];

/**
 * TSTCA: for up to two tcodes, a start check on one object with a VALUE (possibly blank, so
 * unchecked) for some of its fields; one row per field.
 */
export function tcodeChecksArb(schema: Schema): fc.Arbitrary<TcodeChecks> {
  const check = fc
    .record({ tcode: fc.constantFrom(...TCODES), o: fc.constantFrom(...schema) })
    .chain(({ tcode, o }) =>
      fc
        .uniqueArray(fc.constantFrom(...o.fields), { minLength: 1, maxLength: 3 })
        .chain((fields) =>
          fc.tuple(
            ...fields.map((field) =>
              fc
                .constantFrom('A', 'B', 'AB', 'A', '', "' '")
                .map((value) => ({ tcode, object: o.object, field, value })),
            ),
          ),
        ),
    );
  return fc
    .uniqueArray(check, { maxLength: 2, selector: (rows) => `${rows[0].tcode}|${rows[0].object}` })
    .map((checks) => checks.flat());
}

interface SeedInstance {
  target: { kind: 'role' | 'profile'; name: string };
  object: string;
  auth: string;
  rows: Array<{ field: string; low: string; high: string }>;
}

/**
 * Instances seeded from the ruleset, so that functions are met often and the values one check
 * needs often end up split across instances, roles and profiles (what tells same-instance from
 * union). A seed is a "kit" for one function: one of its actions in S_TCODE (rarely left out),
 * the VALUEs of that action's TSTCA check, and the LOW/HIGH of the permission lines listed for
 * that action, copied per (ACTION, OBJECT) group into one instance ("whole") or spread over two
 * instances of two holders, possibly the same ("split"). Holders are roles or single profiles.
 */
function seedsArb(ruleset: Ruleset, checks: TcodeChecks): fc.Arbitrary<SeedInstance[]> {
  const holder = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...ROLES).map((name) => ({ kind: 'role' as const, name })) },
    { weight: 1, arbitrary: fc.constantFrom('PS1', 'PS2').map((name) => ({ kind: 'profile' as const, name })) },
  );
  const seed = fc.record({
    split: chance(0.6),
    withTcode: chance(0.9),
    first: holder,
    second: holder,
    fn: fc.nat(ruleset.functions.length - 1),
    pick: fc.nat(20),
  });
  return fc.array(seed, { maxLength: 7 }).map((seeds) =>
    seeds.flatMap(({ split, withTcode, first, second, fn, pick }, k): SeedInstance[] => {
      const out: SeedInstance[] = [];
      const f = ruleset.functions[fn];
      const action = f.actions.length > 0 ? f.actions[pick % f.actions.length].action : null;
      const put = (
        n: number,
        object: string,
        auth: string,
        row: { field: string; low: string; high: string },
      ): void => {
        const target = split && n % 2 === 1 ? second : first;
        const a = `K${k}${auth}${split && n % 2 === 1 ? 'X' : ''}`;
        let inst = out.find((i) => i.target === target && i.object === object && i.auth === a);
        if (!inst) {
          inst = { target, object, auth: a, rows: [] };
          out.push(inst);
        }
        inst.rows.push(row);
      };
      if (action !== null && withTcode) put(0, 'S_TCODE', 'T', { field: 'TCD', low: action, high: '' });
      if (action !== null) {
        checks
          .filter((c) => c.tcode === action)
          .forEach((c, n) => put(n, c.object, 'C', { field: c.field, low: c.value, high: '' }));
      }
      const lines = f.permissions.filter((l) => l.field !== '' && (action === null || l.action === action || l.action === ''));
      const groups = [...new Set(lines.map((l) => `${l.action}|${l.object}`))];
      groups.forEach((g, gi) => {
        lines
          .filter((l) => `${l.action}|${l.object}` === g)
          .forEach((l, n) => put(n, l.object, `G${gi}`, { field: l.field, low: l.low, high: l.high }));
      });
      return out;
    }),
  );
}

export function extractArb(schema: Schema, ruleset: Ruleset, checks: TcodeChecks): fc.Arbitrary<SystemExtract> {
  const assignee = fc.constantFrom<string>(...USERS, REF_USER, 'UX');
  return fc
    .record({
      users: fc.tuple(...USERS.map((u) => userArb(u, 'A')), userArb(REF_USER, 'L')),
      roleAuthorisations: roleRowsArb(schema),
      seeds: seedsArb(ruleset, checks),
      compositeRoles: fc.array(fc.record({ role: fc.constantFrom(...ROLES), child: fc.constantFrom(...ROLES) }), {
        maxLength: 4,
      }),
      orgLevelValues: fc.array(
        fc
          .record({ role: fc.constantFrom(...ROLES), variable: fc.constantFrom('$V1', '$V2'), v: valueRowArb })
          .map(({ role, variable, v }) => ({ role, variable, low: v.low, high: v.high })),
        { maxLength: 4 },
      ),
      roleAssignments: fc.array(
        fc.record({ role: fc.constantFrom(...ROLES), user: assignee, from: dateArb, to: dateArb }),
        { minLength: 1, maxLength: 9 },
      ),
      roleDefinitions: fc.array(
        fc.record({ role: fc.constantFrom(...ROLES, 'R6'), parent: fc.constantFrom('', '', 'R1', 'R2') }),
        { maxLength: 2 },
      ),
      profiles: profileInstancesArb(schema),
      subProfiles: fc.array(
        fc.record({ profile: fc.constantFrom('PM1', 'PM2'), subProfile: fc.constantFrom('PM1', 'PM2', 'PS1', 'PS2') }),
        { maxLength: 4 },
      ),
      userProfiles: fc.array(
        fc.record({ user: assignee, profile: fc.constantFrom('PM1', 'PM2', 'PS1', 'PS2', 'PG1') }),
        { maxLength: 5 },
      ),
      referenceUsers: fc.uniqueArray(
        fc.record({
          user: fc.constantFrom(...USERS),
          // UX has role assignments and profiles but is not in USR02: a missing reference user.
          referenceUser: fc.constantFrom(REF_USER, REF_USER, 'U1', 'U2', 'UX'),
        }),
        { maxLength: 3, selector: (r) => r.user },
      ),
    })
    .map((g) => {
      const x = emptyTables();
      x.users = [...g.users];
      x.roleAuthorisations = [...g.roleAuthorisations];
      x.profileAuthorisations = [...g.profiles.ust10s];
      x.authorisationValues = [...g.profiles.ust12];
      for (const s of g.seeds) {
        if (s.target.kind === 'role') {
          for (const r of s.rows) {
            x.roleAuthorisations.push({ role: s.target.name, object: s.object, auth: s.auth, ...r, deleted: false });
          }
        } else {
          x.profileAuthorisations.push({ profile: s.target.name, object: s.object, auth: s.auth });
          for (const r of s.rows) x.authorisationValues.push({ object: s.object, auth: s.auth, ...r });
        }
      }
      x.compositeRoles = g.compositeRoles;
      x.orgLevelValues = g.orgLevelValues;
      x.roleAssignments = g.roleAssignments;
      x.roleDefinitions = g.roleDefinitions;
      // R1's generated profile PG1 shows up in UST04 and has UST10S/UST12 rows: it must be ignored.
      x.roleProfiles = [{ role: 'R1', profile: 'PG1' }];
      x.subProfiles = g.subProfiles;
      x.userProfiles = g.userProfiles;
      x.referenceUsers = g.referenceUsers.filter((r) => r.user !== r.referenceUser);
      x.tcodeChecks = checks;
      return x;
    });
}

const FUNCTION_IDS = ['FN1', 'FN2', 'FN3', 'FN4'] as const;

function functionArb(id: string, schema: Schema): fc.Arbitrary<RuleFunction> {
  const actionsArb = fc.oneof(
    { weight: 1, arbitrary: fc.constant([] as string[]) },
    { weight: 4, arbitrary: fc.uniqueArray(fc.constantFrom(...TCODES), { minLength: 1, maxLength: 2 }) },
  );
  return actionsArb.chain((actionNames) =>
    fc
      .record({
        actions: fc.tuple(...actionNames.map((action) => chance(0.8).map((active) => ({ action, active })))),
        groups: fc.array(groupArb(actionNames.length > 0 ? actionNames : [...TCODES], schema), { maxLength: 2 }),
      })
      .map(({ actions, groups }) => ({
        id,
        description: id,
        businessProcess: 'BP',
        actions: [...actions],
        permissions: groups.flat(),
      })),
  );
}

/**
 * The lines of one (ACTION, OBJECT) permission: one or more of the object's fields (rarely the
 * empty FIELD), each with one line or, sometimes, two.
 */
function groupArb(actions: readonly string[], schema: Schema): fc.Arbitrary<PermissionLine[]> {
  const line = (action: string, object: string, field: string): fc.Arbitrary<PermissionLine> =>
    fc
      .record({ pattern: rulePatternArb, operator: operatorArb, active: chance(0.87) })
      .map((l) => ({
        action,
        object,
        field,
        low: l.pattern.low,
        high: l.pattern.high,
        operator: l.operator,
        active: l.active,
      }));
  return fc
    .record({
      // Amended rule 8: an empty ACTION is function-wide; an action the function lacks is not evaluated.
      action: fc.oneof(
        { weight: 6, arbitrary: fc.constantFrom(...actions) },
        { weight: 2, arbitrary: fc.constant('') },
        { weight: 1, arbitrary: fc.constant('ZNOTINFN') },
      ),
      o: fc.constantFrom(...schema),
      emptyField: chance(0.08),
    })
    .chain(({ action, o, emptyField }) =>
      fc
        .uniqueArray(fc.constantFrom(...o.fields), { minLength: 1, maxLength: 3 })
        .chain((fields) =>
          fc.tuple(
            ...[...fields, ...(emptyField ? [''] : [])].map((field) =>
              fc.oneof(
                { weight: 3, arbitrary: line(action, o.object, field).map((l) => [l]) },
                { weight: 1, arbitrary: fc.tuple(line(action, o.object, field), line(action, o.object, field)) },
              ),
            ),
          ),
        )
        .map((perField) => perField.flat()),
    );
}

const riskTypeArb = fc.constantFrom<RiskType>('SOD', 'CRITICAL_ACTION', 'CRITICAL_PERMISSION');
const riskLevelArb = fc.constantFrom<RiskLevel>('CRITICAL', 'HIGH', 'MEDIUM', 'LOW');

function riskArb(id: string): fc.Arbitrary<Risk> {
  const ids = fc.oneof(
    { weight: 5, arbitrary: fc.uniqueArray(fc.constantFrom<string>(...FUNCTION_IDS), { minLength: 1, maxLength: 1 }) },
    { weight: 4, arbitrary: fc.uniqueArray(fc.constantFrom<string>(...FUNCTION_IDS), { minLength: 2, maxLength: 2 }) },
    { weight: 1, arbitrary: fc.uniqueArray(fc.constantFrom<string>(...FUNCTION_IDS), { minLength: 3, maxLength: 3 }) },
    { weight: 1, arbitrary: fc.constantFrom<string[]>([], ['FN1', 'FNX']) },
  );
  return fc
    .record({ type: riskTypeArb, level: riskLevelArb, active: chance(0.88), functionIds: ids })
    .map((r) => ({ id, description: id, businessProcess: 'BP', ...r }));
}

export function rulesetArb(schema: Schema): fc.Arbitrary<Ruleset> {
  return fc
    .record({
      functions: fc.tuple(...FUNCTION_IDS.map((id) => functionArb(id, schema))),
      risks: fc.tuple(riskArb('RK1'), riskArb('RK2'), riskArb('RK3'), riskArb('RK4'), riskArb('RK5')),
    })
    .map(({ functions, risks }) => ({ functions: [...functions], risks: [...risks] }));
}

export interface Landscape {
  extract: SystemExtract;
  ruleset: Ruleset;
  /** Risks deactivated by the customer (AnalysisOptions.deactivatedRiskIds). */
  deactivatedRiskIds: string[];
}

export const landscapeArb: fc.Arbitrary<Landscape> = schemaArb
  .chain((schema) =>
    fc.record({ schema: fc.constant(schema), ruleset: rulesetArb(schema), checks: tcodeChecksArb(schema) }),
  )
  .chain(({ schema, ruleset, checks }) =>
    fc.record({
      extract: extractArb(schema, ruleset, checks),
      ruleset: fc.constant(ruleset),
      deactivatedRiskIds: fc.oneof(
        { weight: 5, arbitrary: fc.constant([] as string[]) },
        { weight: 1, arbitrary: fc.subarray(['RK1', 'RK2', 'RK3', 'RK4', 'RK5'], { maxLength: 2 }) },
      ),
    }),
  );

/** Every combination of level × mode × includeLocked × includeExpired (16). */
export function allOptionCombinations(base: Partial<AnalysisOptions> = {}): AnalysisOptions[] {
  const out: AnalysisOptions[] = [];
  for (const level of ['action', 'permission'] as const)
    for (const mode of ['same-instance', 'union'] as const)
      for (const includeLocked of [false, true])
        for (const includeExpired of [false, true])
          out.push({ date: LANDSCAPE_DATE, level, mode, includeLocked, includeExpired, ...base });
  return out;
}

/**
 * Org fields for a risk (DESIGN 5.15): none, one field, two joint fields, or a field no object
 * has (then every instance is unconstrained).
 */
export const orgFieldsArb: fc.Arbitrary<string[] | undefined> = fc.oneof(
  { weight: 2, arbitrary: fc.constant(undefined) },
  { weight: 3, arbitrary: fc.constantFrom<string[]>(['F1'], ['F2'], [' F1 ']) },
  { weight: 2, arbitrary: fc.constantFrom<string[]>(['F1', 'F2'], ['F2', 'F3']) },
  { weight: 1, arbitrary: fc.constantFrom<string[]>(['F9'], ['F1', 'F9']) },
);

/** Values of org fields added on top of the generated rows: plain, prefix, ranges, blank, a variable. */
const orgValueArb: fc.Arbitrary<Pair> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('1000', '2000', '1000', '2000', '3000', '1*', '*', "' '", '$V3').map(single) },
  { weight: 2, arbitrary: fc.constantFrom(pair('1000', '1999'), pair('2000', '2*'), pair('1500', '3000')) },
);

/**
 * Rows of org fields added to an extract's instances (outside S_TCODE), with values that differ
 * between instances, so that one org value across every function is a real question. Most
 * instances get an org row or two; some keep none (not constrained). `$V3` resolves through
 * AGR_1252 for some roles only.
 */
export function orgRowsArb(x: SystemExtract): fc.Arbitrary<SystemExtract> {
  const roleInstances = [...new Set(x.roleAuthorisations.filter((r) => r.object !== 'S_TCODE').map((r) => JSON.stringify([r.role, r.object, r.auth])))];
  const profileInstances = [...new Set(x.profileAuthorisations.filter((r) => r.object !== 'S_TCODE').map((r) => JSON.stringify([r.object, r.auth])))];
  const extra = (list: string[]): fc.Arbitrary<Array<{ at: string; field: string; v: Pair }>> =>
    fc
      .tuple(
        ...list.map((at) =>
          fc.array(fc.record({ at: fc.constant(at), field: fc.constantFrom('F1', 'F2', 'F1'), v: orgValueArb }), { maxLength: 2 }),
        ),
      )
      .map((rows) => rows.flat());
  return fc
    .record({
      roleRows: extra(roleInstances),
      profileRows: extra(profileInstances),
      variables: fc.array(
        fc.record({ role: fc.constantFrom(...ROLES), v: fc.constantFrom(single('1000'), single('2000'), pair('1000', '2999'), single('1*')) }),
        { maxLength: 3 },
      ),
    })
    .map(({ roleRows, profileRows, variables }) => ({
      ...x,
      roleAuthorisations: [
        ...x.roleAuthorisations,
        ...roleRows.map(({ at, field, v }) => {
          const [role, object, auth] = JSON.parse(at) as string[];
          return { role, object, auth, field, low: v.low, high: v.high, deleted: false };
        }),
      ],
      authorisationValues: [
        ...x.authorisationValues,
        ...profileRows.map(({ at, field, v }) => {
          const [object, auth] = JSON.parse(at) as string[];
          return { object, auth, field, low: v.low.startsWith('$') ? '1000' : v.low, high: v.high };
        }),
      ],
      orgLevelValues: [...x.orgLevelValues, ...variables.map(({ role, v }) => ({ role, variable: '$V3', low: v.low, high: v.high }))],
    }));
}

/** The ruleset with org fields (orgFieldsArb) drawn for each risk. */
export function orgRisksArb<R extends Pick<Ruleset, 'risks'>>(ruleset: R): fc.Arbitrary<R> {
  return fc
    .tuple(...ruleset.risks.map(() => orgFieldsArb))
    .map((fields) => ({ ...ruleset, risks: ruleset.risks.map((r, i) => (fields[i] === undefined ? r : { ...r, orgFields: fields[i] })) }));
}

/** Landscapes whose risks are often org-level and whose instances often carry org-field rows (orgRowsArb). */
export const orgLandscapeArb: fc.Arbitrary<Landscape> = landscapeArb.chain((l) =>
  fc.record({ extract: orgRowsArb(l.extract), ruleset: orgRisksArb(l.ruleset) }).map(({ extract, ruleset }) => ({ ...l, extract, ruleset })),
);
