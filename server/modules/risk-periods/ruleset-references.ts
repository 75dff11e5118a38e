import type { Database } from '../../db/database.ts';
import type { ResourceContext } from '../../resources/define-resource.ts';
import { writeTenant } from '../../platform/resource/tenant.ts';


/**
 * A risk may name only functions of its own risk period: a risk naming a function that does
 * not exist can never fire, and would be reported as evaluated (issue 15, item 6).
 */
export async function checkRiskFunctions(
  db: Database,
  data: Record<string, unknown>,
  ctx: ResourceContext,
  record?: Record<string, unknown>,
): Promise<Record<string, string> | undefined> {
  const functionIds = data.functionIds as string[] | undefined;
  if (functionIds === undefined) return undefined;
  const customerId = writeTenant(ctx, record);
  const riskPeriodId = (data.riskPeriodId ?? record?.riskPeriodId) as string;
  const period = await db.query('SELECT 1 FROM risk_periods WHERE id = $1 AND customer_id = $2', [riskPeriodId, customerId]);
  if (period.rows.length === 0) return { riskPeriodId: 'The risk period does not exist' };
  const { rows } = await db.query<{ function_id: string }>(
    'SELECT function_id FROM functions WHERE customer_id = $1 AND risk_period_id = $2 AND function_id = ANY($3::text[])',
    [customerId, riskPeriodId, functionIds],
  );
  const known = new Set(rows.map((r) => r.function_id));
  const unknown = [...new Set(functionIds.filter((f) => !known.has(f)))];
  return unknown.length > 0 ? { functionIds: `Unknown function in this risk period: ${unknown.join(', ')}` } : undefined;
}

/** Acceptances and deactivations name a risk of one of the customer's risk periods (issue 15, item 6). */
export async function checkRiskExists(
  db: Database,
  data: Record<string, unknown>,
  ctx: ResourceContext,
  record?: Record<string, unknown>,
): Promise<Record<string, string> | undefined> {
  const riskId = data.riskId as string | undefined;
  if (riskId === undefined) return undefined;
  const { rows } = await db.query('SELECT 1 FROM risks WHERE customer_id = $1 AND risk_id = $2 LIMIT 1', [
    writeTenant(ctx, record),
    riskId,
  ]);
  return rows.length === 0 ? { riskId: `Unknown risk: ${riskId}` } : undefined;
}
