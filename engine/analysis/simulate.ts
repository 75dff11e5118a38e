import type { AnalysisOptions, AuthorisationValue, Finding, SimulationRequest, SimulationResult } from '../model/analysis.ts';
import type { SystemExtract } from '../model/extract.ts';
import type { Ruleset } from '../model/ruleset.ts';
import { buildRoleInstances, type AuthorisationInstance } from '../landscape/instances.ts';
import type { ReachedSource } from '../landscape/landscape.ts';
import { orgValueItems } from '../output/findings-csv.ts';
import { sameItems } from './compare.ts';
import { PreparedAnalysis, type Holder } from './prepared-analysis.ts';

export class SimulationError extends Error {}

const SIMULATED = 'S:';

function sameValue(a: AuthorisationValue, b: AuthorisationValue): boolean {
  return a.object === b.object && a.auth === b.auth && a.field === b.field && a.low === b.low && a.high === b.high;
}

/**
 * What-if analysis for one user or role (DESIGN 5.14) on a prepared analysis: nothing in the
 * extract or the prepared state changes; changed sources are evaluated on the side.
 */
export function simulateOn(prepared: PreparedAnalysis, request: SimulationRequest): SimulationResult {
  const l = prepared.landscape;
  const removed = new Set(request.removeRoles);
  const offPath = (s: ReachedSource): boolean => !s.path.some((p) => p.kind === 'role' && removed.has(p.name));
  let before: Holder;
  let after: Holder;
  const extraBits = new Map<string, Uint32Array | null>();
  const extraInstances = new Map<string, AuthorisationInstance[] | undefined>();

  if (request.holder.kind === 'user') {
    const bname = request.holder.bname;
    if (!l.users.has(bname)) throw new SimulationError(`User ${bname} is not in the system period (USR02).`);
    before = prepared.userHolder(bname);
    const roles = [...l.rolesOf(bname, prepared.options.date), ...request.addRoles.filter((r) => !removed.has(r))];
    const sources = (): ReachedSource[] => l.userSources(bname, prepared.options.date, [...new Set(roles)]).filter(offPath);
    after = { level: 'USER', name: bname, sources, sourceKeys: () => sources().map((s) => s.key) };
  } else {
    const role = request.holder.role;
    if (!l.roles.includes(role)) throw new SimulationError(`Role ${role} is not in the system period.`);
    before = prepared.roleHolder(role);
    const adds = request.addAuthorisations ?? [];
    const removes = request.removeAuthorisations ?? [];
    const ownKey = `R:${role}`;
    let simulatedOwn: string | null = null;
    if (adds.length > 0 || removes.length > 0) {
      // The role's own rows, changed, become a simulated source evaluated on the side.
      const own = prepared.ownRows(role).filter((r) => !r.deleted && !removes.some((x) => sameValue(x, r)));
      const instances = buildRoleInstances(
        { ...prepared.extract, roleAuthorisations: own, roleAuthorisationColumns: undefined },
        (o) => prepared.compiled.objects.has(o),
        prepared.intervals,
        adds.map((a) => ({ ...a, role })),
      ).get(role);
      simulatedOwn = SIMULATED + role;
      extraBits.set(simulatedOwn, prepared.sourceEvaluator.evaluate(instances));
      extraInstances.set(simulatedOwn, instances);
    }
    const sources = (): ReachedSource[] => {
      const out = prepared.roleHolder(role).sources().filter(offPath).filter((s) => simulatedOwn === null || s.key !== ownKey);
      if (simulatedOwn !== null) out.push({ key: simulatedOwn, path: [{ kind: 'role', name: role }] });
      for (const added of request.addRoles) {
        if (removed.has(added)) continue;
        for (const leaf of l.roleLeaves(added)) out.push(leaf);
      }
      return out;
    };
    after = { level: 'ROLE', name: role, sources, sourceKeys: () => sources().map((s) => s.key) };
  }

  const beforeFindings = prepared.evaluateHolder(before);
  const afterFindings = prepared.evaluateHolder(after, extraBits, extraInstances);
  const beforeByRisk = new Map(beforeFindings.map((f) => [f.riskId, f]));
  const risksAfter = new Set(afterFindings.map((f) => f.riskId));
  return {
    before: beforeFindings,
    after: afterFindings,
    added: afterFindings.filter((f) => !beforeByRisk.has(f.riskId)),
    removed: beforeFindings.filter((f: Finding) => !risksAfter.has(f.riskId)),
    changed: afterFindings.filter((f) => {
      const was = beforeByRisk.get(f.riskId);
      return was !== undefined && !sameItems(orgValueItems(was), orgValueItems(f));
    }),
  };
}

/** One-shot simulation: prepares the analysis, then simulates. */
export function simulate(
  extract: SystemExtract,
  ruleset: Ruleset,
  options: AnalysisOptions,
  request: SimulationRequest,
): SimulationResult {
  return simulateOn(new PreparedAnalysis(extract, ruleset, options), request);
}
