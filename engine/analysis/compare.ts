import type { ComparisonRow, Finding } from '../model/analysis.ts';
import { compareHolderRows } from './order.ts';

/**
 * Compares two analyses (DESIGN 5.13): every (level, holder, risk) of either side is new
 * (right only), resolved (left only) or unchanged (both); a change of risk level between the
 * two rulesets is flagged on unchanged rows.
 */
export function compareFindings(left: readonly Finding[], right: readonly Finding[]): ComparisonRow[] {
  const key = (f: Finding): string => `${f.level}\u0000${f.holder}\u0000${f.riskId}`;
  const leftByKey = new Map(left.map((f) => [key(f), f]));
  const rightByKey = new Map(right.map((f) => [key(f), f]));
  const rows: ComparisonRow[] = [];
  for (const [k, l] of leftByKey) {
    const r = rightByKey.get(k);
    rows.push({
      level: l.level,
      holder: l.holder,
      riskId: l.riskId,
      status: r ? 'unchanged' : 'resolved',
      leftRiskLevel: l.riskLevel,
      rightRiskLevel: r ? r.riskLevel : null,
      levelChanged: r !== undefined && r.riskLevel !== l.riskLevel,
    });
  }
  for (const [k, r] of rightByKey) {
    if (leftByKey.has(k)) continue;
    rows.push({
      level: r.level,
      holder: r.holder,
      riskId: r.riskId,
      status: 'new',
      leftRiskLevel: null,
      rightRiskLevel: r.riskLevel,
      levelChanged: false,
    });
  }
  return rows.sort(compareHolderRows);
}
