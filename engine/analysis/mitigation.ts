import { compareCodePoints } from '../authorisation/code-point.ts';
import type { Finding } from '../model/analysis.ts';
import type { FindingMitigation, InputWarning, MitigationAssignment } from '../model/controls.ts';
import { isWithin } from '../model/dates.ts';
import type { PreparedAnalysis } from './prepared-analysis.ts';

const OPEN: FindingMitigation = Object.freeze({ status: 'OPEN', controls: Object.freeze([]) as unknown as string[] });

interface RiskControls {
  byUser: Map<string, string[]>;
  byRole: Map<string, string[]>;
}

function push(map: Map<string, string[]>, key: string, control: string): void {
  const list = map.get(key);
  if (!list) map.set(key, [control]);
  else if (!list.includes(control)) list.push(control);
}

/**
 * Mitigating controls of an analysis (DESIGN 5.16) on its date D. A ROLE finding is mitigated
 * by the assignments for that role and risk; a USER finding by those for that user and risk,
 * and by those for a role the user holds on D (assigned, inside an assigned composite, or
 * through the reference user) that meets the whole risk by itself, as its role-level finding
 * would. A PROFILE finding is never mitigated: the contract assigns controls to users and roles
 * only (docs/decisions/2026-11-25-mitigations-and-usage.md).
 */
export function mitigateFindings(
  prepared: PreparedAnalysis,
  findings: readonly Finding[],
  assignments: readonly MitigationAssignment[],
): FindingMitigation[] {
  const date = prepared.options.date;
  const byRisk = new Map<string, RiskControls>();
  for (const a of assignments) {
    if (!isWithin(date, a.validFrom, a.validTo)) continue;
    let r = byRisk.get(a.riskId);
    if (!r) byRisk.set(a.riskId, (r = { byUser: new Map(), byRole: new Map() }));
    push(a.level === 'USER' ? r.byUser : r.byRole, a.id, a.controlId);
  }
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
    const r = byRisk.get(f.riskId);
    if (!r || f.level === 'PROFILE') return OPEN;
    const controls = new Set<string>();
    if (f.level === 'ROLE') {
      for (const c of r.byRole.get(f.holder) ?? []) controls.add(c);
    } else {
      for (const c of r.byUser.get(f.holder) ?? []) controls.add(c);
      const index = riskIndex.get(f.riskId);
      if (r.byRole.size > 0 && index !== undefined) {
        for (const role of rolesHeld(f.holder)) {
          const list = r.byRole.get(role);
          if (list && prepared.roleRisks(role).has(index)) for (const c of list) controls.add(c);
        }
      }
    }
    if (controls.size === 0) return OPEN;
    return { status: 'MITIGATED', controls: [...controls].sort(compareCodePoints) };
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
