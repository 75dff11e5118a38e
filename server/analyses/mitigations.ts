import { MitigationIndex } from '../../engine/analysis/mitigation.ts';
import type { HolderLevel } from '../../engine/model/analysis.ts';
import type { MitigationAssignment } from '../../engine/model/controls.ts';
import { parseDate8 } from '../../engine/model/dates.ts';
import type { Database } from '../db/database.ts';

const date8 = (iso: string | null): number | null => (iso ? (parseDate8(iso) ?? null) : null);

/**
 * The customer's mitigations in the engine's form (DESIGN 5.16): CONTROL_ID is the control's id
 * as the customer names it. Only active controls mitigate; an inactive control's mitigations
 * are listed as invalid (reports), not applied.
 */
export async function loadMitigations(db: Database, customerId: string, riskIds?: readonly string[]): Promise<MitigationAssignment[]> {
  const params: unknown[] = [customerId];
  if (riskIds) params.push(riskIds);
  const { rows } = await db.query<{ control_id: string; risk_id: string; level: 'USER' | 'ROLE'; holder: string; valid_from: string | null; valid_to: string | null }>(
    `SELECT c.control_id, m.risk_id, m.level, m.holder, m.valid_from, m.valid_to
     FROM mitigations m JOIN mitigating_controls c ON c.id = m.mitigating_control_id
     WHERE m.customer_id = $1 AND c.status = 'active'${riskIds ? ' AND m.risk_id = ANY($2::text[])' : ''}
     ORDER BY m.created_at, m.id`,
    params,
  );
  return rows.map((r) => ({
    controlId: r.control_id,
    riskId: r.risk_id,
    level: r.level,
    id: r.holder,
    validFrom: date8(r.valid_from),
    validTo: date8(r.valid_to),
  }));
}

interface StoredFinding {
  id: string;
  level: HolderLevel;
  holder: string;
  risk_id: string;
  meeting_roles: string[];
  controls: string[];
}

const sameList = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * Re-applies the customer's mitigations to the stored findings of its completed analyses (of
 * the given risks, when given; of one analysis, when given), after a mitigation or a control
 * changed. A user finding counts a role's mitigation when the role is one the user holds that
 * meets the whole risk by itself: the analysis stored those roles with each finding
 * (`meeting_roles`), so the engine's rule is applied without evaluating again. The status
 * column follows the controls (migration 0023). Returns the number of findings that changed.
 */
export async function reapplyMitigations(
  db: Database,
  customerId: string,
  options: { riskIds?: readonly string[]; analysisId?: string; statuses?: readonly string[] } = {},
): Promise<number> {
  const { riskIds, analysisId } = options;
  const assignments = await loadMitigations(db, customerId);
  const analysisParams: unknown[] = [customerId, options.statuses ?? ['completed']];
  if (analysisId) analysisParams.push(analysisId);
  const analyses = await db.query<{ id: string; analysis_date: string }>(
    `SELECT id, analysis_date FROM analyses WHERE customer_id = $1 AND status = ANY($2::text[])${analysisId ? ' AND id = $3' : ''}`,
    analysisParams,
  );
  let changed = 0;
  for (const a of analyses.rows) {
    const index = new MitigationIndex(assignments, parseDate8(a.analysis_date) ?? 0);
    const params: unknown[] = [a.id];
    if (riskIds) params.push(riskIds);
    const { rows } = await db.query<StoredFinding>(
      `SELECT id, level, holder, risk_id, meeting_roles, controls FROM findings
       WHERE analysis_id = $1${riskIds ? ' AND risk_id = ANY($2::text[])' : ''}`,
      params,
    );
    const ids: string[] = [];
    const controls: string[] = [];
    for (const f of rows) {
      // meeting_roles are already the held roles that meet the risk.
      const found = index.find(f.level, f.holder, f.risk_id, () => f.meeting_roles, () => true);
      if (sameList(found.controls, f.controls)) continue;
      ids.push(f.id);
      controls.push(JSON.stringify(found.controls));
    }
    if (ids.length === 0) continue;
    await db.query(
      `UPDATE findings f SET controls = ARRAY(SELECT jsonb_array_elements_text(u.controls::jsonb))
       FROM unnest($1::uuid[], $2::text[]) AS u(id, controls)
       WHERE f.analysis_id = $3 AND f.id = u.id`,
      [ids, controls, a.id],
    );
    changed += ids.length;
  }
  return changed;
}

/**
 * At analysis time, after its findings are stored and before it completes: the controls that
 * apply to them on the analysis date. Only the findings of risks that have a mitigation are read.
 */
export async function mitigateAnalysis(db: Database, customerId: string, analysisId: string): Promise<number> {
  const { rows } = await db.query<{ risk_id: string }>('SELECT DISTINCT risk_id FROM mitigations WHERE customer_id = $1', [customerId]);
  if (rows.length === 0) return 0;
  return reapplyMitigations(db, customerId, { analysisId, riskIds: rows.map((r) => r.risk_id), statuses: ['running'] });
}
