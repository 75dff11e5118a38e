import type { RuleFunction, Ruleset } from '../engine/model/ruleset.ts';
import type { CsvWriter } from './csv-writer.ts';
import { csvField } from './csv-writer.ts';
import type { Random } from './random.ts';
import type { AuthValue, RoleTemplate } from './role-templates.ts';
import {
  addInstance,
  everythingContent,
  functionInstances,
  literalInstance,
  rowCount,
  value,
  type RoleContent,
} from './authorisations.ts';
import { addNoise, addStartChecks, addTcode, deactivateSome, type NoisePools, type OrgResolver } from './noise.ts';
import { derivedName, globalName, masterName, type RolePlan, type SizeSpec, type StandaloneRole } from './plan.ts';
import { DISPLAY_TCODES } from './sap-catalogue.ts';

export interface RoleWriters {
  define: CsvWriter;
  texts: CsvWriter;
  profiles: CsvWriter;
  authorisations: CsvWriter;
  orgLevels: CsvWriter;
  composites: CsvWriter;
}

export interface WrittenRoles {
  /** Single role → its generated profile (AGR_1016). */
  profileOf: Map<string, string>;
  /** Composite role → its single roles (AGR_AGRS). */
  children: Map<string, string[]>;
  /** Every plain transaction code the roles grant (for TSTCT). */
  tcodes: Set<string>;
  roleCount: number;
}

const MANDT = '100';

/** A role's content before noise, from its template (ruleset functions + literal values). */
function buildCore(
  t: RoleTemplate,
  fnById: Map<string, RuleFunction>,
  ruleset: Ruleset,
  pools: NoisePools,
  rng: Random,
): RoleContent {
  if (t.everything) return everythingContent(ruleset);
  const content: RoleContent = { tcodes: [], instances: [] };
  const merge = rng.chance(0.7);
  for (const use of t.uses) {
    const fn = fnById.get(use.fn);
    if (!fn) throw new Error(`role template ${t.key}: unknown function ${use.fn}`);
    const built = functionInstances(fn, use, rng);
    for (const tc of built.tcodes) addTcode(content, tc);
    for (const inst of built.instances) addInstance(content.instances, inst, merge);
  }
  for (const tc of t.tcodes ?? []) {
    if (typeof tc === 'string') addTcode(content, tc);
    else content.tcodes.push(value(tc.low, tc.high));
  }
  for (const spec of t.instances ?? []) content.instances.push(literalInstance(spec));
  addStartChecks(content, pools, rng);
  return content;
}

function resolveAll(content: RoleContent, resolver: (variable: string) => AuthValue[]): void {
  for (const inst of content.instances) {
    for (const f of inst.fields) {
      if (!f.values.some((v) => v.low.startsWith('$'))) continue;
      const seen = new Set<string>();
      f.values = f.values
        .flatMap((v) => (v.low.startsWith('$') ? resolver(v.low) : [v]))
        .filter((v) => {
          const k = `${v.low}\u0000${v.high}`;
          if (seen.has(k)) return false;
          seen.add(k);
          return true;
        });
    }
  }
}

function orgVariables(content: RoleContent): string[] {
  const vars = new Set<string>();
  for (const inst of content.instances)
    for (const f of inst.fields) for (const v of f.values) if (v.low.startsWith('$')) vars.add(v.low);
  return [...vars].sort();
}

const B36 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const authSuffix = (i: number): string => B36[Math.floor(i / 36) % 36] + B36[i % 36];

/**
 * Writes a role's AGR_1251 rows. `org` resolves `$VARBL` values (derived roles whose
 * authorisations carry the org values); null keeps the placeholders (resolved through AGR_1252).
 */
