import { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { fieldsInvalid, coded } from '../../errors.ts';
import { isoDate } from '../../resources/fields.ts';

/** The analysis request's usage fields (DESIGN 5.17): use the period's usage, within from/to (both optional). */
export const usageRequestFields = {
  withUsage: z.boolean({ error: 'With usage must be true or false' }).default(false),
  usageFrom: isoDate('Usage from').nullish(),
  usageTo: isoDate('Usage to').nullish(),
};

/** An analysis with usage needs the period's usage table ready, and a window that is not reversed. */
export async function checkUsageRequest(
  db: Database,
  body: { systemPeriodId: string; withUsage: boolean; usageFrom?: string | null; usageTo?: string | null },
): Promise<void> {
  if (!body.withUsage) return;
  if (body.usageFrom && body.usageTo && body.usageFrom > body.usageTo) {
    throw fieldsInvalid({ usageTo: 'Usage to must not be before usage from' });
  }
  const { rows } = await db.query<{ status: string }>('SELECT status FROM system_period_usage WHERE system_period_id = $1 AND usage_import_id IS NOT NULL', [
    body.systemPeriodId,
  ]);
  if (rows.length === 0) throw coded(409, 'USAGE_EMPTY', {}, 'The system period has no usage table; upload a usage export first');
}
