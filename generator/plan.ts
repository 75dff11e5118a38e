import type { Random } from './random.ts';
import { PERSONAS, type Persona } from './personas.ts';
import { ROLE_TEMPLATES, type AuthValue, type RoleTemplate } from './role-templates.ts';
import { CUSTOM_REPORT_SUBJECTS } from './sap-catalogue.ts';

export type LandscapeSize = 'S' | 'M' | 'L' | 'XL';

export interface SizeSpec {
  users: number;
  roles: number;
  /** Target AGR_1251 row count. */
  roleRows: number;
  /** Custom report transactions per module. */
  customTcodes: number;
}

export const SIZES: Record<LandscapeSize, SizeSpec> = {
  S: { users: 500, roles: 150, roleRows: 62_000, customTcodes: 40 },
  M: { users: 5_000, roles: 1_200, roleRows: 500_000, customTcodes: 120 },
  L: { users: 50_000, roles: 12_000, roleRows: 5_000_000, customTcodes: 250 },
  XL: { users: 200_000, roles: 30_000, roleRows: 12_500_000, customTcodes: 400 },
};

export interface CompanyCode {
  code: string;
  /** Values of each org-level variable in this company code (AGR_1252). */
  org: Map<string, AuthValue[]>;
}

export interface CompositeRole {
  name: string;
  text: string;
  persona: string;
  cc: string;
  children: string[];
}

export interface StandaloneRole {
  name: string;
  text: string;
  kind: 'report' | 'legacy';
  module: RoleTemplate['module'];
  /** For legacy roles: the template whose business content it copies, for all company codes. */
  template?: RoleTemplate;
}

export interface RolePlan {
  companyCodes: CompanyCode[];
  orgTemplates: RoleTemplate[];
  globalTemplates: RoleTemplate[];
  /** For each org template, the company codes it is derived for. */
  derived: Map<string, string[]>;
  standalone: StandaloneRole[];
  composites: CompositeRole[];
  /** Composite per `persona|cc`. */
  compositeByPersonaCc: Map<string, string>;
  reportRolesByModule: Map<string, string[]>;
  legacyRoles: string[];
}

export const masterName = (t: RoleTemplate): string => `Z_${t.key}`;
export const derivedName = (t: RoleTemplate, cc: string): string => `Z_${t.key}_${cc}`;
export const globalName = (t: RoleTemplate): string => `Z_${t.key}`;

const v = (low: string, high = ''): AuthValue => ({ low, high });

function companyCode(index: number, rng: Random): CompanyCode {
  const n = 1000 + index * 10;
  const code = String(n);
  const plants = rng.between(1, 3);
  const org = new Map<string, AuthValue[]>();
  org.set('$BUKRS', [v(code)]);
  org.set(
    '$WERKS',
    plants === 3 && rng.chance(0.5)
      ? [v(code, String(n + 2))]
      : Array.from({ length: plants }, (_, i) => v(String(n + i))),
  );
  org.set('$EKORG', [v(code)]);
  org.set('$VKORG', [v(code)]);
  org.set('$VTWEG', rng.chance(0.6) ? [v('10'), v('20')] : [v('10')]);
  org.set('$SPART', [v('00')]);
  org.set('$VSTEL', [v(code)]);
  org.set('$KOKRS', [v(`C${code[0]}00`)]);
  org.set('$PERSA', [v(code)]);
  org.set('$GSBER', [v('*')]);
  return { code, org };
}

function slug(text: string): string {
  return text
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '_')
    .replace(/^_|_$/g, '');
}

