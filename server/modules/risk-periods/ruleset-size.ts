import type { Database } from '../../db/database.ts';
import { coded } from '../../errors.ts';
import { rulesetLimits } from '../../importers/ruleset-bounds.ts';
import type { ResourceContext } from '../../resources/define-resource.ts';

/** The 409 of a function or risk the ruleset has no room for. */
export const RULESET_FUNCTIONS_FULL = 'RULESET_FUNCTIONS_FULL';
export const RULESET_LINES_FULL = 'RULESET_LINES_FULL';

const length = (v: unknown): number => {
  const list = typeof v === 'string' ? (JSON.parse(v) as unknown) : v;
  return Array.isArray(list) ? list.length : 0;
};

/**
 * DESIGN 7b for a ruleset made record by record in the app: it keeps the bounds an imported one
 * has (MAX_RULESET_FUNCTIONS, MAX_RULESET_LINES; ruleset-bounds.ts reads them), counted as an
 * import counts them: a function is one line and each of its actions and permission lines one
 * more; a risk is one line and each function it names one more. A create or update that would
 * take the ruleset past a bound is refused (409, the code and `{ limit, setting }`); one that does
 * not grow it passes even when the ruleset is over a bound (the bound was lowered), so it can
 * still be shrunk.
 *
 * Counting reads the period's functions and risks (some 50 ms on a ruleset at the bound): paid on
 * a write that grows the ruleset only. Two such writes at once may both pass at the last place.
 */
export async function checkRulesetSize(
  db: Database,
  kind: 'function' | 'risk',
  data: Record<string, unknown>,
  customerId: string | null,
  record?: Record<string, unknown>,
): Promise<void> {
  const addsFunction = kind === 'function' && record === undefined ? 1 : 0;
  const items = kind === 'function' ? ['actions', 'permissions'] : ['functionIds'];
  const before = record === undefined ? 0 : 1 + items.reduce((n, k) => n + length(record[k]), 0);
  const after = 1 + items.reduce((n, k) => n + length(data[k] ?? record?.[k]), 0);
  const addsLines = after - before;
  if (addsFunction === 0 && addsLines <= 0) return;
  const riskPeriodId = (data.riskPeriodId ?? record?.riskPeriodId) as string;
  const { rows } = await db.query<{ functions: number; lines: number }>(
    `SELECT (SELECT count(*) FROM functions WHERE risk_period_id = $1 AND customer_id = $2)::int AS functions,
            ((SELECT coalesce(sum(1 + jsonb_array_length(actions) + jsonb_array_length(permissions)), 0) FROM functions WHERE risk_period_id = $1 AND customer_id = $2)
             + (SELECT coalesce(sum(1 + cardinality(function_ids)), 0) FROM risks WHERE risk_period_id = $1 AND customer_id = $2))::bigint AS lines`,
    // Scoped to the caller's customer: another customer's period counts nothing (its insert then fails on the reference).
    [riskPeriodId, customerId ?? record?.customerId ?? null],
  );
  const limits = rulesetLimits();
  const { functions, lines } = { functions: Number(rows[0].functions), lines: Number(rows[0].lines) };
  if (addsFunction > 0 && functions + addsFunction > limits.functions) {
    throw coded(409, RULESET_FUNCTIONS_FULL, { limit: limits.functions, setting: 'MAX_RULESET_FUNCTIONS' }, `The ruleset already has ${functions} functions; it may have at most ${limits.functions} (MAX_RULESET_FUNCTIONS)`);
  }
  if (addsLines > 0 && lines + addsLines > limits.lines) {
    throw coded(409, RULESET_LINES_FULL, { limit: limits.lines, setting: 'MAX_RULESET_LINES' }, `The ruleset has ${lines} lines; with ${addsLines} more it would pass its bound of ${limits.lines} (MAX_RULESET_LINES)`);
  }
}

/** A resource's checkReferences: `next` (what the record names exists), then the ruleset's size. */
export function sizedRuleset(
  kind: 'function' | 'risk',
  next?: (db: Database, data: Record<string, unknown>, ctx: ResourceContext, record?: Record<string, unknown>) => Promise<Record<string, string> | undefined>,
) {
  return async (db: Database, data: Record<string, unknown>, ctx: ResourceContext, record?: Record<string, unknown>): Promise<Record<string, string> | undefined> => {
    const errors = await next?.(db, data, ctx, record);
    if (errors && Object.keys(errors).length > 0) return errors;
    await checkRulesetSize(db, kind, data, ctx.customerId, record);
    return undefined;
  };
}
