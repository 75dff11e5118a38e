/**
 * The holder facts of a cross-system analysis (DESIGN 5.18): a user-level finding's holder is a
 * person, whose name and user type are those of the user the finding's first function names
 * (`functions[0].system`/`user`, the engine's choice, decision 2026-11-28-cross-system-risks
 * reading 6); a role or profile `SID/NAME` is read in its system. The roles that meet a
 * person's risk are the `SID/ROLE`s it holds that meet it alone in their system (reading 8).
 */
import type { SystemsAnalysis } from '../../engine/cross-system/analyse-systems.ts';
import type { Finding } from '../../engine/model/analysis.ts';
import { COPY_NULL } from '../db/copy-text.ts';
import { findingNames, findingUserType, type HolderFacts } from './finding-lines.ts';

export function systemsFacts(analysis: SystemsAnalysis): HolderFacts {
  const bySid = new Map(analysis.systems.map((s) => [s.sid, { names: findingNames(s.prepared), userType: findingUserType(s.prepared) }]));
  // The finding as its own system sees it: the holder that system knows (BNAME, role, profile).
  const local = (f: Finding): { facts: ReturnType<typeof bySid.get>; finding: Finding } => {
    if (f.level === 'USER') {
      const first = f.functions[0];
      return { facts: first?.system ? bySid.get(first.system) : undefined, finding: { ...f, holder: first?.user ?? f.holder } };
    }
    const slash = f.holder.indexOf('/');
    return { facts: bySid.get(f.holder.slice(0, slash)), finding: { ...f, holder: f.holder.slice(slash + 1) } };
  };
  return {
    names(f) {
      const { facts, finding } = local(f);
      const [holderName, risk] = (facts ?? bySid.values().next().value!).names(finding);
      return [facts ? holderName : '', risk];
    },
    userType(f) {
      if (f.level !== 'USER') return COPY_NULL;
      const { facts, finding } = local(f);
      return facts ? facts.userType(finding) : '';
    },
    meetingRoles(f) {
      if (f.level !== 'USER') return [];
      return [...analysis.rolesHeldBy(f.holder)].filter((role) => analysis.roleMeetsRisk(role, f.riskId)).sort();
    },
  };
}
