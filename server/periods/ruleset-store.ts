import type { FunctionAction, PermissionLine, Risk, RiskLevel, RiskType, RuleFunction, Ruleset } from '../../engine/model/ruleset.ts';
import type { Database } from '../db/database.ts';
import { randomUUID } from 'node:crypto';
import { nextTurn } from '../db/next-turn.ts';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import { rulesetBatches, type RulesetBatches } from './ruleset-batches.ts';

/** Rows removed per statement when a version is dropped: short statements, as the writes. */
const ROWS_PER_DELETE = 2_000;

/**
 * Replaces the ruleset of a risk period (risks and functions). Imported risks are not "manually
 * created"; their file order is kept in `position`. See storeRulesetBatches.
 */
export async function writeRuleset(db: Database, customerId: string, riskPeriodId: string, ruleset: Ruleset): Promise<boolean> {
  return storeRulesetBatches(db, customerId, riskPeriodId, rulesetBatches(ruleset));
}

/**
 * Stores a ruleset as a new version of the period's (migration 0041) and shows it: the rows go in
 * under the version's id in short statements, a turn of the event loop between them, and one
 * short transaction makes it the period's, with `finish` (the import's record) in it. So no
 * transaction is held open for the write (on the embedded database, whose one connection is the
 * API's, one around it made every request wait some 20 s on a ruleset of 100,000 functions), and
 * no reader ever sees half a ruleset: the views show a period's version only.
 *
 * What another attempt left (a killed process, a failed write) is removed first; a failed write
 * removes its own rows; the former version is removed after the switch. False when the period was
 * deleted meanwhile or another attempt took the import over (its version is the one shown then).
 */
export async function storeRulesetBatches(
  db: Database,
  customerId: string,
  riskPeriodId: string,
  batches: RulesetBatches,
  finish?: (tx: Database) => Promise<void>,
): Promise<boolean> {
  const version = randomUUID();
  const claimed = await db.query('UPDATE risk_periods SET staged_ruleset_id = $2 WHERE id = $1 RETURNING id', [riskPeriodId, version]);
  if (claimed.rows.length === 0) return false;
  try {
    await removeHiddenVersions(db, riskPeriodId);
    for (const batch of batches.functions) {
      await db.query(
        `INSERT INTO ruleset_functions (customer_id, risk_period_id, ruleset_id, position, function_id, description, business_process, actions, permissions)
         SELECT $1, $2, $3, x.p, x.i, x.d, x.b, x.a, x.pm FROM jsonb_to_recordset($4::jsonb) AS x(p int, i text, d text, b text, a jsonb, pm jsonb)`,
        [customerId, riskPeriodId, version, batch],
      );
      await nextTurn();
    }
    for (const batch of batches.risks) {
      await db.query(
        `INSERT INTO ruleset_risks (customer_id, risk_period_id, ruleset_id, position, risk_id, description, risk_type, risk_level, business_process, active, function_ids, org_fields)
         SELECT $1, $2, $3, x.p, x.i, x.d, x.t, x.l, x.b, x.ac, x.fn, x.o
         FROM jsonb_to_recordset($4::jsonb) AS x(p int, i text, d text, t text, l text, b text, ac boolean, fn text[], o text[])`,
        [customerId, riskPeriodId, version, batch],
      );
      await nextTurn();
    }
    const shown = await db.transaction(async (tx) => {
      const swapped = await tx.query(
        'UPDATE risk_periods SET ruleset_id = staged_ruleset_id, staged_ruleset_id = NULL WHERE id = $1 AND staged_ruleset_id = $2 RETURNING id',
        [riskPeriodId, version],
      );
      if (swapped.rows.length === 0) return false;
      await finish?.(tx);
      return true;
    });
    if (!shown) await removeVersion(db, riskPeriodId, version);
    // The former version, now hidden (a failure here leaves it hidden, for the next import to remove).
    else await removeHiddenVersions(db, riskPeriodId);
    return shown;
  } catch (e) {
    // Without the database the next attempt removes it (its first step, above).
    if (!isDatabaseUnavailable(e)) {
      await removeVersion(db, riskPeriodId, version).catch(() => {});
      await db.query('UPDATE risk_periods SET staged_ruleset_id = NULL WHERE id = $1 AND staged_ruleset_id = $2', [riskPeriodId, version]).catch(() => {});
    }
    throw e;
  }
}

/** Rows of `riskPeriodId` matching `which` (a condition on f and p), removed in short statements. */
async function removeRows(db: Database, riskPeriodId: string, which: string, params: unknown[]): Promise<void> {
  for (const table of ['ruleset_functions', 'ruleset_risks']) {
    for (;;) {
      const { rows } = await db.query(
        `DELETE FROM ${table} WHERE id IN (
           SELECT f.id FROM ${table} f JOIN risk_periods p ON p.id = f.risk_period_id
           WHERE f.risk_period_id = $1 AND ${which} LIMIT ${ROWS_PER_DELETE}) RETURNING 1`,
        [riskPeriodId, ...params],
      );
      await nextTurn();
      if (rows.length < ROWS_PER_DELETE) break;
    }
  }
}

const removeVersion = (db: Database, riskPeriodId: string, version: string): Promise<void> =>
  removeRows(db, riskPeriodId, 'f.ruleset_id = $2 AND f.ruleset_id <> p.ruleset_id', [version]);

/**
 * Removes the rows of the period's versions that are neither shown nor being written: a former
 * version, or what an import cut off (killed, failed) left. Nobody reads them (the views show the
 * period's version only); this gives their space back.
 */
export const removeHiddenVersions = (db: Database, riskPeriodId: string): Promise<void> =>
  removeRows(db, riskPeriodId, 'f.ruleset_id <> p.ruleset_id AND f.ruleset_id IS DISTINCT FROM p.staged_ruleset_id', []);

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
