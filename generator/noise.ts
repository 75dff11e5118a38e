import type { Random } from './random.ts';
import type { AuthValue, LiteralInstance, Module } from './role-templates.ts';
import { addInstance, literalInstance, rowCount, value, type Instance, type RoleContent } from './authorisations.ts';
import {
  CUSTOM_REPORT_KINDS,
  CUSTOM_REPORT_SUBJECTS,
  DISPLAY_TCODES,
  PROGRAM_GROUPS,
  RFC_FUNCTION_GROUPS,
  SPOOL_DEVICES,
  TABLE_AUTH_GROUPS,
} from './sap-catalogue.ts';

/** A start check of a transaction (TSTCA): one object with field values. */
export interface StartCheck {
  object: string;
  fields: [field: string, value: string][];
}

export interface CustomTcode {
  tcode: string;
  text: string;
}

/** Landscape-wide pools the noise draws from, built once per seed. */
export interface NoisePools {
  customTcodes: Record<Module, CustomTcode[]>;
  services: string[];
  webApps: Record<Module, string[]>;
  startChecks: Map<string, StartCheck[]>;
}

const MODULES: Module[] = ['FI', 'MM', 'SD', 'CO', 'HR', 'BC'];

export function buildNoisePools(rng: Random, customPerModule: number): NoisePools {
  const customTcodes = {} as Record<Module, CustomTcode[]>;
  const webApps = {} as Record<Module, string[]>;
  const startChecks = new Map<string, StartCheck[]>();
  // Standard transactions with a start check maintained in SE93.
  startChecks.set('SCC4', [
    {
      object: 'S_TABU_DIS',
      fields: [
        ['ACTVT', '03'],
        ['DICBERCLS', 'SS'],
      ],
    },
  ]);
  for (const t of ['SM30', 'SM31', 'SM34']) {
    startChecks.set(t, [
      {
        object: 'S_TABU_DIS',
        fields: [
          ['ACTVT', "' '"],
          ['DICBERCLS', "' '"],
        ],
      },
    ]);
  }
  for (const m of MODULES) {
    const subjects = CUSTOM_REPORT_SUBJECTS[m];
    const list: CustomTcode[] = [];
    for (let i = 1; i <= customPerModule; i++) {
      const tcode = `Z${m}_R${String(i).padStart(3, '0')}`;
      const text = `${rng.pick(subjects)} ${rng.pick(CUSTOM_REPORT_KINDS)}`;
      list.push({ tcode, text });
      if (rng.chance(0.04)) {
        const group = rng.pick(PROGRAM_GROUPS.filter((g) => g.startsWith(`Z${m}`)).concat('ZREP_ALL'));
        startChecks.set(tcode, [
          {
            object: 'S_PROGRAM',
            fields: [
              ['P_ACTION', 'SUBMIT'],
              ['P_GROUP', group],
            ],
          },
        ]);
      }
    }
    customTcodes[m] = list;
    webApps[m] = Array.from({ length: 40 }, (_, i) => `Z${m}_APP_${String(i + 1).padStart(2, '0')}`);
  }
  const hex = '0123456789ABCDEF';
  const services = new Set<string>();
  while (services.size < 6000) {
    let s = '';
    for (let i = 0; i < 30; i++) s += hex[rng.int(16)];
    services.add(s);
  }
  return { customTcodes, services: [...services], webApps, startChecks };
}

