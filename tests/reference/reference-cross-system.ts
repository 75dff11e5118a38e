/**
 * Reference reading of rule 18 (DESIGN.md section 5, cross-system risks), naive on purpose and
 * written from the text alone: each analysed system is evaluated with the single-system
 * reference (reference-evaluator.ts, reference-org-levels.ts) on a ruleset filtered for that
 * system, and the per-system answers are combined per person. It shares no code with engine/
 * (only model types are imported).
 *
 * What it returns per finding: (LEVEL, ID, RISK_ID, CROSS_SYSTEM) and, per function, every
 * analysed system (and user or role there) in which the holder meets it, with the action the
 * single-system reading reports there and the `SID/`-prefixed paths that could be its sources.
 *
 * How much provenance: rule 18 says only that every source path starts with `SID/`; which of
 * several systems that meet a function the engine names, and which paths rule 11 lists
 * (reading 25), are not rule 18's business and are pinned elsewhere for one system. So the
 * reference gives, per (function, system), the holder's paths whose instances a check of the
 * reported action there could use (S_TCODE covering the action, the action's TSTCA objects,
 * the objects of its permission lines in that system): a necessary condition for a source. The
 * property test demands that every source is such a path of a system that meets a function,
 * and that every function has one from a system where it is met. That pins "which systems and
 * which roles met it" without pinning reading 25 a second time.
 *
 * READINGS (also in READINGS.md 48–56):
 * - An action or permission line counts in S when its SYSTEM is empty or S (exact SID).
 * - "No active action anywhere" is about the whole ruleset: an active action bound to a SID
 *   that is not analysed still makes the function one with actions, so it is never met
 *   (its actions are "all bound to other systems" in every analysed S).
 * - A person is met function by function, each in some system where one of its users is in
 *   scope; CROSS_SYSTEM is X when no single user (in one system) meets every function.
 * - Org-level risks are org-level at permission level only (rule 15: ignored at action level);
 *   at action level they are combined across systems like any risk.
 * - Without SID (one `--system DIR`) the SYSTEM columns are ignored (every row counts) and the
 *   user map has no system to match, so IDs and paths are today's.
 */
import type {
  AnalysisOptions,
  FunctionAction,
  HolderLevel,
  PermissionLine,
  Risk,
  RuleFunction,
  Ruleset,
  SystemExtract,
} from '../../engine/model/index.ts';
import { pathText } from './fixture.ts';
import {
  evaluatedRisks,
  evaluateFunction,
  exclusionReasons,
  manualProfiles,
  namedRoles,
  normaliseValue,
  profileHolderInstances,
  roleHolderInstances,
  rowCovers,
  userInstances,
  type RefInstance,
} from './reference-evaluator.ts';
import { referenceOrgFinding, refOrgFields } from './reference-org-levels.ts';

/** A FUNCTION_ACTIONS row with its SYSTEM (GRC's connector); empty or absent = any system. */
export interface CrossFunctionAction extends FunctionAction {
  system?: string;
}

/** A FUNCTION_PERMISSIONS line with its SYSTEM; empty or absent = any system. */
export interface CrossPermissionLine extends PermissionLine {
  system?: string;
}

export interface CrossRuleFunction extends Omit<RuleFunction, 'actions' | 'permissions'> {
  actions: CrossFunctionAction[];
  permissions: CrossPermissionLine[];
}

export interface CrossRuleset {
  risks: Risk[];
  functions: CrossRuleFunction[];
}

/** One row of the user mapping file (SYSTEM, BNAME, PERSON). */
export interface UserMapRow {
  system: string;
  bname: string;
  person: string;
}

/** One analysed system: its SID, or null for a single `--system DIR` without SID. */
export interface AnalysedSystem {
  sid: string | null;
  extract: SystemExtract;
}

export interface CrossLandscape {
  systems: AnalysedSystem[];
  ruleset: CrossRuleset;
  userMap: UserMapRow[];
}

/** Where a function (or an org-level risk) is met for a finding's holder. */
export interface MetIn {
  sid: string | null;
  /** The user (BNAME in that system), role or profile that meets it there. */
  name: string;
  /** The action the single-system reading reports there (rule 11); null for a function without actions. */
  action: string | null;
  /** `SID/path` texts of the holder's paths that could be a source of it there (see the header). */
  sources: string[];
}

