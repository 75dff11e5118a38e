import { AcceptanceIndex } from '../../engine/analysis/acceptance.ts';
import { parseDate8 } from '../../engine/model/dates.ts';
import type { HolderLevel, RiskAcceptance } from '../../engine/model/analysis.ts';
import type { Database } from '../db/database.ts';

/** An acceptance as stored: the engine's record plus its id. */
export interface StoredAcceptance extends RiskAcceptance {
  id: string;
}

interface AcceptanceRow {
  id: string;
  risk_id: string;
  scope: RiskAcceptance['scope'];
  holder: string;
  message: string;
  created_by: string;
  created_at: Date | string;
  valid_from: string | null;
  valid_to: string | null;
}

const date8 = (iso: string | null): number | null => (iso ? (parseDate8(iso) ?? null) : null);

/** The customer's risk acceptances, in the engine's form (DESIGN 5.12). */
export async function loadAcceptances(db: Database, customerId: string): Promise<StoredAcceptance[]> {
  const { rows } = await db.query<AcceptanceRow>(
    `SELECT id, risk_id, scope, holder, message, created_by, created_at, valid_from, valid_to
     FROM risk_acceptances WHERE customer_id = $1 ORDER BY created_at, id`,
    [customerId],
  );
  return rows.map((r) => ({
    id: r.id,
    riskId: r.risk_id,
    scope: r.scope,
    holder: r.holder,
    message: r.message,
    author: r.created_by,
    createdAt: new Date(r.created_at).toISOString(),
    validFrom: date8(r.valid_from),
    validTo: date8(r.valid_to),
  }));
}

/** Risk ids the customer switched off: not evaluated by later analyses. */
export async function loadDeactivations(db: Database, customerId: string): Promise<string[]> {
  const { rows } = await db.query<{ risk_id: string }>('SELECT risk_id FROM risk_deactivations WHERE customer_id = $1', [customerId]);
  return rows.map((r) => r.risk_id);
}

interface StoredFinding {
  id: string;
  level: HolderLevel;
  holder: string;
  risk_id: string;
  meeting_roles: string[];
  accepted: boolean;
  acceptance_id: string | null;
}

/**
 * Re-applies the customer's acceptances to the stored findings of its completed analyses
 * (of one risk, when given), after an acceptance was added, changed or removed. A user finding
 * counts a role acceptance when the role is one the user holds that meets the whole risk by
 * itself: the analysis stored those roles with each finding, so no re-evaluation is needed.
 * Returns the number of findings whose acceptance changed.
 */
export async function reapplyAcceptances(db: Database, customerId: string, riskId?: string): Promise<number> {
  const acceptances = await loadAcceptances(db, customerId);
  const analyses = await db.query<{ id: string; analysis_date: string }>(
    `SELECT id, analysis_date FROM analyses WHERE customer_id = $1 AND status = 'completed'`,
    [customerId],
  );
  let changed = 0;
  for (const a of analyses.rows) {
    const index = new AcceptanceIndex(acceptances, parseDate8(a.analysis_date) ?? 0);
    const params: unknown[] = [a.id];
    if (riskId !== undefined) params.push(riskId);
    const { rows } = await db.query<StoredFinding>(
      `SELECT id, level, holder, risk_id, meeting_roles, accepted, acceptance_id FROM findings
       WHERE analysis_id = $1${riskId !== undefined ? ' AND risk_id = $2' : ''}`,
      params,
    );
    const ids: string[] = [];
    const accepted: boolean[] = [];
    const by: (string | null)[] = [];
    const acceptanceIds: (string | null)[] = [];
    const messages: (string | null)[] = [];
    for (const f of rows) {
      const found = index.find(f.level, f.holder, f.risk_id, () => f.meeting_roles, () => true) as StoredAcceptance | null;
      const newId = found?.id ?? null;
      if (newId === f.acceptance_id && Boolean(found) === f.accepted) continue;
      ids.push(f.id);
      accepted.push(found !== null);
      by.push(found?.author ?? null);
      acceptanceIds.push(newId);
      messages.push(found?.message ?? null);
    }
    if (ids.length === 0) continue;
    await db.query(
      `UPDATE findings f SET accepted = u.accepted, accepted_by = u.by, acceptance_id = u.aid, message = u.message
       FROM unnest($1::uuid[], $2::bool[], $3::text[], $4::uuid[], $5::text[]) AS u(id, accepted, by, aid, message)
       WHERE f.analysis_id = $6 AND f.id = u.id`,
      [ids, accepted, by, acceptanceIds, messages, a.id],
    );
    changed += ids.length;
  }
  return changed;
}
