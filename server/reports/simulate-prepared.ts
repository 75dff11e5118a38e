import { AcceptanceIndex } from '../../engine/analysis/acceptance.ts';
import { MitigationIndex } from '../../engine/analysis/mitigation.ts';
import type { PreparedAnalysis } from '../../engine/analysis/prepared-analysis.ts';
import { simulateOn, SimulationError } from '../../engine/analysis/simulate.ts';
import type { AuthorisationValue, Finding, RiskAcceptance, SimulationRequest } from '../../engine/model/analysis.ts';
import { findingRecords, type SimulatedFinding } from '../../engine/output/finding-records.ts';
import type { Landscape } from '../../engine/landscape/landscape.ts';
import type { MitigationAssignment } from '../../engine/model/controls.ts';
import type { Date8 } from '../../engine/model/dates.ts';

/** What a simulation asks of a prepared analysis (the checked body of POST /api/simulations). */
export interface SimulationAsk {
  user?: string;
  role?: string;
  addRoles: string[];
  removeRoles: string[];
  addAuthorisations: AuthorisationValue[];
  removeAuthorisations: AuthorisationValue[];
}

export type SimulationAnswer =
  | {
      ok: true;
      summary: { before: number; after: number; added: number; removed: number; changed: number };
      before: SimulatedFinding[];
      after: SimulatedFinding[];
      added: SimulatedFinding[];
      removed: SimulatedFinding[];
      /** Held before and after, at other org values (DESIGN 5.15). */
      changed: SimulatedFinding[];
      simulateMs: number;
      /** Decoding and preparing the holder's slice of the period in the thread (simulation-worker.ts). */
      prepareMs?: number;
    }
  // A user or role that is not in the period: the route answers 404 with its code (DESIGN 6).
  | { ok: false; notFound: HolderMissing };

/** A holder the period lacks: the 404's code, the name it carries, and the English text. */
export interface HolderMissing {
  code: 'USER_NOT_IN_PERIOD' | 'ROLE_NOT_IN_PERIOD';
  name: string;
  message: string;
}

/**
 * One simulation (DESIGN 5.14) on a prepared analysis, with the customer's acceptances and
 * mitigations applied, so each finding shows the status it would have (DESIGN 6): pure work on
 * data, run in the thread that holds the prepared analysis (simulation-worker.ts).
 */
export function simulatePrepared(
  prepared: PreparedAnalysis,
  ask: SimulationAsk,
  acceptances: readonly RiskAcceptance[],
  mitigations: readonly MitigationAssignment[] = [],
): SimulationAnswer {
  const l = prepared.landscape;
  if (ask.user !== undefined && !l.users.has(ask.user)) {
    return { ok: false, notFound: { code: 'USER_NOT_IN_PERIOD', name: ask.user, message: `User ${ask.user} is not in the system period (USR02)` } };
  }
  const roles = new Set(l.roles);
  const unknown = (role: string | undefined, what: string): HolderMissing | null =>
    role !== undefined && !roles.has(role) ? { code: 'ROLE_NOT_IN_PERIOD', name: role, message: `${what} ${role} is not in the system period` } : null;
  const missing =
    unknown(ask.role, 'Role') ??
    ask.addRoles.map((r) => unknown(r, 'Role to add')).find(Boolean) ??
    ask.removeRoles.map((r) => unknown(r, 'Role to remove')).find(Boolean);
  if (missing) return { ok: false, notFound: missing };

  const simulation: SimulationRequest = {
    holder: ask.user !== undefined ? { kind: 'user', bname: ask.user } : { kind: 'role', role: ask.role! },
    addRoles: ask.addRoles,
    removeRoles: ask.removeRoles,
    addAuthorisations: ask.addAuthorisations,
    removeAuthorisations: ask.removeAuthorisations,
  };
  const t0 = performance.now();
  let result;
  try {
    result = simulateOn(prepared, simulation);
  } catch (e) {
    // The holder checks above run first, so this names the request's own holder.
    if (e instanceof SimulationError) {
      return { ok: false, notFound: { code: ask.user !== undefined ? 'USER_NOT_IN_PERIOD' : 'ROLE_NOT_IN_PERIOD', name: ask.user ?? ask.role ?? '', message: e.message } };
    }
    throw e;
  }
  const simulateMs = performance.now() - t0;
  const controls = applyDecisions(prepared, simulation, result.before, result.after, new AcceptanceIndex(acceptances, prepared.options.date), new MitigationIndex(mitigations, prepared.options.date));
  const controlsOf = (f: Finding): readonly string[] => controls.get(f) ?? [];
  return {
    ok: true,
    summary: { before: result.before.length, after: result.after.length, added: result.added.length, removed: result.removed.length, changed: result.changed.length },
    before: findingRecords(result.before, controlsOf),
    after: findingRecords(result.after, controlsOf),
    added: findingRecords(result.added, controlsOf),
    removed: findingRecords(result.removed, controlsOf),
    changed: findingRecords(result.changed, controlsOf),
    simulateMs,
  };
}

