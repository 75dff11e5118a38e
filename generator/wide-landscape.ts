import type { PermissionLine, Risk, RuleFunction, Ruleset } from '../engine/model/ruleset.ts';
import { EXTRACT_TABLE_NAMES, type ExtractTableName } from '../server/importers/extract-tables.ts';
import { CsvWriter } from './csv-writer.ts';
import { randomFor, type Random } from './random.ts';

/**
 * The shape knobs of a "wide" landscape (issue 30, `segra generate --size LW`): the shape a
 * customer's L has, unlike the generated S–XL whose roles all follow one rule and role design.
 * Wide single roles (up to `maxTcodes` transactions and `maxObjects` objects), objects no rule
 * names (`noiseObjects`), nested composites, reference users, and a ruleset of `risks` risks over
 * functions that many roles grant, so that most users meet most risks through several roles.
 */
export interface WideSpec {
  users: number;
  /** Single and composite roles together. */
  roles: number;
  composites: number;
  /** Composites that hold other composites (one level of nesting). */
  nestedComposites: number;
  referenceUsers: number;
  /** Share of users that point to a reference user (USREFUS). */
  referenceShare: number;
  /** Share of users locked, and share expired on the analysis date: out of scope. */
  lockedShare: number;
  expiredShare: number;
  companyCodes: number;
  minTcodes: number;
  maxTcodes: number;
  minObjects: number;
  maxObjects: number;
  /** Objects that roles carry and no rule names. */
  noiseObjects: number;
  /** Functions of the ruleset, and the chance that a single role grants one of them. */
  functions: number;
  functionShare: number;
  risks: number;
  /** Every this-many-th SoD risk is org-level on BUKRS (DESIGN 5.15). */
  orgRiskEvery: number;
  /** Manually assigned profiles (UST04 → UST10S → UST12) granting ruleset functions. */
  manualProfiles: number;
}

/**
 * LW, "L, wide": 50,000 users (~84 % in scope), 13,500 roles of which 1,500 composites (200
 * nested), ~4 M AGR_1251 rows, 40 risks (SoD, critical action, critical permission, some org-level),
 * about a million findings with several sources each. Measured in
 * docs/decisions/2026-11-27-wide-shape-profile.md.
 */
export const WIDE_SPEC: WideSpec = {
  users: 50_000,
  roles: 13_500,
  composites: 1_500,
  nestedComposites: 200,
  referenceUsers: 60,
  referenceShare: 0.2,
  lockedShare: 0.08,
  expiredShare: 0.08,
  companyCodes: 40,
  minTcodes: 40,
  maxTcodes: 150,
  minObjects: 20,
  maxObjects: 90,
  noiseObjects: 400,
  functions: 30,
  functionShare: 0.18,
  risks: 40,
  orgRiskEvery: 4,
  manualProfiles: 5,
};

/** The wide spec at `scale` (0 < scale ≤ 1): counts of users and roles scaled, each role's width kept. */
export function scaledWideSpec(scale: number, base: WideSpec = WIDE_SPEC): WideSpec {
  if (!(scale > 0 && scale <= 1)) throw new Error(`wide landscape scale must be in (0, 1], got ${scale}`);
  const s = (n: number, min: number): number => Math.max(min, Math.round(n * scale));
  const composites = s(base.composites, 4);
  return {
    ...base,
    users: s(base.users, 50),
    roles: Math.max(composites + 20, s(base.roles, 24)),
    composites,
    nestedComposites: Math.min(composites - 2, s(base.nestedComposites, 1)),
    referenceUsers: s(base.referenceUsers, 2),
  };
}

