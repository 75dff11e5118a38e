import { compareCodePoints } from '../authorisation/code-point.ts';

/** Orders rows by level, holder, risk id as plain code-point strings (the CSV's order, DESIGN 11). */
export function compareHolderRows(
  a: { level: string; holder: string; riskId: string },
  b: { level: string; holder: string; riskId: string },
): number {
  return compareCodePoints(a.level, b.level) || compareCodePoints(a.holder, b.holder) || compareCodePoints(a.riskId, b.riskId);
}