/** Display authorisations every role of a module carries (org fields as `$VARBL`). */
const DISPLAY_OBJECTS: Record<Module, LiteralInstance[]> = {
  FI: [
    { object: 'F_BKPF_BUK', fields: { ACTVT: '03' } },
    { object: 'F_BKPF_KOA', fields: { ACTVT: '03', KOART: '*' } },
    { object: 'F_BKPF_BLA', fields: { ACTVT: '03', BRGRU: ["' '", '*'] } },
    { object: 'F_BKPF_GSB', fields: { ACTVT: '03' } },
    { object: 'F_BKPF_BES', fields: { ACTVT: '03', BRGRU: "' '" } },
    { object: 'F_LFA1_APP', fields: { ACTVT: '03', APPKZ: 'F' } },
    { object: 'F_LFA1_BUK', fields: { ACTVT: '03' } },
    { object: 'F_KNA1_APP', fields: { ACTVT: '03', APPKZ: 'F' } },
    { object: 'F_KNA1_BUK', fields: { ACTVT: '03' } },
    { object: 'F_SKA1_BUK', fields: { ACTVT: '03' } },
    { object: 'A_S_ANLKL', fields: { ACTVT: '03' } },
    { object: 'F_BNKA_MAN', fields: { ACTVT: '03' } },
    { object: 'F_LFA1_GRP', fields: { ACTVT: '03', KTOKK: '*' } },
    { object: 'F_KNA1_GRP', fields: { ACTVT: '03', KTOKD: '*' } },
  ],
  MM: [
    { object: 'M_BEST_BSA', fields: { ACTVT: '03' } },
    { object: 'M_BEST_EKO', fields: { ACTVT: '03' } },
    { object: 'M_BEST_WRK', fields: { ACTVT: '03' } },
    { object: 'M_BANF_BSA', fields: { ACTVT: '03', BSART: '*' } },
    { object: 'M_EINF_EKO', fields: { ACTVT: '03' } },
    { object: 'M_MATE_STA', fields: { ACTVT: '03', STATM: '*' } },
    { object: 'M_MATE_WRK', fields: { ACTVT: '03' } },
    { object: 'M_MSEG_BWA', fields: { ACTVT: '03', BWART: '*' } },
    { object: 'M_MSEG_WMB', fields: { ACTVT: '03' } },
    { object: 'M_RECH_WRK', fields: { ACTVT: '03' } },
    { object: 'M_ISEG_WIB', fields: { ACTVT: '03' } },
    { object: 'F_LFA1_APP', fields: { ACTVT: '03', APPKZ: 'M' } },
    { object: 'M_MATE_MAR', fields: { ACTVT: '03', BEGRU: ["' '", 'ZM01', 'ZM02'] } },
  ],
  SD: [
    { object: 'V_VBAK_AAT', fields: { ACTVT: '03', AUART: '*' } },
    { object: 'V_VBAK_VKO', fields: { ACTVT: '03' } },
    { object: 'V_VBRK_FKA', fields: { ACTVT: '03', FKART: '*' } },
    { object: 'V_VBRK_VKO', fields: { ACTVT: '03' } },
    { object: 'V_LIKP_VST', fields: { ACTVT: '03' } },
    { object: 'V_KONH_VKS', fields: { ACTVT: '03', KSCHL: '*' } },
    { object: 'V_KNA1_VKO', fields: { ACTVT: '03' } },
    { object: 'F_KNA1_APP', fields: { ACTVT: '03', APPKZ: 'V' } },
  ],
  CO: [
    { object: 'K_CSKS', fields: { ACTVT: '03', KOSTL: '*' } },
    { object: 'K_CSKB', fields: { ACTVT: '03', KSTAR: '*' } },
    { object: 'F_BKPF_BUK', fields: { ACTVT: '03' } },
  ],
  HR: [
    {
      object: 'P_ORGIN',
      fields: { INFTY: ['0001', '0002'], SUBTY: '*', AUTHC: 'R', PERSG: '*', PERSK: '*', VDSK1: '*' },
    },
    { object: 'P_ABAP', fields: { REPID: ['RPLMIT00', 'RPTQTA10', 'RHXSTAB0'], COARS: '2' } },
  ],
  BC: [
    { object: 'S_BTCH_JOB', fields: { JOBACTION: 'SHOW', JOBGROUP: "' '" } },
    { object: 'S_ADMI_FCD', fields: { S_ADMI_FCD: 'ST0R' } },
    { object: 'S_USER_GRP', fields: { ACTVT: '03', CLASS: '*' } },
  ],
};

/** Resolves `$VARBL` for roles that are not derived (null keeps the placeholder). */
export type OrgResolver = ((variable: string) => AuthValue[]) | null;

function resolveOrg(inst: Instance, resolver: OrgResolver): Instance {
  if (!resolver) return inst;
  for (const f of inst.fields) {
    const out: AuthValue[] = [];
    for (const v of f.values) {
      if (v.low.startsWith('$')) out.push(...resolver(v.low));
      else out.push(v);
    }
    f.values = out;
  }
  return inst;
}

export function addTcode(content: RoleContent, tcode: string): boolean {
  if (content.tcodes.some((t) => t.low === tcode && t.high === '')) return false;
  content.tcodes.push(value(tcode));
  return true;
}

/**
 * Adds the start-check authorisations of the role's transactions (TSTCA), nearly always:
 * a role without them is a realistic "tcode in the menu but not executable" case.
 */
export function addStartChecks(content: RoleContent, pools: NoisePools, rng: Random): void {
  for (const t of content.tcodes) {
    const checks = pools.startChecks.get(t.low);
    if (!checks || t.high !== '' || !rng.chance(0.95)) continue;
    for (const c of checks) {
      const blank = c.fields.every(([, v]) => v === "' '");
      if (blank && content.instances.some((i) => i.object === c.object && !i.deleted)) continue;
      const fields: Record<string, string> = {};
      for (const [f, v] of c.fields) fields[f] = v === "' '" ? (f === 'ACTVT' ? '03' : '&NC&') : v;
      const inst = literalInstance({ object: c.object, fields });
      inst.mergeable = true;
      addInstance(content.instances, inst, true);
    }
  }
}

/**
 * Pads a role with the display transactions and harmless authorisations real roles are
 * full of (reports, Fiori services, table display groups …) until it has about `target`
 * AGR_1251 rows.
 */
