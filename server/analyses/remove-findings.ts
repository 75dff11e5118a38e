import type { Database } from '../db/database.ts';

/**
 * Removes an analysis's findings (a canceled, failed or rerun analysis): each analysis keeps
 * them in a table of its own (migration 0044), dropped in one short statement whatever its size.
 */
export async function removeFindings(db: Database, analysisId: string): Promise<void> {
  await db.query('SELECT findings_partition_drop($1)', [analysisId]);
}
