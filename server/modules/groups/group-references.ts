import type { Database } from '../../db/database.ts';
import { isUuid, type ResourceContext } from '../../resources/define-resource.ts';
import { writeTenant } from '../../platform/resource/tenant.ts';

export const UNKNOWN_SYSTEM = 'The system does not exist in this customer';

/**
 * A group's system is one of its own customer's systems (issue 15 leftovers): an id of another
 * customer's system, or of none, would be stored and shown as nothing. The customer is the
 * caller's, or the stored group's for a SuperAdmin without X-Customer-Id.
 */
export async function checkGroupSystem(
  db: Database,
  data: Record<string, unknown>,
  ctx: ResourceContext,
  record?: Record<string, unknown>,
): Promise<Record<string, string> | undefined> {
  const systemId = data.systemId;
  if (systemId === undefined || systemId === null) return undefined;
  const customerId = writeTenant(ctx, record);
  if (!isUuid(systemId) || customerId === null) return { systemId: UNKNOWN_SYSTEM };
  const { rows } = await db.query('SELECT 1 FROM systems WHERE id = $1 AND customer_id = $2', [systemId, customerId]);
  return rows.length === 0 ? { systemId: UNKNOWN_SYSTEM } : undefined;
}
