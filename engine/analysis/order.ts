import { compareCodePoints } from '../authorisation/code-point.ts';

/** Orders rows by level, holder, risk id as plain code-point strings (the CSV's order, DESIGN 11). */
export function compareHolderRows(
  a: { level: string; holder: string; riskId: string },
  b: { level: string; holder: string; riskId: string },
): number {
  return compareCodePoints(a.level, b.level) || compareCodePoints(a.holder, b.holder) || compareCodePoints(a.riskId, b.riskId);
}

/** Per risk index, its place in the risks' order by id (code points; ties in ruleset order): a holder's findings in the CSV's order. */
export function riskRanksById(risks: ReadonlyArray<{ risk: { id: string } }>): Int32Array {
  const order = risks.map((_, i) => i).sort((a, b) => compareCodePoints(risks[a].risk.id, risks[b].risk.id) || a - b);
  const ranks = new Int32Array(risks.length);
  order.forEach((risk, rank) => (ranks[risk] = rank));
  return ranks;
}
