import type { RuleFunction, Ruleset } from '../engine/model/ruleset.ts';
import type { Random } from './random.ts';
import type { AuthValue, FieldValues, FunctionUse, LiteralInstance } from './role-templates.ts';
import { OBJECT_FIELDS, ORG_VARIABLES, USER_GROUPS } from './sap-catalogue.ts';

/** One authorisation instance of a role: (OBJECT, AUTH) with its field values. */
export interface Instance {
  object: string;
  fields: InstanceField[];
  deleted: boolean;
  /** Instances built from ruleset functions may be merged with each other, as PFCG does. */
  mergeable: boolean;
}

export interface InstanceField {
  field: string;
  values: AuthValue[];
}

/** What a single role grants: its S_TCODE values and its other instances. */
export interface RoleContent {
  tcodes: AuthValue[];
  instances: Instance[];
}

export const value = (low: string, high = ''): AuthValue => ({ low, high });

export function toValues(spec: FieldValues): AuthValue[] {
  const list = Array.isArray(spec) ? spec : [spec];
  return list.map((v) => (typeof v === 'string' ? value(v) : value(v.low, v.high)));
}

export function rowCount(content: RoleContent): number {
  let n = content.tcodes.length;
  for (const inst of content.instances) for (const f of inst.fields) n += f.values.length;
  return n;
}

/** Field values a role carries when the ruleset does not say (org fields become `$VARBL`). */
const FIELD_DEFAULTS: Record<string, readonly string[]> = {
  'M_BEST_BSA.BSART': ['NB', 'ZNB'],
  'M_BANF_BSA.BSART': ['NB'],
  'V_VBAK_AAT.AUART': ['TA', 'ZTA'],
  'V_VBRK_FKA.FKART': ['F2'],
  'S_USER_AGR.ACT_GROUP': ['Z*'],
  'S_USER_PRO.PROFILE': ['T-*'],
  'S_DEVELOP.DEVCLASS': ['Z*', '$TMP'],
  'S_TRANSPRT.TTYPE': ['DTRA', 'CUST'],
  'S_PROGRAM.P_GROUP': ['ZBC_ADM'],
  'S_RFC.RFC_TYPE': ['FUGR'],
  'S_RFC_ADM.RFCTYPE': ['3', 'H', 'T'],
  'S_RFCACL.RFC_EQUSER': ['N'],
  'S_RFCACL.ACTVT': ['16'],
  'S_EXCHRATE.KURST': ['M', 'EURX'],
  'F_SKA1_KTP.KTOPL': ['YCOA'],
  'M_EINK_FRG.FRGGR': ['01'],
  'P_PCLX.RELID': ['RD', 'RU', 'RX'],
};

/** Values drawn for NOT conditions: plausible values of the field minus the excluded ones. */
const FIELD_POOLS: Record<string, readonly string[]> = {
  CLASS: USER_GROUPS,
  BSART: ['NB', 'ZNB', 'FO', 'UB', 'KB'],
  AUART: ['TA', 'ZTA', 'KB', 'KE', 'RE', 'G2', 'L2'],
  BWART: ['101', '102', '201', '261', '311', '551', '561', '701'],
};

function defaultValues(object: string, field: string): AuthValue[] {
  const d = FIELD_DEFAULTS[`${object}.${field}`];
  if (d) return d.map((v) => value(v));
  const org = ORG_VARIABLES[field];
  if (org) return [value(org)];
  return [value('*')];
}

/** The display counterpart of change values (for negative-test roles). */
function displayValues(field: string, values: AuthValue[]): AuthValue[] {
  switch (field) {
    case 'ACTVT':
      return [value('03'), value('08')];
    case 'FBTCH':
      return [value('03'), value('13'), value('23')];
    case 'AUTHC':
      return [value('R')];
    default:
      return values;
  }
}

interface FieldRule {
  or: AuthValue[];
  and: AuthValue[];
  not: AuthValue[];
}

function addUnique(target: AuthValue[], v: AuthValue): void {
  if (!target.some((x) => x.low === v.low && x.high === v.high)) target.push(v);
}