export interface CrossFinding {
  level: HolderLevel;
  /** The person at user level; `SID/NAME` for roles and profiles (NAME alone without SID). */
  id: string;
  riskId: string;
  crossSystem: boolean;
  functions: Array<{ functionId: string; metIn: MetIn[] }>;
  /** Org-level risks (rule 15): per system where the whole risk is met, the org values there. */
  orgValues?: Array<{ sid: string | null; values: string[] }>;
}

const countsIn = (system: string | undefined, sid: string | null): boolean =>
  sid === null || (system ?? '') === '' || system === sid;

/**
 * Bullet 1 of rule 18: the function as system `sid` sees it, or undefined when it is not met
 * there at all. Only actions and lines whose SYSTEM is empty or `sid` are kept; a function
 * with an active action somewhere but none left in `sid` is not met in `sid` (it does not fall
 * back to "no active actions", which would make it a permission-only function).
 */
export function functionInSystem(fn: CrossRuleFunction, sid: string | null): RuleFunction | undefined {
  const actions = fn.actions.filter((a) => countsIn(a.system, sid)).map((a) => ({ action: a.action, active: a.active }));
  const permissions = fn.permissions
    .filter((p) => countsIn(p.system, sid))
    .map((p) => ({ action: p.action, object: p.object, field: p.field, low: p.low, high: p.high, operator: p.operator, active: p.active }));
  const activeAnywhere = fn.actions.some((a) => a.active);
  if (activeAnywhere && !actions.some((a) => a.active)) return undefined;
  return { id: fn.id, description: fn.description, businessProcess: fn.businessProcess, actions, permissions };
}

/**
 * The ruleset as one system sees it; a function not met there is left out, and a function id
 * that is not defined is never met (reading 23).
 */
export function rulesetInSystem(ruleset: CrossRuleset, sid: string | null): Ruleset {
  return {
    risks: ruleset.risks,
    functions: ruleset.functions.map((f) => functionInSystem(f, sid)).filter((f): f is RuleFunction => f !== undefined),
  };
}

/** The ruleset without SYSTEM columns (every row kept): what a single `--system DIR` reads. */
export function withoutSystems(ruleset: CrossRuleset): Ruleset {
  return rulesetInSystem(ruleset, null);
}

/**
 * Bullet 2: the PERSON of the (SYSTEM, BNAME) row of the mapping, otherwise the BNAME.
 * READING: a second row for the same (SYSTEM, BNAME) is not generated; the first one wins here.
 */
export function personOf(map: readonly UserMapRow[], sid: string | null, bname: string): string {
  if (sid === null) return bname;
  return map.find((r) => r.system === sid && r.bname === bname)?.person ?? bname;
}

const prefixed = (sid: string | null, text: string): string => (sid === null ? text : `${sid}/${text}`);

/** The paths whose instances a check of `action` (or of a function without actions) could use in this system. */
function possibleSources(
  x: SystemExtract,
  fn: RuleFunction,
  instances: readonly RefInstance[],
  action: string | null,
  options: Pick<AnalysisOptions, 'level'>,
  sid: string | null,
): string[] {
  const out = new Set<string>();
  const tcode = action === null ? null : normaliseValue(action);
  const checkObjects = new Set(action === null ? [] : x.tcodeChecks.filter((c) => c.tcode === action).map((c) => c.object));
  const lineObjects = new Set(
    options.level === 'action'
      ? []
      : fn.permissions.filter((l) => l.active && (action === null || l.action === action || l.action === '')).map((l) => l.object),
  );
  for (const i of instances) {
    const tcd = tcode !== null && i.object === 'S_TCODE' && (i.fields.get('TCD') ?? []).some((r) => rowCovers(r, tcode));
    if (tcd || checkObjects.has(i.object) || lineObjects.has(i.object)) out.add(prefixed(sid, pathText(i.path)));
  }
  return [...out];
}

interface Holder {
  sid: string | null;
  name: string;
  x: SystemExtract;
  rs: Ruleset;
  instances: RefInstance[];
}

const isOrgLevel = (risk: Risk, options: Pick<AnalysisOptions, 'level'>): boolean =>
  options.level === 'permission' && refOrgFields(risk).length > 0;