const MANDT = '100';
const ANALYSIS_DATE = 20260630;
const ACTIVITIES = ['01', '02', '03', '06', '08', '10', '16', '43', '70', '85'];
/** Rule objects, each with its org field (or none). */
const RULE_OBJECTS: [string, string][] = [
  ['F_BKPF_BUK', 'BUKRS'], ['F_LFA1_BUK', 'BUKRS'], ['F_KNA1_BUK', 'BUKRS'], ['F_REGU_BUK', 'BUKRS'],
  ['F_BKPF_KOA', ''], ['F_LFA1_APP', ''], ['F_KNA1_APP', ''], ['F_BNKA_MAN', ''], ['F_SKA1_BUK', 'BUKRS'],
  ['F_FEBB_BUK', 'BUKRS'], ['F_PAYR_BUK', 'BUKRS'], ['F_BKPF_BLA', ''], ['M_BEST_BSA', ''], ['M_BEST_EKO', 'EKORG'],
  ['M_BEST_WRK', 'WERKS'], ['M_RECH_WRK', 'WERKS'], ['M_MSEG_BWA', ''], ['M_MSEG_WMB', 'WERKS'], ['M_BANF_WRK', 'WERKS'],
  ['M_EINF_EKO', 'EKORG'], ['V_VBAK_VKO', 'VKORG'], ['V_VBAK_AAT', ''], ['V_VBRK_VKO', 'VKORG'], ['V_KONH_VKO', 'VKORG'],
  ['V_LIKP_VST', 'VSTEL'], ['K_CSKS', 'KOKRS'], ['K_CCA', 'KOKRS'], ['P_ORGIN', 'PERSA'], ['P_PERNR', ''], ['S_TABU_DIS', ''],
  ['S_DEVELOP', ''], ['S_USER_GRP', ''], ['S_USER_AGR', ''], ['S_PROGRAM', ''], ['S_BTCH_ADM', ''], ['S_RFC', ''],
  ['C_AFKO_AWK', 'WERKS'], ['Q_MATERIAL', ''], ['B_USERSTAT', ''], ['E_ACCOUNT', 'BUKRS'],
];
const ORG_VARIABLE: Record<string, string> = {
  BUKRS: '$BUKRS', EKORG: '$EKORG', WERKS: '$WERKS', VKORG: '$VKORG', VSTEL: '$VSTEL', KOKRS: '$KOKRS', PERSA: '$PERSA',
};
const B36 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const pad = (n: number, width: number): string => String(n).padStart(width, '0');
/** Short role names: the customer's SOURCES cell averages 66 characters over 4.7 paths. */
const base36 = (n: number, width: number): string => n.toString(36).toUpperCase().padStart(width, '0');

interface WideFunction {
  fn: RuleFunction;
  /** Per action: objects checked, each with the activity the rule asks. */
  checks: Map<string, [object: string, activity: string][]>;
}

/** The functions and risks of the wide ruleset; deterministic for the seed. */
function wideRuleset(spec: WideSpec, rng: Random): { ruleset: Ruleset; functions: WideFunction[] } {
  const functions: WideFunction[] = [];
  const criticalPermissionFns = Math.max(1, Math.round(spec.functions * 0.15));
  for (let i = 0; i < spec.functions; i++) {
    const id = `FN_W${pad(i + 1, 3)}`;
    const permissionOnly = i >= spec.functions - criticalPermissionFns;
    const actions = permissionOnly ? [] : Array.from({ length: rng.between(1, 3) }, (_, k) => `ZW${pad(i + 1, 2)}${B36[k + 10]}`);
    const checks = new Map<string, [string, string][]>();
    const permissions: PermissionLine[] = [];
    for (const action of permissionOnly ? [''] : actions) {
      const list: [string, string][] = rng
        .sample(RULE_OBJECTS, rng.between(1, 3))
        .map(([object]) => [object, rng.pick(ACTIVITIES)]);
      checks.set(action, list);
      for (const [object, activity] of list) {
        permissions.push({ action, object, field: 'ACTVT', low: activity, high: '', operator: 'OR', active: true });
      }
    }
    functions.push({
      fn: {
        id,
        description: `Wide function ${i + 1}`,
        businessProcess: ['P2P', 'O2C', 'R2R', 'H2R', 'BASIS'][i % 5],
        actions: actions.map((action) => ({ action, active: true })),
        permissions,
      },
      checks,
    });
  }
  const withActions = functions.filter((f) => f.fn.actions.length > 0);
  const permissionOnly = functions.filter((f) => f.fn.actions.length === 0);
  const risks: Risk[] = [];
  const critical = Math.round(spec.risks * 0.2);
  const criticalPermission = Math.min(permissionOnly.length, Math.round(spec.risks * 0.1));
  const sod = spec.risks - critical - criticalPermission;
  const level = (): Risk['level'] => rng.pick(['CRITICAL', 'HIGH', 'MEDIUM', 'LOW'] as const);
  const risk = (id: string, description: string, type: Risk['type'], fns: WideFunction[], orgFields?: string[]): Risk => ({
    id,
    description,
    type,
    level: level(),
    businessProcess: fns[0].fn.businessProcess,
    active: true,
    functionIds: fns.map((f) => f.fn.id),
    ...(orgFields ? { orgFields } : {}),
  });
  const seen = new Set<string>();
  for (let i = 0; i < sod; i++) {
    let a: WideFunction;
    let b: WideFunction;
    do {
      [a, b] = rng.sample(withActions, 2);
    } while (seen.has(`${a.fn.id}|${b.fn.id}`) || seen.has(`${b.fn.id}|${a.fn.id}`));
    seen.add(`${a.fn.id}|${b.fn.id}`);
    // Every `orgRiskEvery`-th SoD risk is org-level on BUKRS: met only within one company code.
    const org = i % spec.orgRiskEvery === spec.orgRiskEvery - 1 ? ['BUKRS'] : undefined;
    risks.push(risk(`WSOD${pad(i + 1, 3)}`, `${a.fn.description} and ${b.fn.description}`, 'SOD', [a, b], org));
  }
  for (let i = 0; i < critical; i++) {
    const f = withActions[i % withActions.length];
    risks.push(risk(`WCA${pad(i + 1, 3)}`, `Critical: ${f.fn.description}`, 'CRITICAL_ACTION', [f]));
  }
  for (let i = 0; i < criticalPermission; i++) {
    const f = permissionOnly[i];
    risks.push(risk(`WCP${pad(i + 1, 3)}`, `Critical permission: ${f.fn.description}`, 'CRITICAL_PERMISSION', [f]));
  }
  return { ruleset: { risks, functions: functions.map((f) => f.fn) }, functions };
}

