/**
 * Terse builders for hand-made contract fixtures: a SystemExtract, a Ruleset and
 * AnalysisOptions. Nothing here evaluates anything; expected results are written by hand in
 * the tests.
 */
import { emptyExtract } from '../../engine/model/extract.ts';
import type {
  AnalysisOptions,
  Date8,
  Finding,
  FunctionAction,
  PermissionLine,
  PermissionOperator,
  RiskAcceptance,
  RiskLevel,
  RiskType,
  Ruleset,
  SourcePath,
  SystemExtract,
  UserRecord,
} from '../../engine/model/index.ts';

/** The analysis date of every fixture unless a test says otherwise. */
export const D: Date8 = 20260615;
export const D_MINUS_1: Date8 = 20260614;
export const D_PLUS_1: Date8 = 20260616;

/** A value row: a single LOW, or a range made with `range(LOW, HIGH)`. */
export interface RangeRow {
  low: string;
  high: string;
}
export type V = string | RangeRow;
export type FieldValues = Record<string, V | readonly V[]>;

export interface InstSpec {
  object: string;
  auth?: string;
  fields: FieldValues;
}

/** One authorisation instance: object, field → value rows (OR), optional AUTH name. */
export function inst(object: string, fields: FieldValues = {}, auth?: string): InstSpec {
  return auth === undefined ? { object, fields } : { object, fields, auth };
}

/** An S_TCODE instance covering the given TCD values. */
export function tcodes(...values: V[]): InstSpec {
  return inst('S_TCODE', { TCD: values });
}

/** A range row LOW..HIGH. */
export function range(low: string, high: string): RangeRow {
  return { low, high };
}

function rowsOf(values: V | readonly V[]): Array<[string, string]> {
  const list: readonly V[] = Array.isArray(values) ? (values as readonly V[]) : [values as V];
  return list.map((v) => (typeof v === 'string' ? [v, ''] : [v.low, v.high]));
}

/** The model's own empty extract: building it is not evaluation, so sharing it keeps the reference independent. */
export const emptyTables = emptyExtract;

export interface UserOpts {
  uflag?: number;
  from?: Date8 | null;
  to?: Date8 | null;
  ustyp?: string;
}

export class ExtractBuilder {
  readonly x: SystemExtract = emptyTables();
  private authCounter = 0;

  user(bname: string, o: UserOpts = {}): this {
    const u: UserRecord = {
      bname,
      ustyp: o.ustyp ?? 'A',
      uflag: o.uflag ?? 0,
      validFrom: o.from ?? null,
      validTo: o.to ?? null,
      lastLogon: null,
      userGroup: '',
      codvn: 'H',
      pwdState: 0,
      createdOn: null,
    };
    this.x.users.push(u);
    return this;
  }

  users(...bnames: string[]): this {
    for (const b of bnames) this.user(b);
    return this;
  }

  /** AGR_1251 rows of a role, one AUTH per instance (named A001… unless given). */
  role(name: string, ...insts: InstSpec[]): this {
    for (const i of insts) {
      const auth = i.auth ?? `A${String(++this.authCounter).padStart(3, '0')}`;
      for (const [field, values] of Object.entries(i.fields)) {
        for (const [low, high] of rowsOf(values)) this.row(name, i.object, auth, field, low, high);
      }
      if (Object.keys(i.fields).length === 0) {
        // An instance without fields cannot be written to AGR_1251; it is not used.
        throw new Error('role instances need at least one field row');
      }
    }
    return this;
  }

  /** One raw AGR_1251 row. */
  row(role: string, object: string, auth: string, field: string, low: string, high = '', deleted = false): this {
    this.x.roleAuthorisations.push({ role, object, auth, field, low, high, deleted });
    return this;
  }

  define(role: string, parent = ''): this {
    this.x.roleDefinitions.push({ role, parent });
    return this;
  }

  composite(name: string, ...children: string[]): this {
    for (const child of children) this.x.compositeRoles.push({ role: name, child });
    return this;
  }

  assign(user: string, role: string, from: Date8 | null = null, to: Date8 | null = null): this {
    this.x.roleAssignments.push({ role, user, from, to });
    return this;
  }

