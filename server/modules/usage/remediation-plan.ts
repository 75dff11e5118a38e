/**
 * A per-user remediation plan (issue 17 item 3): a set of the user's own assignments to remove
 * that resolves every finding some single removal resolves (REMEDIATION, DESIGN 5.17) while
 * losing the fewest used tcodes. It is a minimum-cost hitting set over the findings'
 * REMEDIATION entries, each entry costing the used tcodes its removal alone loses; solved
 * exactly by branch and bound (the finding with the fewest entries first, bounded by the best
 * plan so far), falling back to the greedy plan past a node budget.
 * docs/decisions/2026-11-25-remediation-plan.md says why and how close it is on L.
 */
import { compareCodePoints } from '../../../engine/authorisation/code-point.ts';

export interface PlanEntry {
  kind: 'ROLE' | 'PROFILE';
  name: string;
  lostTcodes: number;
}

export interface PlanFinding {
  riskId: string;
  remediation: readonly PlanEntry[];
}

export interface RemediationPlan {
  removals: PlanEntry[];
  /** Sum of the removals' lostTcodes. */
  lostTcodes: number;
  resolved: string[];
  /** Risks no single removal resolves (the plan leaves them). */
  unresolved: string[];
  /** Whether branch and bound finished (the plan is optimal) or the greedy plan was kept. */
  optimal: boolean;
}

const keyOf = (e: Pick<PlanEntry, 'kind' | 'name'>): string => `${e.kind === 'ROLE' ? 'R' : 'P'}:${e.name}`;

interface Problem {
  entries: PlanEntry[];
  /** Per finding, the indexes of the entries that resolve it. */
  hits: number[][];
}

function problemOf(findings: readonly PlanFinding[]): Problem {
  const index = new Map<string, number>();
  const entries: PlanEntry[] = [];
  const hits: number[][] = [];
  for (const f of findings) {
    if (f.remediation.length === 0) continue;
    hits.push(
      f.remediation.map((e) => {
        const k = keyOf(e);
        let i = index.get(k);
        if (i === undefined) {
          i = entries.length;
          index.set(k, i);
          entries.push({ kind: e.kind, name: e.name, lostTcodes: e.lostTcodes });
        }
        return i;
      }),
    );
  }
  return { entries, hits };
}

/** Better plan: fewer lost tcodes, then fewer removals. */
const better = (cost: number, size: number, best: { cost: number; size: number }): boolean => cost < best.cost || (cost === best.cost && size < best.size);

/** The greedy plan: repeatedly the entry resolving the most open findings per lost tcode (+1). */
export function greedyPlan(p: Problem): number[] {
  const open = new Set(p.hits.map((_, i) => i));
  const chosen: number[] = [];
  while (open.size > 0) {
    const gain = new Map<number, number>();
    for (const f of open) for (const e of p.hits[f]) gain.set(e, (gain.get(e) ?? 0) + 1);
    let best = -1;
    let bestScore = -1;
    for (const [e, g] of gain) {
      const score = g / (p.entries[e].lostTcodes + 1);
      if (score > bestScore || (score === bestScore && compareCodePoints(keyOf(p.entries[e]), keyOf(p.entries[best])) < 0)) {
        best = e;
        bestScore = score;
      }
    }
    chosen.push(best);
    for (const f of [...open]) if (p.hits[f].includes(best)) open.delete(f);
  }
  return chosen;
}

const costOf = (p: Problem, chosen: readonly number[]): number => chosen.reduce((n, e) => n + p.entries[e].lostTcodes, 0);

/** Branch and bound from the greedy plan; `optimal` false when the node budget ran out first. */
export function exactPlan(p: Problem, budget = 200_000): { chosen: number[]; optimal: boolean } {
  let bestChosen = greedyPlan(p);
  const best = { cost: costOf(p, bestChosen), size: bestChosen.length };
  let nodes = 0;
  const chosen: number[] = [];
  const taken = new Set<number>();
  const search = (cost: number): boolean => {
    if (++nodes > budget) return false;
    // The open finding with the fewest entries: the narrowest branch.
    let pick = -1;
    for (let f = 0; f < p.hits.length; f++) {
      if (p.hits[f].some((e) => taken.has(e))) continue;
      if (pick < 0 || p.hits[f].length < p.hits[pick].length) pick = f;
    }
    if (pick < 0) {
      if (better(cost, chosen.length, best)) {
        best.cost = cost;
        best.size = chosen.length;
        bestChosen = [...chosen];
      }
      return true;
    }
    const options = [...p.hits[pick]].sort((a, b) => p.entries[a].lostTcodes - p.entries[b].lostTcodes);
    for (const e of options) {
      const next = cost + p.entries[e].lostTcodes;
      if (next > best.cost || (next === best.cost && chosen.length + 1 >= best.size)) continue;
      chosen.push(e);
      taken.add(e);
      const finished = search(next);
      taken.delete(e);
      chosen.pop();
      if (!finished) return false;
    }
    return true;
  };
  const optimal = search(0);
  return { chosen: bestChosen, optimal };
}

/** The plan of one user's findings. */
export function remediationPlan(findings: readonly PlanFinding[]): RemediationPlan {
  const p = problemOf(findings);
  const { chosen, optimal } = exactPlan(p);
  const removals = chosen.map((i) => p.entries[i]).sort((a, b) => a.lostTcodes - b.lostTcodes || compareCodePoints(keyOf(a), keyOf(b)));
  const removed = new Set(removals.map(keyOf));
  const resolved: string[] = [];
  const unresolved: string[] = [];
  for (const f of findings) (f.remediation.some((e) => removed.has(keyOf(e))) ? resolved : unresolved).push(f.riskId);
  return { removals, lostTcodes: removals.reduce((n, e) => n + e.lostTcodes, 0), resolved: resolved.sort(compareCodePoints), unresolved: unresolved.sort(compareCodePoints), optimal };
}

export { problemOf as planProblem, costOf as planCost };
