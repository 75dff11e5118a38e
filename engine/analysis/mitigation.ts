import { compareCodePoints } from '../authorisation/code-point.ts';
import type { Finding, HolderLevel } from '../model/analysis.ts';
import type { FindingMitigation, InputWarning, MitigationAssignment } from '../model/controls.ts';
import { isWithin, type Date8 } from '../model/dates.ts';
import type { PreparedAnalysis } from './prepared-analysis.ts';

const OPEN: FindingMitigation = Object.freeze({ status: 'OPEN', controls: Object.freeze([]) as unknown as string[] });

function push(map: Map<string, string[]>, key: string, control: string): void {
  const list = map.get(key);
  if (!list) map.set(key, [control]);
  else if (!list.includes(control)) list.push(control);
}

/**
 * The mitigating controls valid on a date D, by risk (DESIGN 5.16), answering for one finding
 * at a time: a ROLE finding is mitigated by the assignments for that role and risk; a USER
 * finding by those for that user and risk, and by those for a role the user holds on D that
 * meets the whole risk by itself. A PROFILE finding is never mitigated: the contract assigns
 * controls to users and roles only (docs/decisions/2026-11-25-mitigations-and-usage.md). The
 * caller says which roles the user holds and which of them meet the risk, so that stored
 * findings (which keep those roles) can be re-mitigated without evaluating again.
 */
export class MitigationIndex {
  private readonly byRisk = new Map<string, { byUser: Map<string, string[]>; byRole: Map<string, string[]> }>();

  constructor(assignments: readonly MitigationAssignment[], date: Date8) {
    for (const a of assignments) {
      if (!isWithin(date, a.validFrom, a.validTo)) continue;
      let r = this.byRisk.get(a.riskId);
      if (!r) this.byRisk.set(a.riskId, (r = { byUser: new Map(), byRole: new Map() }));
      push(a.level === 'USER' ? r.byUser : r.byRole, a.id, a.controlId);
    }
  }

  find(
    level: HolderLevel,
    holder: string,
    riskId: string,
    rolesHeld: () => Iterable<string>,
    roleMeetsRisk: (role: string) => boolean,
  ): FindingMitigation {
    const r = this.byRisk.get(riskId);
    if (!r || level === 'PROFILE') return OPEN;
    const controls = new Set<string>();
    if (level === 'ROLE') {
      for (const c of r.byRole.get(holder) ?? []) controls.add(c);
    } else {
      for (const c of r.byUser.get(holder) ?? []) controls.add(c);
      if (r.byRole.size > 0) {
        for (const role of rolesHeld()) {
          const list = r.byRole.get(role);
          if (list && roleMeetsRisk(role)) for (const c of list) controls.add(c);
        }
      }
    }
    if (controls.size === 0) return OPEN;
    return { status: 'MITIGATED', controls: [...controls].sort(compareCodePoints) };
  }
}

/** Mitigating controls of an analysis's findings on its date D (DESIGN 5.16), through MitigationIndex. */
export function mitigateFindings(
  prepared: PreparedAnalysis,
  findings: readonly Finding[],
  assignments: readonly MitigationAssignment[],
): FindingMitigation[] {
  const date = prepared.options.date;
  const index = new MitigationIndex(assignments, date);
  const riskIndex = new Map<string, number>();
  for (const r of prepared.compiled.risks) if (!riskIndex.has(r.risk.id)) riskIndex.set(r.risk.id, r.index);

  // Findings come grouped by holder; the roles a user holds are worked out once per user.
  let heldFor: string | null = null;
  let held: Set<string> = new Set();
  const rolesHeld = (user: string): Set<string> => {
    if (heldFor !== user) {
      heldFor = user;
      held = prepared.landscape.roleTreeOf(user, date);
    }
    return held;
  };

  return findings.map((f) => {
    const risk = riskIndex.get(f.riskId);
    return index.find(
      f.level,
      f.holder,
      f.riskId,
      () => rolesHeld(f.holder),
      (role) => risk !== undefined && prepared.roleRisks(role).has(risk),
    );
  });
}

/**
 * Assignments that name a risk the ruleset lacks, a user USR02 lacks or a role the extract does
 * not name: not errors (a control register outlives users and roles), but counted so that
 * nothing is dropped in silence (DESIGN 4.1a). Counts are distinct names.
 */
export function mitigationWarnings(prepared: PreparedAnalysis, assignments: readonly MitigationAssignment[], table = 'MITIGATIONS'): InputWarning[] {
  const risks = new Set(prepared.ruleset.risks.map((r) => r.id));
  const roles = new Set(prepared.landscape.roles);
  const users = prepared.landscape.users;
  const unknownRisks = new Set<string>();
  const unknownUsers = new Set<string>();
  const unknownRoles = new Set<string>();
  for (const a of assignments) {
    if (!risks.has(a.riskId)) unknownRisks.add(a.riskId);
    if (a.level === 'USER' && !users.has(a.id)) unknownUsers.add(a.id);
    if (a.level === 'ROLE' && !roles.has(a.id)) unknownRoles.add(a.id);
  }
  const out: InputWarning[] = [];
  const add = (code: string, names: Set<string>): void => {
    if (names.size > 0) out.push({ code, table, count: names.size, examples: [...names].slice(0, 10) });
  };
  add('RISK_NOT_IN_RULESET', unknownRisks);
  add('USER_NOT_IN_USR02', unknownUsers);
  add('ROLE_NOT_IN_EXTRACT', unknownRoles);
  return out;
}