/** Rule 15 within each holder (one system each): the systems where the whole org-level risk is met. */
function orgFinding(holders: readonly Holder[], risk: Risk, options: AnalysisOptions): Omit<CrossFinding, 'level' | 'id'> | null {
  const met = holders.flatMap((h) => {
    const found = referenceOrgFinding(h.x, h.rs, h.instances, risk, options);
    return found ? [{ h, found }] : [];
  });
  if (met.length === 0) return null;
  return {
    riskId: risk.id,
    crossSystem: false,
    functions: risk.functionIds.map((functionId, k) => ({
      functionId,
      metIn: met.map(({ h, found }) => {
        const action = found.functions[k].action;
        const fn = h.rs.functions.find((f) => f.id === functionId)!;
        return { sid: h.sid, name: h.name, action, sources: possibleSources(h.x, fn, h.instances, action, options, h.sid) };
      }),
    })),
    orgValues: met.map(({ h, found }) => ({ sid: h.sid, values: found.orgValues })),
  };
}

/**
 * Rules 8, 9 and 18 for the holders that stand for one person (or one role or profile): every
 * function met by some holder, each possibly in another system; CROSS_SYSTEM when no single
 * holder meets them all.
 */
function plainFinding(holders: readonly Holder[], risk: Risk, options: AnalysisOptions): Omit<CrossFinding, 'level' | 'id'> | null {
  if (risk.functionIds.length === 0) return null;
  const functions = risk.functionIds.map((functionId) => ({
    functionId,
    metIn: holders.flatMap((h): MetIn[] => {
      const fn = h.rs.functions.find((f) => f.id === functionId);
      const outcome = evaluateFunction(h.x, h.instances, fn, options);
      if (!outcome.met || !fn) return [];
      return [{ sid: h.sid, name: h.name, action: outcome.action, sources: possibleSources(h.x, fn, h.instances, outcome.action, options, h.sid) }];
    }),
  }));
  if (functions.some((f) => f.metIn.length === 0)) return null;
  const whole = holders.some((h) => functions.every((f) => f.metIn.some((m) => m.sid === h.sid && m.name === h.name)));
  return { riskId: risk.id, crossSystem: !whole, functions };
}

/** Every finding rule 18 demands (no acceptance, no mitigation). */
export function referenceCrossSystem(l: CrossLandscape, options: AnalysisOptions): CrossFinding[] {
  if (l.systems.length > 1 && l.systems.some((s) => s.sid === null)) throw new Error('several systems need a SID each');
  const levels = options.holderLevels ?? ['USER', 'ROLE', 'PROFILE'];
  const risks = evaluatedRisks(withoutSystems(l.ruleset), options);
  const perSystem = l.systems.map((s) => ({ ...s, rs: rulesetInSystem(l.ruleset, s.sid) }));
  const groups: Array<{ level: HolderLevel; id: string; holders: Holder[] }> = [];

  if (levels.includes('USER')) {
    const persons = new Map<string, Holder[]>();
    for (const s of perSystem) {
      for (const u of s.extract.users) {
        // Rule 2 in the user's own system: a person locked in one system still counts in another.
        if (exclusionReasons(u, options).length > 0) continue;
        const person = personOf(l.userMap, s.sid, u.bname);
        const list = persons.get(person) ?? [];
        list.push({ sid: s.sid, name: u.bname, x: s.extract, rs: s.rs, instances: userInstances(s.extract, u.bname, options.date) });
        persons.set(person, list);
      }
    }
    for (const [id, holders] of persons) groups.push({ level: 'USER', id, holders });
  }
  for (const s of perSystem) {
    const holder = (name: string, instances: RefInstance[]): Holder => ({ sid: s.sid, name, x: s.extract, rs: s.rs, instances });
    if (levels.includes('ROLE')) {
      for (const r of namedRoles(s.extract)) groups.push({ level: 'ROLE', id: prefixed(s.sid, r), holders: [holder(r, roleHolderInstances(s.extract, r))] });
    }
    if (levels.includes('PROFILE')) {
      for (const p of manualProfiles(s.extract)) groups.push({ level: 'PROFILE', id: prefixed(s.sid, p), holders: [holder(p, profileHolderInstances(s.extract, p))] });
    }
  }

  const out: CrossFinding[] = [];
  for (const g of groups) {
    for (const risk of risks) {
      const found = isOrgLevel(risk, options) ? orgFinding(g.holders, risk, options) : plainFinding(g.holders, risk, options);
      // Only a person can be cross-system: a role or profile is one holder in one system.
      if (found) out.push({ level: g.level, id: g.id, ...found });
    }
  }
  return out;
}

/** `LEVEL:ID:RISK_ID:CROSS_SYSTEM`, the key the tests compare. */
export function crossKey(f: Pick<CrossFinding, 'level' | 'id' | 'riskId' | 'crossSystem'>): string {
  return `${f.level}:${f.id}:${f.riskId}:${f.crossSystem ? 'X' : ''}`;
}