/** The instances a role needs to meet a function through the given actions. */
export function functionInstances(
  fn: RuleFunction,
  use: FunctionUse,
  rng: Random,
): { tcodes: string[]; instances: Instance[] } {
  const active = fn.actions.filter((a) => a.active).map((a) => a.action);
  const actions = use.actions ?? active;
  const lines = fn.permissions.filter((l) => l.active && (l.action === '' || actions.includes(l.action)));
  const byObject = new Map<string, Map<string, FieldRule>>();
  for (const l of lines) {
    let fields = byObject.get(l.object);
    if (!fields) byObject.set(l.object, (fields = new Map()));
    let rule = fields.get(l.field);
    if (!rule) fields.set(l.field, (rule = { or: [], and: [], not: [] }));
    const v = value(l.low, l.high);
    addUnique(l.operator === 'AND' ? rule.and : l.operator === 'NOT' ? rule.not : rule.or, v);
  }
  const instances: Instance[] = [];
  for (const [object, rules] of byObject) {
    const fieldNames = OBJECT_FIELDS[object] ?? [...rules.keys()];
    const inst: Instance = { object, fields: [], deleted: false, mergeable: !use.display };
    for (const field of fieldNames) {
      const override = use.overrides?.[`${object}.${field}`];
      const rule = rules.get(field);
      let values: AuthValue[];
      if (override !== undefined) {
        values = toValues(override);
      } else if (rule) {
        values = [];
        for (const v of rule.or) {
          // A rule range is held either as the range itself or as a value inside it.
          addUnique(values, v.high && rng.chance(0.5) ? value(v.low) : v);
        }
        for (const v of rule.and) addUnique(values, v);
        if (rule.not.length > 0 && values.length === 0) {
          const excluded = new Set(rule.not.map((v) => v.low));
          const pool = (FIELD_POOLS[field] ?? []).filter((x) => !excluded.has(x) && x !== '*');
          for (const x of rng.sample(pool, rng.between(2, 5))) addUnique(values, value(x));
        }
        if (use.display) values = displayValues(field, values);
      } else {
        values = defaultValues(object, field);
      }
      // Change roles usually carry display too.
      if (field === 'ACTVT' && !use.display && !values.some((v) => v.low === '*' || v.low === '03')) {
        values = [...values, value('03')];
      }
      inst.fields.push({ field, values });
    }
    instances.push(inst);
  }
  return { tcodes: actions, instances };
}

/** Literal instances of a template, completed with every field of the object. */
export function literalInstance(spec: LiteralInstance): Instance {
  const fieldNames = OBJECT_FIELDS[spec.object] ?? Object.keys(spec.fields);
  return {
    object: spec.object,
    fields: fieldNames.map((field) => ({
      field,
      values: spec.fields[field] !== undefined ? toValues(spec.fields[field]) : defaultValues(spec.object, field),
    })),
    deleted: spec.deleted ?? false,
    mergeable: false,
  };
}

/** Adds an instance, merging it into an earlier mergeable instance of the same object. */
export function addInstance(target: Instance[], inst: Instance, merge: boolean): void {
  if (merge && inst.mergeable) {
    const other = target.find((x) => x.mergeable && x.object === inst.object && !x.deleted);
    if (other) {
      for (const f of inst.fields) {
        const of = other.fields.find((x) => x.field === f.field);
        if (!of) other.fields.push({ field: f.field, values: [...f.values] });
        else for (const v of f.values) addUnique(of.values, v);
      }
      return;
    }
  }
  target.push(inst);
}

/** Every object of the ruleset and the catalogue in full: an emergency (firefighter) role. */
export function everythingContent(ruleset: Ruleset): RoleContent {
  const objects = new Set<string>(Object.keys(OBJECT_FIELDS));
  for (const f of ruleset.functions) for (const p of f.permissions) objects.add(p.object);
  objects.delete('S_TCODE');
  // Trusted RFC to any user stays out, as in SAP_ALL of current releases.
  objects.delete('S_RFCACL');
  const instances: Instance[] = [...objects].sort().map((object) => ({
    object,
    fields: (OBJECT_FIELDS[object] ?? ['ACTVT']).map((field) => ({ field, values: [value('*')] })),
    deleted: false,
    mergeable: false,
  }));
  return { tcodes: [value('*')], instances };
}
