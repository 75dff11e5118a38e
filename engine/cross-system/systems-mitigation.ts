import { MitigationIndex } from '../analysis/mitigation.ts';
import type { Finding } from '../model/analysis.ts';
import type { FindingMitigation, InputWarning, MitigationAssignment } from '../model/controls.ts';
import type { SystemsAnalysis } from './analyse-systems.ts';

/**
 * Mitigating controls of a cross-system analysis's findings (DESIGN 5.16 with 5.18): a USER
 * assignment names the person, a ROLE assignment `SID/ROLE`; a person's finding is also
 * mitigated by a role the person holds in some system that meets the whole risk by itself there.
 */
export function mitigateSystemFindings(analysis: SystemsAnalysis, findings: readonly Finding[], assignments: readonly MitigationAssignment[]): FindingMitigation[] {
  const index = new MitigationIndex(assignments, analysis.options.date);
  // Findings come grouped by holder; a person's roles are worked out once.
  let heldFor: string | null = null;
  let held: Set<string> = new Set();
  const rolesHeld = (person: string): Set<string> => {
    if (heldFor !== person) {
      heldFor = person;
      held = analysis.rolesHeldBy(person);
    }
    return held;
  };
  return findings.map((f) =>
    index.find(
      f.level,
      f.holder,
      f.riskId,
      () => rolesHeld(f.holder),
      (role) => analysis.roleMeetsRisk(role, f.riskId),
    ),
  );
}

/**
 * Assignments naming a risk the ruleset lacks, a person with no user in scope in any system, or
 * a role that is no `SID/ROLE` of an analysed system: counted, as mitigationWarnings does for one system.
 */
export function systemsMitigationWarnings(analysis: SystemsAnalysis, assignments: readonly MitigationAssignment[], table = 'MITIGATIONS'): InputWarning[] {
  const risks = new Set(analysis.ruleset.risks.map((r) => r.id));
  const unknown = { RISK_NOT_IN_RULESET: new Set<string>(), USER_NOT_IN_USR02: new Set<string>(), ROLE_NOT_IN_EXTRACT: new Set<string>() };
  for (const a of assignments) {
    if (!risks.has(a.riskId)) unknown.RISK_NOT_IN_RULESET.add(a.riskId);
    if (a.level === 'USER' && !analysis.hasPerson(a.id)) unknown.USER_NOT_IN_USR02.add(a.id);
    if (a.level === 'ROLE' && !analysis.hasRole(a.id)) unknown.ROLE_NOT_IN_EXTRACT.add(a.id);
  }
  return Object.entries(unknown).flatMap(([code, names]) => (names.size === 0 ? [] : [{ code, table, count: names.size, examples: [...names].slice(0, 10) }]));
}
