import type { Database } from '../db/database.ts';

/** Whether the customer deactivated the finding's risk (risk_deactivations), as SQL on a `findings f` row. */
const DEACTIVATED = 'EXISTS (SELECT 1 FROM risk_deactivations d WHERE d.customer_id = f.customer_id AND d.risk_id = f.risk_id)';

/**
 * Marks the stored findings of the customer's completed analyses (of one risk, when given) as
 * deactivated or not, after a risk was deactivated or reactivated: their status follows
 * (migration 0031: `deactivated` first), as it follows acceptances (reapplyAcceptances). Only
 * the rows that change are written; the write is heard by the API nodes that keep pages of the
 * findings list (migration 0029's trigger). Returns the number of findings that changed.
 */
export async function reapplyDeactivations(db: Database, customerId: string, riskId?: string): Promise<number> {
  const params: unknown[] = [customerId];
  if (riskId !== undefined) params.push(riskId);
  const { rows } = await db.query<{ n: number }>(
    `WITH changed AS (
       UPDATE findings f SET deactivated = ${DEACTIVATED}
       WHERE f.customer_id = $1${riskId !== undefined ? ' AND f.risk_id = $2' : ''}
         AND f.analysis_id IN (SELECT id FROM analyses WHERE customer_id = $1 AND status = 'completed')
         AND f.deactivated <> ${DEACTIVATED}
       RETURNING 1
     )
     SELECT count(*)::int AS n FROM changed`,
    params,
  );
  return Number(rows[0].n);
}

/**
 * At analysis time, after its findings are stored and before it completes: a risk deactivated
 * while the analysis ran (the engine skipped the risks deactivated when it began) shows as such.
 */
export async function deactivateAnalysis(db: Database, customerId: string, analysisId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `WITH changed AS (
       UPDATE findings f SET deactivated = true
       WHERE f.analysis_id = $1 AND NOT f.deactivated
         AND f.risk_id IN (SELECT risk_id FROM risk_deactivations WHERE customer_id = $2)
       RETURNING 1
     )
     SELECT count(*)::int AS n FROM changed`,
    [analysisId, customerId],
  );
  return Number(rows[0].n);
}
