import { compareCodePoints } from '../authorisation/code-point.ts';
import { csvField } from '../output/findings-csv.ts';
import type { BasisFinding } from './types.ts';

/** The columns of `segra basis --format csv` (DESIGN 11). */
export const BASIS_CSV_COLUMNS = ['CHECK_ID', 'ID', 'DETAIL'] as const;

/** Orders basis findings by CHECK_ID, then ID, as plain code-point strings. */
/** What the CSV shows of a finding (rows read back from the database carry no parts). */
export type BasisCsvRow = Pick<BasisFinding, 'checkId' | 'id' | 'detail'>;

export function compareBasisFindings(a: BasisCsvRow, b: BasisCsvRow): number {
  return compareCodePoints(a.checkId, b.checkId) || compareCodePoints(a.id, b.id) || compareCodePoints(a.detail, b.detail);
}

/** The findings as CSV text: header first, rows sorted by CHECK_ID, ID, RFC 4180 quoting, `\n` line ends. */
export function basisFindingsToCsv(findings: readonly BasisCsvRow[]): string {
  const lines: string[] = [BASIS_CSV_COLUMNS.join(',')];
  for (const f of [...findings].sort(compareBasisFindings)) lines.push([f.checkId, f.id, f.detail].map(csvField).join(','));
  return lines.join('\n') + '\n';
}