  /** AGR_1252 row. */
  org(role: string, variable: string, low: string, high = ''): this {
    this.x.orgLevelValues.push({ role, variable, low, high });
    return this;
  }

  /** A profile with UST10S rows and the UST12 values of its instances (AUTH unique per profile). */
  profile(name: string, ...insts: InstSpec[]): this {
    insts.forEach((i, n) => {
      const auth = i.auth ?? `${name}_${n + 1}`;
      this.x.profileAuthorisations.push({ profile: name, object: i.object, auth });
      for (const [field, values] of Object.entries(i.fields)) {
        for (const [low, high] of rowsOf(values))
          this.x.authorisationValues.push({ object: i.object, auth, field, low, high });
      }
    });
    return this;
  }

  /** UST10C rows. */
  subProfiles(name: string, ...subs: string[]): this {
    for (const subProfile of subs) this.x.subProfiles.push({ profile: name, subProfile });
    return this;
  }

  /** UST04 row. */
  assignProfile(user: string, profile: string): this {
    this.x.userProfiles.push({ user, profile });
    return this;
  }

  /** AGR_1016 row: `profile` is the generated profile of `role`. */
  generated(role: string, profile: string): this {
    this.x.roleProfiles.push({ role, profile });
    return this;
  }

  /** USREFUS row. */
  refUser(user: string, referenceUser: string): this {
    this.x.referenceUsers.push({ user, referenceUser });
    return this;
  }

  /** TSTCA row. */
  tstca(tcode: string, object: string, field: string, value: string): this {
    this.x.tcodeChecks.push({ tcode, object, field, value });
    return this;
  }

  build(): SystemExtract {
    return structuredClone(this.x);
  }
}

export const extract = (): ExtractBuilder => new ExtractBuilder();

// ---------------------------------------------------------------------------------------------
// Rulesets
// ---------------------------------------------------------------------------------------------

export interface LineOpts {
  high?: string;
  op?: PermissionOperator;
  active?: boolean;
}

/** One FUNCTION_PERMISSIONS line. */
export function perm(action: string, object: string, field: string, low: string, o: LineOpts = {}): PermissionLine {
  return { action, object, field, low, high: o.high ?? '', operator: o.op ?? 'OR', active: o.active ?? true };
}

/** An inactive action. */
export function inactive(action: string): FunctionAction {
  return { action, active: false };
}

export interface RiskOpts {
  type?: RiskType;
  level?: RiskLevel;
  active?: boolean;
  businessProcess?: string;
  /** RISKS.ORG_FIELDS (rule 15). */
  org?: string[];
}

export class RulesetBuilder {
  readonly r: Ruleset = { risks: [], functions: [] };

  fn(id: string, actions: ReadonlyArray<string | FunctionAction>, permissions: readonly PermissionLine[] = []): this {
    this.r.functions.push({
      id,
      description: `function ${id}`,
      businessProcess: 'BP',
      actions: actions.map((a) => (typeof a === 'string' ? { action: a, active: true } : { ...a })),
      permissions: permissions.map((p) => ({ ...p })),
    });
    return this;
  }

  risk(id: string, functionIds: readonly string[], o: RiskOpts = {}): this {
    this.r.risks.push({
      id,
      description: `risk ${id}`,
      type: o.type ?? (functionIds.length > 1 ? 'SOD' : 'CRITICAL_ACTION'),
      level: o.level ?? 'HIGH',
      businessProcess: o.businessProcess ?? 'P2P',
      active: o.active ?? true,
      functionIds: [...functionIds],
      ...(o.org ? { orgFields: [...o.org] } : {}),
    });
    return this;
  }

  build(): Ruleset {
    return structuredClone(this.r);
  }
}

export const ruleset = (): RulesetBuilder => new RulesetBuilder();

// ---------------------------------------------------------------------------------------------
// Options and results
// ---------------------------------------------------------------------------------------------

export function opts(o: Partial<AnalysisOptions> = {}): AnalysisOptions {
  return { date: D, level: 'permission', mode: 'same-instance', includeLocked: false, includeExpired: false, ...o };
}