export function addNoise(
  content: RoleContent,
  module: Module,
  target: number,
  pools: NoisePools,
  rng: Random,
  resolver: OrgResolver,
): void {
  const display = DISPLAY_TCODES[module];
  for (const t of rng.sample(display, Math.ceil(display.length * (0.4 + rng.next() * 0.6)))) addTcode(content, t);
  for (const spec of DISPLAY_OBJECTS[module]) {
    if (rng.chance(0.8)) content.instances.push(resolveOrg(literalInstance(spec), resolver));
  }
  let rows = rowCount(content);
  const counts: Record<string, number> = {};
  const once = (kind: string, max: number): boolean => {
    counts[kind] = (counts[kind] ?? 0) + 1;
    return counts[kind] <= max;
  };
  let service: Instance | null = null;
  let guard = 0;
  while (rows < target && guard++ < 10000) {
    const kind = rng.weighted<string>([
      ['custom', 3],
      ['display', 1],
      ['service', 4],
      ['tabu', 1],
      ['rfc', 1],
      ['program', 1],
      ['start', 1],
      ['misc', 1],
    ]);
    if (kind === 'custom') {
      for (const c of rng.sample(pools.customTcodes[module], rng.between(1, 4))) if (addTcode(content, c.tcode)) rows++;
    } else if (kind === 'display') {
      const other = DISPLAY_TCODES[rng.pick(['FI', 'MM', 'SD', 'CO'] as Module[])];
      for (const t of rng.sample(other, rng.between(1, 3))) if (addTcode(content, t)) rows++;
    } else if (kind === 'service') {
      if (!service) {
        service = literalInstance({ object: 'S_SERVICE', fields: { SRV_NAME: [], SRV_TYPE: 'HT' } });
        content.instances.push(service);
        rows++;
      }
      const names = service.fields[0].values;
      for (const s of rng.sample(pools.services, rng.between(5, 25))) {
        if (!names.some((v) => v.low === s)) {
          names.push(value(s));
          rows++;
        }
      }
    } else if (kind === 'tabu' && once(kind, 3)) {
      const groups = rng.sample(
        TABLE_AUTH_GROUPS.filter((g) => g !== 'SS'),
        rng.between(3, 12),
      );
      content.instances.push(literalInstance({ object: 'S_TABU_DIS', fields: { ACTVT: '03', DICBERCLS: groups } }));
      rows += 1 + groups.length;
    } else if (kind === 'rfc' && once(kind, 2)) {
      const names = rng.sample(RFC_FUNCTION_GROUPS, rng.between(3, 15));
      content.instances.push(
        literalInstance({ object: 'S_RFC', fields: { ACTVT: '16', RFC_TYPE: 'FUGR', RFC_NAME: names } }),
      );
      rows += 2 + names.length;
    } else if (kind === 'program' && once(kind, 2)) {
      const groups = rng.sample(PROGRAM_GROUPS, rng.between(2, 6));
      content.instances.push(
        literalInstance({ object: 'S_PROGRAM', fields: { P_ACTION: ['SUBMIT', 'VARIANT'], P_GROUP: groups } }),
      );
      rows += 2 + groups.length;
    } else if (kind === 'start' && once(kind, 2)) {
      const apps = rng.sample(pools.webApps[module], rng.between(3, 10));
      content.instances.push(
        literalInstance({ object: 'S_START', fields: { AUTHPGMID: 'R3TR', AUTHOBJTYP: 'WDYA', AUTHOBJNAM: apps } }),
      );
      rows += 2 + apps.length;
    } else if (kind === 'misc' && once(kind, 6)) {
      const spec = rng.pick<LiteralInstance>([
        { object: 'S_APPL_LOG', fields: { ACTVT: '03', ALG_OBJECT: '*', ALG_SUBOBJ: '*' } },
        { object: 'S_WFAR_OBJ', fields: { ACTVT: '03', OAARCHIV: '*', OADOKUMENT: '*' } },
        { object: 'S_BDS_DS', fields: { ACTVT: ['01', '02', '03'], CLASSNAME: '*', CLASSTYPE: 'OT' } },
        { object: 'S_GUI', fields: { ACTVT: rng.chance(0.3) ? '*' : ['02', '04', '60', '61'] } },
        { object: 'S_ALV_LAYO', fields: { ACTVT: rng.chance(0.3) ? '*' : '23' } },
        { object: 'S_SPO_DEV', fields: { SPODEVICE: rng.sample(SPOOL_DEVICES, rng.between(1, 5)) } },
      ]);
      const inst = literalInstance(spec);
      content.instances.push(inst);
      for (const f of inst.fields) rows += f.values.length;
    }
  }
}

/**
 * Marks a few instances deleted (inactive in PFCG) from index `from` on, so the business
 * content of a role stays as designed; S_TCODE values are never deleted.
 */
export function deactivateSome(content: RoleContent, rng: Random, p: number, from: number): void {
  for (let i = from; i < content.instances.length; i++) if (rng.chance(p)) content.instances[i].deleted = true;
}
