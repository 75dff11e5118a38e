import type { FunctionAction, PermissionLine, Risk, RiskLevel, RiskType, RuleFunction, Ruleset } from '../../engine/model/ruleset.ts';
import type { Database } from '../db/database.ts';
import { nextTurn } from '../db/next-turn.ts';

/** Rows per INSERT of a ruleset: a 1,000-risk ruleset still takes one statement per table. */
const ROWS_PER_STATEMENT = 2_000;

/**
 * Replaces the ruleset of a risk period (risks and functions) in one transaction. Imported
 * risks are not "manually created"; their file order is kept in `position`.
 */
export async function writeRuleset(db: Database, customerId: string, riskPeriodId: string, ruleset: Ruleset): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('DELETE FROM risks WHERE risk_period_id = $1', [riskPeriodId]);
    await tx.query('DELETE FROM functions WHERE risk_period_id = $1', [riskPeriodId]);
    // Statements of ROWS_PER_STATEMENT rows (unnest of parallel arrays), a turn of the event loop
    // between them: one statement per table blocked the embedded database's thread, the API's, for
    // 20 s on a ruleset of 100,000 functions (DESIGN 7b).
    for (let from = 0; from < ruleset.functions.length; from += ROWS_PER_STATEMENT) {
      const f = ruleset.functions.slice(from, from + ROWS_PER_STATEMENT);
      await tx.query(
        `INSERT INTO functions (customer_id, risk_period_id, position, function_id, description, business_process, actions, permissions)
         SELECT $1, $2, p, i, d, b, a::jsonb, pm::jsonb
         FROM unnest($3::int[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[]) AS u(p, i, d, b, a, pm)`,
        [
          customerId,
          riskPeriodId,
          f.map((_, i) => from + i),
          f.map((x) => x.id),
          f.map((x) => x.description),
          f.map((x) => x.businessProcess),
          f.map((x) => JSON.stringify(x.actions)),
          f.map((x) => JSON.stringify(x.permissions)),
        ],
      );
      await nextTurn();
    }
    for (let from = 0; from < ruleset.risks.length; from += ROWS_PER_STATEMENT) {
      const r = ruleset.risks.slice(from, from + ROWS_PER_STATEMENT);
      await tx.query(
        `INSERT INTO risks (customer_id, risk_period_id, position, risk_id, description, risk_type, risk_level, business_process, active, function_ids, org_fields)
         SELECT $1, $2, p, i, d, t, l, b, a, ARRAY(SELECT jsonb_array_elements_text(fn::jsonb)), ARRAY(SELECT jsonb_array_elements_text(o::jsonb))
         FROM unnest($3::int[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::bool[], $10::text[], $11::text[]) AS u(p, i, d, t, l, b, a, fn, o)`,
        [
          customerId,
          riskPeriodId,
          r.map((_, i) => from + i),
          r.map((x) => x.id),
          r.map((x) => x.description),
          r.map((x) => x.type),
          r.map((x) => x.level),
          r.map((x) => x.businessProcess),
          r.map((x) => x.active),
          r.map((x) => JSON.stringify(x.functionIds)),
          r.map((x) => JSON.stringify(x.orgFields ?? [])),
        ],
      );
      await nextTurn();
    }
  });
}

interface RiskRow {
  risk_id: string;
  description: string;
  risk_type: RiskType;
  risk_level: RiskLevel;
  business_process: string;
  active: boolean;
  function_ids: string[];
  org_fields: string[];
}

interface FunctionRow {
  function_id: string;
  description: string;
  business_process: string;
  actions: FunctionAction[];
  permissions: PermissionLine[];
}

/** The ruleset of a risk period, in file order (new entries last). */
export async function loadRuleset(db: Database, riskPeriodId: string): Promise<Ruleset> {
  const risks = await db.query<RiskRow>(
    `SELECT risk_id, description, risk_type, risk_level, business_process, active, function_ids, org_fields
     FROM risks WHERE risk_period_id = $1 ORDER BY position, risk_id`,
    [riskPeriodId],
  );
  const functions = await db.query<FunctionRow>(
    `SELECT function_id, description, business_process, actions, permissions
     FROM functions WHERE risk_period_id = $1 ORDER BY position, function_id`,
    [riskPeriodId],
  );
  return {
    risks: risks.rows.map(
      (r): Risk => ({
        id: r.risk_id,
        description: r.description,
        type: r.risk_type,
        level: r.risk_level,
        businessProcess: r.business_process,
        active: r.active,
        functionIds: r.function_ids,
        // Only org-level risks carry the property, as the ruleset readers give them.
        ...(r.org_fields.length > 0 ? { orgFields: r.org_fields } : {}),
      }),
    ),
    functions: functions.rows.map(
      (f): RuleFunction => ({
        id: f.function_id,
        description: f.description,
        businessProcess: f.business_process,
        actions: f.actions,
        permissions: f.permissions,
      }),
    ),
  };
}