function writeAuthorisations(
  w: CsvWriter,
  role: string,
  profile: string,
  content: RoleContent,
  org: Map<string, AuthValue[]> | null,
): void {
  let n = 0;
  const tcodes = [...content.tcodes].sort((a, b) => (a.low < b.low ? -1 : a.low > b.low ? 1 : 0));
  let prefix = `${MANDT},${role},S_TCODE,${profile}${authSuffix(n++)},TCD,`;
  for (const t of tcodes) w.rawLine(`${prefix}${csvField(t.low)},${csvField(t.high)},`);
  for (const inst of content.instances) {
    prefix = `${MANDT},${role},${inst.object},${profile}${authSuffix(n++)},`;
    const del = inst.deleted ? 'X' : '';
    for (const f of inst.fields) {
      for (const v of f.values) {
        const resolved = org && v.low.startsWith('$') ? org.get(v.low) : undefined;
        if (resolved) {
          for (const r of resolved) w.rawLine(`${prefix}${f.field},${csvField(r.low)},${csvField(r.high)},${del}`);
        } else {
          w.rawLine(`${prefix}${f.field},${csvField(v.low)},${csvField(v.high)},${del}`);
        }
      }
    }
  }
}

function collectTcodes(content: RoleContent, into: Set<string>): void {
  for (const t of content.tcodes) if (t.high === '' && !t.low.includes('*')) into.add(t.low);
}

function newProfileName(rng: Random, used: Set<string>): string {
  for (;;) {
    let s = 'T-';
    for (let i = 0; i < 8; i++) s += B36[rng.int(36)];
    if (!used.has(s)) {
      used.add(s);
      return s;
    }
  }
}

/** Builds and writes every role: AGR_DEFINE, AGR_TEXTS, AGR_1016, AGR_1251, AGR_1252, AGR_AGRS. */
export async function writeRoles(
  plan: RolePlan,
  spec: SizeSpec,
  ruleset: Ruleset,
  pools: NoisePools,
  rng: Random,
  w: RoleWriters,
  progress: (done: number) => void,
): Promise<WrittenRoles> {
  const fnById = new Map(ruleset.functions.map((f) => [f.id, f]));
  const profileOf = new Map<string, string>();
  const usedProfiles = new Set<string>();
  const tcodes = new Set<string>();
  let roleCount = 0;
  const star = (): AuthValue[] => [value('*')];

  // 1. Core content of every template, then one noise level so the total meets the target.
  const templates = [...plan.orgTemplates, ...plan.globalTemplates];
  const cores = new Map<string, RoleContent>();
  let fixedRows = 0;
  let noiseWeight = 0;
  for (const t of templates) {
    const core = buildCore(t, fnById, ruleset, pools, rng);
    cores.set(t.key, core);
    const copies = t.org ? 1 + plan.derived.get(t.key)!.length : 1;
    fixedRows += copies * rowCount(core);
    noiseWeight += copies * t.noise;
  }
  const standaloneCore = 25;
  fixedRows += plan.standalone.length * standaloneCore;
  noiseWeight += plan.standalone.length;
  const base = Math.max(40, (spec.roleRows - fixedRows) / noiseWeight);
  for (const t of templates) {
    const content = cores.get(t.key)!;
    const target = rowCount(content) + base * t.noise * (0.7 + rng.next() * 0.6);
    if (!t.everything) {
      const core = content.instances.length;
      addNoise(content, t.module, target, pools, rng, t.org ? null : star);
      deactivateSome(content, rng, 0.02, core);
    }
    if (!t.org) resolveAll(content, star);
    collectTcodes(content, tcodes);
  }

  const single = async (
    name: string,
    parent: string,
    text: string,
    content: RoleContent,
    org: Map<string, AuthValue[]> | null,
  ): Promise<void> => {
    const profile = newProfileName(rng, usedProfiles);
    profileOf.set(name, profile);
    w.define.row([MANDT, name, parent]);
    w.texts.row([MANDT, name, text]);
    w.profiles.row([MANDT, name, profile]);
    writeAuthorisations(w.authorisations, name, profile, content, org);
    roleCount++;
    if (roleCount % 50 === 0) progress(roleCount);
    await w.authorisations.maybeFlush();
  };

  // 2. Imparting roles and their derived roles per company code.
  const ccByCode = new Map(plan.companyCodes.map((c) => [c.code, c]));
  let withoutOrgValues = 0;
  for (const t of plan.orgTemplates) {
    const content = cores.get(t.key)!;
    const master = masterName(t);
    const vars = orgVariables(content);
    await single(master, '', `${t.text} (imparting role)`, content, null);
    for (const code of plan.derived.get(t.key)!) {
      const cc = ccByCode.get(code)!;
      const name = derivedName(t, code);
      // Most derived roles carry the org values in AGR_1251; the others keep `$VARBL` there.
      const placeholders = rng.chance(0.3);
      await single(name, master, `${t.text} - company code ${code}`, content, placeholders ? null : cc.org);
      // A few roles whose org level was never maintained (yellow in PFCG): no AGR_1252 row.
      const skip =
        placeholders && vars.length > 0 && (rng.chance(0.02) || withoutOrgValues === 0) ? rng.pick(vars) : '';
      if (skip) withoutOrgValues++;
      for (const variable of vars) {
        if (variable === skip) continue;
        for (const v of cc.org.get(variable) ?? []) w.orgLevels.row([MANDT, name, variable, v.low, v.high]);
      }
    }
  }

  // 3. Roles without derivation.
  for (const t of plan.globalTemplates) {
    await single(globalName(t), '', t.text, cores.get(t.key)!, null);
  }

  // 4. Reporting and legacy roles, built and written one at a time.
  for (const s of plan.standalone) {
    const content = standaloneContent(s, plan, fnById, ruleset, pools, rng, base);
    collectTcodes(content, tcodes);
    await single(s.name, '', s.text, content, null);
  }

  // 5. Composite roles: a header, a text and their children, no authorisations of their own.
  const children = new Map<string, string[]>();
  for (const c of plan.composites) {
    w.define.row([MANDT, c.name, '']);
    w.texts.row([MANDT, c.name, c.text]);
    for (const child of c.children) w.composites.row([MANDT, c.name, child]);
    children.set(c.name, c.children);
    roleCount++;
  }
  progress(roleCount);
  return { profileOf, children, tcodes, roleCount };
}

