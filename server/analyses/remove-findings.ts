import type { Database } from '../db/database.ts';
import { nextTurn } from '../db/next-turn.ts';

// Findings deleted by one statement: on the embedded database each statement runs on the
// API's thread, and a million-row DELETE would hold it for seconds.
const BATCH = 5000;

/** Removes an analysis's findings in short statements (a canceled, failed or rerun analysis). */
export async function removeFindings(db: Database, analysisId: string): Promise<number> {
  let removed = 0;
  for (;;) {
    const { rows } = await db.query<{ n: number }>(
      `WITH gone AS (DELETE FROM findings WHERE id IN (SELECT id FROM findings WHERE analysis_id = $1 LIMIT ${BATCH}) RETURNING 1)
       SELECT count(*)::int AS n FROM gone`,
      [analysisId],
    );
    const n = Number(rows[0].n);
    removed += n;
    if (n < BATCH) return removed;
    await nextTurn();
  }
}
