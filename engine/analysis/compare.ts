import type { ComparisonRow, Finding } from '../model/analysis.ts';
import { orgValueItems } from '../output/findings-csv.ts';
import { compareHolderRows } from './order.ts';

export const sameItems = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every((v, i) => v === b[i]);

/**
 * Compares two analyses (DESIGN 5.13): every (level, holder, risk) of either side is new
 * (right only), resolved (left only) or unchanged (both); a change of risk level between the
 * two rulesets is flagged on unchanged rows, and so is a change of the org values at which an
 * org-level risk holds (DESIGN 5.15: "comparison respects it"). `orgItems` gives a finding's
 * sorted ORG_VALUES items; the server passes the stored ones.
 */
export function compareFindings<F extends Finding>(
  left: readonly F[],
  right: readonly F[],
  orgItems: (f: F) => string[] = orgValueItems,
): ComparisonRow[] {
  const key = (f: Finding): string => `${f.level}\u0000${f.holder}\u0000${f.riskId}`;
  const leftByKey = new Map(left.map((f) => [key(f), f]));
  const rightByKey = new Map(right.map((f) => [key(f), f]));
  const rows: ComparisonRow[] = [];
  for (const [k, l] of leftByKey) {
    const r = rightByKey.get(k);
    const leftOrgValues = orgItems(l);
    const rightOrgValues = r ? orgItems(r) : null;
    rows.push({
      level: l.level,
      holder: l.holder,
      riskId: l.riskId,
      status: r ? 'unchanged' : 'resolved',
      leftRiskLevel: l.riskLevel,
      rightRiskLevel: r ? r.riskLevel : null,
      levelChanged: r !== undefined && r.riskLevel !== l.riskLevel,
      leftOrgValues,
      rightOrgValues,
      orgValuesChanged: rightOrgValues !== null && !sameItems(leftOrgValues, rightOrgValues),
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
      leftOrgValues: null,
      rightOrgValues: orgItems(r),
      orgValuesChanged: false,
    });
  }
  return rows.sort(compareHolderRows);
}