/**
 * The customer's acceptances (DESIGN 5.12) and mitigations (5.16) on the simulated findings:
 * sets each finding's acceptance and returns the controls that mitigate it. The prepared
 * analysis is shared and built without them; the roles a simulated user holds afterwards are
 * its roles on D with the added ones and without the removed ones, as the engine simulates them.
 */
function applyDecisions(
  prepared: PreparedAnalysis,
  request: SimulationRequest,
  before: Finding[],
  after: Finding[],
  index: AcceptanceIndex,
  mitigations: MitigationIndex,
): Map<Finding, string[]> {
  const controls = new Map<Finding, string[]>();
  const riskIndex = new Map(prepared.compiled.risks.map((r, i) => [r.risk.id, i]));
  const meets = (riskId: string) => (role: string) => {
    const i = riskIndex.get(riskId);
    return i !== undefined && prepared.roleRisks(role).has(i);
  };
  const l = prepared.landscape;
  const date = prepared.options.date;
  let heldBefore: Set<string> | null = null;
  let heldAfter: Set<string> | null = null;
  // The role tree (DESIGN 5.12, 5.16), as the engine's acceptance walks it: a composite whose
  // children loop back lies on no source path, yet it is held inside the assigned composite.
  const rolesBefore = (): Set<string> => {
    if (request.holder.kind !== 'user') return new Set();
    return (heldBefore ??= l.roleTreeOf(request.holder.bname, date));
  };
  const rolesAfter = (): Set<string> => {
    if (request.holder.kind !== 'user') return new Set();
    return (heldAfter ??= roleTreeAfter(l, request.holder.bname, date, request.addRoles, new Set(request.removeRoles)));
  };
  const apply = (list: Finding[], held: () => Set<string>): void => {
    for (const f of list) {
      if (!index.isEmpty) {
        const found = index.find(f.level, f.holder, f.riskId, held, meets(f.riskId));
        f.accepted = found !== null;
        f.acceptance = found;
      }
      const mitigation = mitigations.find(f.level, f.holder, f.riskId, held, meets(f.riskId));
      if (mitigation.controls.length > 0) controls.set(f, mitigation.controls);
    }
  };
  apply(before, rolesBefore);
  apply(after, rolesAfter);
  return controls;
}

/**
 * The roles a simulated user holds afterwards: the role tree (`Landscape.roleTreeOf`) of its
 * roles on D with the added ones, where a removed role is not held and not walked through, as
 * the engine's simulation drops every source whose path passes a removed role.
 */
export function roleTreeAfter(l: Landscape, bname: string, date: Date8, addRoles: readonly string[], removed: ReadonlySet<string>): Set<string> {
  if (removed.size === 0) return l.roleTreeOf(bname, date, [...new Set([...l.rolesOf(bname, date), ...addRoles])]);
  const held = new Set<string>();
  const stack: string[] = [];
  const reach = (role: string): void => {
    if (removed.has(role) || held.has(role)) return;
    held.add(role);
    stack.push(role);
  };
  for (const r of l.rolesOf(bname, date)) reach(r);
  for (const r of addRoles) reach(r);
  const ref = l.referenceUserByUser.get(bname);
  if (ref !== undefined && ref !== bname && l.users.has(ref)) for (const r of l.rolesOf(ref, date)) reach(r);
  while (stack.length > 0) for (const child of l.childrenByComposite.get(stack.pop()!) ?? []) reach(child);
  return held;
}