/** One authorisation instance: field → value rows (LOW only). */
type Instance = { object: string; fields: Map<string, string[]> };

function companyCode(i: number): string {
  return String(1000 + i * 10);
}

/** A single role's instances: granted functions' objects, unrelated rule objects and noise objects. */
function singleRoleContent(
  spec: WideSpec,
  functions: WideFunction[],
  noiseObjects: string[],
  noiseTcodes: string[],
  rng: Random,
  orgValue: (field: string) => string,
): { tcodes: string[]; instances: Instance[] } {
  const tcodes = new Set<string>();
  const byObject = new Map<string, Instance>();
  const instance = (object: string, org: string): Instance => {
    let inst = byObject.get(object);
    if (!inst) {
      inst = { object, fields: new Map([['ACTVT', []]]) };
      if (org) inst.fields.set(org, [orgValue(org)]);
      byObject.set(object, inst);
    }
    return inst;
  };
  const orgOf = new Map(RULE_OBJECTS);
  for (const f of functions) {
    if (!rng.chance(spec.functionShare)) continue;
    for (const [action, checks] of f.checks) {
      if (action) tcodes.add(action);
      for (const [object, activity] of checks) {
        const acts = instance(object, orgOf.get(object)!).fields.get('ACTVT')!;
        if (!acts.includes(activity)) acts.push(activity);
      }
    }
  }
  // Transactions of functions not granted, without their objects: checked, not met.
  for (const f of functions) if (f.fn.actions.length > 0 && rng.chance(spec.functionShare / 2)) tcodes.add(f.fn.actions[0].action);
  const tcodeTarget = rng.between(spec.minTcodes, spec.maxTcodes);
  for (const t of rng.sample(noiseTcodes, Math.max(0, tcodeTarget - tcodes.size))) tcodes.add(t);
  const objectTarget = rng.between(spec.minObjects, spec.maxObjects);
  // Rule objects with display activities only, then objects no rule names.
  for (const [object, org] of rng.sample(RULE_OBJECTS, rng.between(0, 8))) {
    if (byObject.size >= objectTarget) break;
    const acts = instance(object, org).fields.get('ACTVT')!;
    if (acts.length === 0) acts.push('03');
  }
  for (const object of rng.sample(noiseObjects, Math.max(0, objectTarget - byObject.size))) {
    const fields = new Map<string, string[]>();
    fields.set('ACTVT', rng.sample(ACTIVITIES, rng.between(1, 3)));
    for (let k = 0; k < rng.between(1, 2); k++) fields.set(`ZFLD${k + 1}`, Array.from({ length: rng.between(1, 3) }, () => `V${rng.int(500)}`));
    byObject.set(object, { object, fields });
  }
  return { tcodes: [...tcodes].sort(), instances: [...byObject.values()] };
}

