import type { Database } from '../../db/database.ts';

/** The columns `segra analyze --usage` adds after the findings' own (DESIGN 5.17). */
export const USAGE_COLUMNS = ['EXECUTION', 'REMEDIATION'] as const;

/** EXECUTION and REMEDIATION cells of an export row: empty for role and profile findings. */
export const usageCells = (r: { execution: string | null; remediation: string | null }): string[] => [r.execution ?? '', r.remediation ?? ''];

/** Whether the analysis was run with the period's usage: then its exports carry EXECUTION and REMEDIATION. */
export async function analysisUsesUsage(db: Database, analysisId: string): Promise<boolean> {
  const { rows } = await db.query<{ with_usage: boolean }>('SELECT with_usage FROM analyses WHERE id = $1', [analysisId]);
  return rows[0]?.with_usage ?? false;
}
