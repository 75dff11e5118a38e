import { isWithin, type Date8 } from '../model/dates.ts';
import type { HolderLevel, RiskAcceptance } from '../model/analysis.ts';

/**
 * Which acceptance, if any, covers a finding (DESIGN 5.12). A role-level finding: a global
 * acceptance or one for that role. A user-level finding: global, for that user, or for a
 * role the user holds that meets the whole risk by itself. A profile-level finding: global.
 * Only acceptances valid on the analysis date count; the first in that order is reported.
 */
export class AcceptanceIndex {
  private readonly byRisk = new Map<string, RiskAcceptance[]>();

  constructor(
    acceptances: readonly RiskAcceptance[],
    private readonly date: Date8,
  ) {
    for (const a of acceptances) {
      if (!isWithin(date, a.validFrom, a.validTo)) continue;
      const list = this.byRisk.get(a.riskId);
      if (list) list.push(a);
      else this.byRisk.set(a.riskId, [a]);
    }
  }

  get isEmpty(): boolean {
    return this.byRisk.size === 0;
  }

  find(
    level: HolderLevel,
    holder: string,
    riskId: string,
    rolesHeld: () => Iterable<string>,
    roleMeetsRisk: (role: string) => boolean,
  ): RiskAcceptance | null {
    const list = this.byRisk.get(riskId);
    if (!list) return null;
    const global = list.find((a) => a.scope === 'global');
    if (global) return global;
    if (level === 'PROFILE') return null;
    if (level === 'ROLE') return list.find((a) => a.scope === 'role' && a.holder === holder) ?? null;
    const own = list.find((a) => a.scope === 'user' && a.holder === holder);
    if (own) return own;
    const roleScoped = list.filter((a) => a.scope === 'role');
    if (roleScoped.length === 0) return null;
    const held = new Set(rolesHeld());
    return roleScoped.find((a) => held.has(a.holder) && roleMeetsRisk(a.holder)) ?? null;
  }
}