/** Decides every role of the landscape: names, derivations, composites. */
export function planRoles(spec: SizeSpec, rng: Random): RolePlan {
  const orgTemplates = ROLE_TEMPLATES.filter((t) => t.org);
  const globalTemplates = ROLE_TEMPLATES.filter((t) => !t.org);
  const composites = Math.round(spec.roles * 0.1);
  const minStandalone = Math.round(spec.roles * 0.07);
  const derivedTarget = Math.max(
    orgTemplates.length,
    spec.roles - composites - minStandalone - orgTemplates.length - globalTemplates.length,
  );
  const ccCount = Math.max(2, Math.ceil(derivedTarget / orgTemplates.length));
  const companyCodes = Array.from({ length: ccCount }, (_, i) => companyCode(i, rng));

  // Every template in the first company code; later ones in random order until the target.
  const derived = new Map<string, string[]>(orgTemplates.map((t) => [t.key, []]));
  let count = 0;
  for (const [i, cc] of companyCodes.entries()) {
    const order = i === 0 ? orgTemplates : rng.sample(orgTemplates, orgTemplates.length);
    for (const t of order) {
      if (i > 0 && count >= derivedTarget) break;
      derived.get(t.key)!.push(cc.code);
      count++;
    }
  }

  const standaloneCount = Math.max(
    minStandalone,
    spec.roles - composites - orgTemplates.length - count - globalTemplates.length,
  );
  const standalone: StandaloneRole[] = [];
  const reportRolesByModule = new Map<string, string[]>();
  const legacyRoles: string[] = [];
  const names = new Set<string>();
  const legacyCandidates = rng.sample(orgTemplates, orgTemplates.length);
  for (let i = 0; i < standaloneCount; i++) {
    if (i % 12 === 5 && legacyCandidates.length > 0) {
      const t = legacyCandidates.pop()!;
      const name = `Z_${t.key}_ALL`;
      standalone.push({
        name,
        text: `${t.text} - all company codes (legacy)`,
        kind: 'legacy',
        module: t.module,
        template: t,
      });
      legacyRoles.push(name);
      continue;
    }
    const module = rng.weighted<RoleTemplate['module']>([
      ['FI', 4],
      ['MM', 3],
      ['SD', 3],
      ['CO', 2],
      ['HR', 1],
      ['BC', 1],
    ]);
    const subject = rng.pick(CUSTOM_REPORT_SUBJECTS[module]);
    let name = '';
    for (let n = 1; ; n++) {
      name = `Z_${module}_RPT_${slug(subject)}`.slice(0, 26) + `_${String(n).padStart(2, '0')}`;
      if (!names.has(name)) break;
    }
    names.add(name);
    standalone.push({ name, text: `${subject} reporting (${module})`, kind: 'report', module });
    const list = reportRolesByModule.get(module) ?? [];
    list.push(name);
    reportRolesByModule.set(module, list);
  }

  const { list: compositeList, byPersonaCc } = planComposites(composites, companyCodes, derived, rng);
  return {
    companyCodes,
    orgTemplates,
    globalTemplates,
    derived,
    standalone,
    composites: compositeList,
    compositeByPersonaCc: byPersonaCc,
    reportRolesByModule,
    legacyRoles,
  };
}

const templateByKey = new Map(ROLE_TEMPLATES.map((t) => [t.key, t]));
export const template = (key: string): RoleTemplate => templateByKey.get(key)!;

/** The single role a user of company code `cc` gets for a template (falls back to the first cc). */
export function roleFor(key: string, cc: string, derived: Map<string, string[]>): string {
  const t = template(key);
  if (!t.org) return globalName(t);
  const ccs = derived.get(key)!;
  return derivedName(t, ccs.includes(cc) ? cc : ccs[0]);
}

function planComposites(
  target: number,
  companyCodes: CompanyCode[],
  derived: Map<string, string[]>,
  rng: Random,
): { list: CompositeRole[]; byPersonaCc: Map<string, string> } {
  const candidates: [Persona, string][] = [];
  for (const p of PERSONAS) {
    if (p.core.length === 0) continue;
    const orgBound = p.core.some((k) => template(k).org);
    if (!orgBound) candidates.push([p, '']);
    else for (const cc of companyCodes) candidates.push([p, cc.code]);
  }
  // Common personas get composites first; the rest in random order.
  const weighted = candidates.map((c) => ({ c, key: rng.next() / c[0].weight }));
  weighted.sort((a, b) => a.key - b.key);
  const list: CompositeRole[] = [];
  const byPersonaCc = new Map<string, string>();
  for (const { c } of weighted) {
    if (list.length >= target) break;
    const [p, cc] = c;
    const name = cc ? `ZC_${p.key}_${cc}` : `ZC_${p.key}`;
    const children = p.core.map((k) => roleFor(k, cc || '', derived));
    children.push('Z_BC_END_USER');
    if (children.length < 6 && rng.chance(0.5)) children.push('Z_HR_ESS');
    if (children.length < 2) children.push('Z_HR_ESS');
    const unique = [...new Set(children)].slice(0, 6);
    list.push({
      name,
      text: `${p.department}: ${p.key.toLowerCase().replaceAll('_', ' ')}${cc ? ` - company code ${cc}` : ''}`,
      persona: p.key,
      cc,
      children: unique,
    });
    byPersonaCc.set(`${p.key}|${cc}`, name);
  }
  return { list, byPersonaCc };
}
