/**
 * The per-user remediation plan (issue 17 item 3): branch and bound finds the cheapest set of
 * removals resolving every finding a single removal resolves, checked against every subset on
 * random small cases; the greedy plan alone is not always that.
 */
import { describe, expect, it } from 'vitest';
import { exactPlan, greedyPlan, planCost, planProblem, remediationPlan, type PlanFinding } from '../../../server/modules/usage/remediation-plan.ts';

const R = (name: string, lostTcodes: number) => ({ kind: 'ROLE' as const, name, lostTcodes });

/** The cheapest cost (then fewest removals) over all subsets of entries that hit every finding. */
function bruteForce(findings: readonly PlanFinding[]): { cost: number; size: number } {
  const p = planProblem(findings);
  let best = { cost: Infinity, size: Infinity };
  for (let mask = 0; mask < 1 << p.entries.length; mask++) {
    if (!p.hits.every((h) => h.some((e) => mask & (1 << e)))) continue;
    const chosen = p.entries.map((_, i) => i).filter((i) => mask & (1 << i));
    const cost = planCost(p, chosen);
    if (cost < best.cost || (cost === best.cost && chosen.length < best.size)) best = { cost, size: chosen.length };
  }
  return best;
}

function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

describe('remediation plan', () => {
  it('resolves every finding some single removal resolves at the least lost tcodes (against all subsets)', () => {
    for (let seed = 1; seed <= 300; seed++) {
      const rnd = random(seed);
      const roles = Array.from({ length: 2 + Math.floor(rnd() * 7) }, (_, i) => R(`Z_R${i}`, Math.floor(rnd() * 6)));
      const findings: PlanFinding[] = Array.from({ length: 1 + Math.floor(rnd() * 8) }, (_, i) => ({
        riskId: `RISK${i}`,
        remediation: roles.filter(() => rnd() < 0.35),
      }));
      const plan = remediationPlan(findings);
      const best = bruteForce(findings);
      const resolvable = findings.filter((f) => f.remediation.length > 0);
      expect(plan.optimal).toBe(true);
      expect(plan.resolved.length).toBe(resolvable.length);
      expect(plan.unresolved.length).toBe(findings.length - resolvable.length);
      if (resolvable.length > 0) expect({ cost: plan.lostTcodes, size: plan.removals.length }).toEqual(best);
    }
  });

  it('beats the greedy plan where greedy takes the broad but costly removal', () => {
    // Z_BROAD resolves all three findings for 4 lost tcodes (3 per 5: greedy's pick); Z_A + Z_B + Z_C lose 3 together.
    const findings: PlanFinding[] = [
      { riskId: 'R1', remediation: [R('Z_A', 1), R('Z_BROAD', 4)] },
      { riskId: 'R2', remediation: [R('Z_B', 1), R('Z_BROAD', 4)] },
      { riskId: 'R3', remediation: [R('Z_C', 1), R('Z_BROAD', 4)] },
      { riskId: 'R4', remediation: [] },
    ];
    const p = planProblem(findings);
    const greedy = greedyPlan(p);
    expect(planCost(p, greedy)).toBe(4);
    expect(planCost(p, exactPlan(p).chosen)).toBe(3);
    const plan = remediationPlan(findings);
    expect(plan.removals.map((e) => e.name)).toEqual(['Z_A', 'Z_B', 'Z_C']);
    expect(plan).toMatchObject({ lostTcodes: 3, resolved: ['R1', 'R2', 'R3'], unresolved: ['R4'] });
  });
});