export interface WideLandscapeResult {
  users: number;
  roles: number;
  agr1251Rows: number;
  files: string[];
  ruleset: Ruleset;
}

/**
 * Writes a wide landscape (the extract of DESIGN 4.1 and its ruleset) for a seed. The ruleset is
 * returned for the caller to write in the multi-file form.
 */
export async function writeWideLandscape(
  spec: WideSpec,
  seed: number,
  writers: Record<ExtractTableName, CsvWriter>,
  fixed: { components: string[][]; clients: string[][] },
  report: (done: number, total: number) => void,
): Promise<WideLandscapeResult> {
  const { ruleset, functions } = wideRuleset(spec, randomFor(seed, 'wide-rules'));
  const rng = randomFor(seed, 'wide-roles');
  const noiseObjects = Array.from({ length: spec.noiseObjects }, (_, i) => `Z_W${pad(i + 1, 4)}`);
  const noiseTcodes = Array.from({ length: 3000 }, (_, i) => `ZT${pad(i + 1, 5)}`);
  const codes = Array.from({ length: spec.companyCodes }, (_, i) => companyCode(i));
  const w = writers;
  const total = spec.roles + spec.users;

  // Single roles, each bound to one company code; 30 % keep `$VARBL` in AGR_1251 (values in AGR_1252).
  const singles = spec.roles - spec.composites;
  const singlesByCc = new Map<string, string[]>(codes.map((c) => [c, []]));
  const tcodesUsed = new Set<string>();
  for (let r = 0; r < singles; r++) {
    const cc = codes[r % codes.length];
    const name = `ZS${base36(r + 1, 4)}`;
    const placeholders = rng.chance(0.3);
    const orgValue = (field: string): string => (placeholders ? ORG_VARIABLE[field] : field === 'KOKRS' ? `C${cc[0]}00` : cc);
    const content = singleRoleContent(spec, functions, noiseObjects, noiseTcodes, rng, orgValue);
    const profile = `T-W${pad(r + 1, 7)}`;
    w.AGR_DEFINE.row([MANDT, name, '']);
    w.AGR_TEXTS.row([MANDT, name, `Wide single role ${r + 1} - company code ${cc}`]);
    w.AGR_1016.row([MANDT, name, profile]);
    let n = 0;
    const auth = (): string => `${profile}${B36[Math.floor(n / 36) % 36]}${B36[n++ % 36]}`;
    const tcodeAuth = auth();
    for (const t of content.tcodes) {
      tcodesUsed.add(t);
      w.AGR_1251.rawLine(`${MANDT},${name},S_TCODE,${tcodeAuth},TCD,${t},,`);
    }
    const vars = new Set<string>();
    for (const inst of content.instances) {
      const a = auth();
      for (const [field, values] of inst.fields) {
        for (const v of values) {
          if (v.startsWith('$')) vars.add(v);
          w.AGR_1251.rawLine(`${MANDT},${name},${inst.object},${a},${field},${v},,`);
        }
      }
    }
    for (const v of [...vars].sort()) w.AGR_1252.row([MANDT, name, v, v === '$KOKRS' ? `C${cc[0]}00` : cc, '']);
    singlesByCc.get(cc)!.push(name);
    if (r % 100 === 0) report(r, total);
    await w.AGR_1251.maybeFlush();
  }

  // Composites of one company code; the nested ones also hold two plain composites.
  const compositesByCc = new Map<string, string[]>(codes.map((c) => [c, []]));
  const plain = spec.composites - spec.nestedComposites;
  for (let c = 0; c < spec.composites; c++) {
    const cc = codes[c % codes.length];
    const nested = c >= plain;
    const name = `${nested ? 'ZN' : 'ZC'}${base36(c + 1, 3)}`;
    const children = rng.sample(singlesByCc.get(cc)!, nested ? rng.between(1, 3) : rng.between(3, 6));
    if (nested) {
      // Plain composites of its company code; at a small scale there may be none: any then.
      const own = compositesByCc.get(cc)!.filter((n) => n.startsWith('ZC'));
      const pool = own.length >= 2 ? own : [...compositesByCc.values()].flat().filter((n) => n.startsWith('ZC'));
      children.push(...rng.sample(pool, 2));
    }
    w.AGR_DEFINE.row([MANDT, name, '']);
    w.AGR_TEXTS.row([MANDT, name, `Wide ${nested ? 'nested ' : ''}composite role ${c + 1} - company code ${cc}`]);
    for (const child of children) w.AGR_AGRS.row([MANDT, name, child]);
    compositesByCc.get(cc)!.push(name);
  }

  // Manual profiles granting a few functions each (profile-level findings).
  const profileNames: string[] = [];
  for (let p = 0; p < spec.manualProfiles; p++) {
    const profile = `ZW_PROF${pad(p + 1, 2)}`;
    profileNames.push(profile);
    const single = `${profile}_S`;
    w.UST10C.row([MANDT, profile, single, 'A']);
    const auths: string[] = [];
    for (const f of rng.sample(functions, 6)) {
      for (const [action, checks] of f.checks) {
        if (action) auths.push(`S_TCODE|TCD|${action}`);
        for (const [object, activity] of checks) auths.push(`${object}|ACTVT|${activity}`);
      }
    }
    let n = 0;
    for (const a of auths) {
      const [object, field, value] = a.split('|');
      const auth = `ZW${pad(p + 1, 2)}${pad(n++, 4)}`;
      w.UST10S.row([MANDT, single, object, auth, 'A']);
      w.UST12.row([MANDT, object, auth, field, value, '', 'A']);
    }
  }

  // Reference users: a few roles each, any company code.
  const refUsers: string[] = [];
  const date = (d: number): string => String(d);
  const allComposites = [...compositesByCc.values()].flat();
  for (let i = 0; i < spec.referenceUsers; i++) {
    const name = `REF_W${pad(i + 1, 3)}`;
    refUsers.push(name);
    w.USER_ADDR.row([MANDT, name, '', `Reference user ${i + 1}`, `Reference user ${i + 1}`, '', '']);
    w.USR02.row([MANDT, name, 'L', '0', '00000000', '00000000', '00000000', 'REF', 'H', '0', '20200101']);
    const cc = rng.pick(codes);
    for (const role of [...rng.sample(singlesByCc.get(cc)!, rng.between(2, 4)), rng.pick(allComposites)]) {
      w.AGR_USERS.row([MANDT, role, name, '20200101', '99991231']);
    }
  }

  // Dialog users: one composite and a few singles of their company code, some foreign.
  for (let u = 0; u < spec.users; u++) {
    const name = `WU${pad(u + 1, 6)}`;
    const cc = rng.pick(codes);
    const locked = rng.chance(spec.lockedShare);
    const expired = rng.chance(spec.expiredShare);
    const validTo = expired ? date(ANALYSIS_DATE - 10000) : '99991231';
    w.USR02.row([MANDT, name, 'A', locked ? '64' : '0', '20200101', validTo, '20260601', '', 'H', '0', '20200101']);
    w.USER_ADDR.row([MANDT, name, '', `User ${u + 1}`, `User ${u + 1}`, '', '']);
    const roles = new Set<string>();
    roles.add(rng.pick(compositesByCc.get(cc)!));
    for (let k = rng.between(1, 3); k > 0; k--) roles.add(rng.pick(singlesByCc.get(rng.chance(0.8) ? cc : rng.pick(codes))!));
    for (const role of roles) w.AGR_USERS.row([MANDT, role, name, '20200101', '99991231']);
    if (rng.chance(spec.referenceShare)) w.USREFUS.row([MANDT, name, rng.pick(refUsers)]);
    if (u % 1000 === 7) w.UST04.row([MANDT, name, rng.pick(profileNames)]);
    if (u % 1000 === 0) report(spec.roles + u, total);
  }

  for (const t of [...tcodesUsed].sort()) w.TSTCT.row([t, `Transaction ${t}`]);
  for (const c of fixed.components) w.CVERS.row(c);
  for (const c of fixed.clients) w.T000.row(c);
  for (const t of EXTRACT_TABLE_NAMES) await w[t].close();
  report(total, total);
  return {
    users: spec.users + spec.referenceUsers,
    roles: spec.roles,
    agr1251Rows: w.AGR_1251.rows,
    files: EXTRACT_TABLE_NAMES.map((t) => w[t].path),
    ruleset,
  };
}

export const WIDE_SIZES = ['LW'] as const;