export function acceptance(
  riskId: string,
  scope: RiskAcceptance['scope'],
  holder = '',
  validFrom: Date8 | null = null,
  validTo: Date8 | null = null,
): RiskAcceptance {
  return {
    riskId,
    scope,
    holder,
    message: `accepted ${scope} ${holder}`,
    author: 'auditor',
    createdAt: '2026-06-01T10:00:00.000Z',
    validFrom,
    validTo,
  };
}

/** `LEVEL:holder:riskId` of each finding, sorted, for exact comparison with a hand-written list. */
export function keys(findings: readonly Pick<Finding, 'level' | 'holder' | 'riskId'>[]): string[] {
  return findings.map((f) => `${f.level}:${f.holder}:${f.riskId}`).sort();
}

/** The keys of one level only. */
export function keysAt(
  level: Finding['level'],
  findings: readonly Pick<Finding, 'level' | 'holder' | 'riskId'>[],
): string[] {
  return keys(findings.filter((f) => f.level === level));
}

/** A source path written `R:name>P:name>U:name`, for comparing provenance. */
export function pathText(p: SourcePath): string {
  return p.map((s) => `${s.kind === 'role' ? 'R' : s.kind === 'profile' ? 'P' : 'U'}:${s.name}`).join('>');
}

/** The sources of one function of one finding, as sorted path texts. */
export function sourcesOf(f: Finding, functionId: string): string[] {
  const m = f.functions.find((x) => x.functionId === functionId);
  if (!m) throw new Error(`function ${functionId} not in finding ${f.level}:${f.holder}:${f.riskId}`);
  return m.sources.map(pathText).sort();
}

export function findingOf(
  findings: readonly Finding[],
  level: Finding['level'],
  holder: string,
  riskId: string,
): Finding {
  const f = findings.find((x) => x.level === level && x.holder === holder && x.riskId === riskId);
  if (!f) throw new Error(`no finding ${level}:${holder}:${riskId}; have ${keys(findings).join(', ')}`);
  return f;
}

// ---------------------------------------------------------------------------------------------
// A small P2P ruleset after reference section 4 (SD-P2P-01, own IDs), used by many tests
// ---------------------------------------------------------------------------------------------

/** FN_VEND: FK02 (or XK02) with F_LFA1_APP{ACTVT=01|02; APPKZ=F|M}. */
export function vendorFunctionLines(actions: readonly string[] = ['FK02', 'XK02']): PermissionLine[] {
  return actions.flatMap((a) => [
    perm(a, 'F_LFA1_APP', 'ACTVT', '01'),
    perm(a, 'F_LFA1_APP', 'ACTVT', '02'),
    perm(a, 'F_LFA1_APP', 'APPKZ', 'F'),
    perm(a, 'F_LFA1_APP', 'APPKZ', 'M'),
  ]);
}

/** FN_PAY: F110 with F_REGU_BUK{FBTCH=21|25}. */
export function payFunctionLines(): PermissionLine[] {
  return [perm('F110', 'F_REGU_BUK', 'FBTCH', '21'), perm('F110', 'F_REGU_BUK', 'FBTCH', '25')];
}

/**
 * P2P01 (SoD, HIGH): FN_VEND + FN_PAY. Also CA_PAY (critical action, CRITICAL): FN_PAY alone.
 */
export function p2pRuleset(): RulesetBuilder {
  return ruleset()
    .fn('FN_VEND', ['FK02', 'XK02'], vendorFunctionLines())
    .fn('FN_PAY', ['F110'], payFunctionLines())
    .risk('P2P01', ['FN_VEND', 'FN_PAY'], { type: 'SOD', level: 'HIGH' });
}

/** What a vendor maintainer holds: FK02 and change vendor (FI). */
export const VENDOR: readonly InstSpec[] = [tcodes('FK02'), inst('F_LFA1_APP', { ACTVT: '02', APPKZ: 'F' })];
/** What a payment runner holds: F110 and execute payment run. */
export const PAY: readonly InstSpec[] = [tcodes('F110'), inst('F_REGU_BUK', { FBTCH: '21', BUKRS: '*' })];