function standaloneContent(
  s: StandaloneRole,
  plan: RolePlan,
  fnById: Map<string, RuleFunction>,
  ruleset: Ruleset,
  pools: NoisePools,
  rng: Random,
  base: number,
): RoleContent {
  let content: RoleContent;
  let resolver: OrgResolver;
  if (s.kind === 'legacy' && s.template) {
    content = buildCore(s.template, fnById, ruleset, pools, rng);
    resolver = () => [value('*')];
  } else {
    content = { tcodes: [], instances: [] };
    for (const c of rng.sample(pools.customTcodes[s.module], rng.between(3, 12))) addTcode(content, c.tcode);
    for (const t of rng.sample(DISPLAY_TCODES[s.module], rng.between(3, 10))) addTcode(content, t);
    // A few reporting roles open SA38 for every report: "execute any report".
    if (rng.chance(0.04)) {
      addTcode(content, 'SA38');
      content.instances.push(
        literalInstance({ object: 'S_PROGRAM', fields: { P_ACTION: ['SUBMIT', 'BTCSUBMIT'], P_GROUP: '*' } }),
      );
    }
    addStartChecks(content, pools, rng);
    // Reporting roles cover a handful of company codes, or all of them.
    const codes = rng.chance(0.4) ? null : rng.sample(plan.companyCodes, rng.between(1, 4));
    resolver = (variable) => {
      if (!codes) return [value('*')];
      const out: AuthValue[] = [];
      for (const cc of codes) for (const v of cc.org.get(variable) ?? [value('*')]) out.push(v);
      return out;
    };
  }
  const core = content.instances.length;
  addNoise(content, s.module, rowCount(content) + base * (0.5 + rng.next()), pools, rng, resolver);
  resolveAll(content, resolver);
  deactivateSome(content, rng, 0.02, core);
  return content;
}
