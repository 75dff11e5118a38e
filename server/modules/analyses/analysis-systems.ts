/**
 * The systems of a cross-system analysis (DESIGN 5.18, issue 32): checked when the analysis is
 * requested, stored in analysis_systems (migration 0043), read by the run.
 */
import { isSystemId } from '../../../engine/model/ruleset.ts';
import type { AnalysisSystem, AnalysisSystemsCode } from '../../../contracts/analysis-systems.ts';
import type { Database } from '../../db/database.ts';
import { coded } from '../../errors.ts';
import { compareCodePoints } from '../../../engine/authorisation/code-point.ts';
import type { ResourceContext } from '../../resources/define-resource.ts';
import { findScoped } from '../../resources/scoped-record.ts';

// The field error names the code too (DESIGN 6 `errors: { field: code }`), for the create form.
const field = (code: AnalysisSystemsCode): Record<string, string> => ({ otherSystemPeriodIds: code });

interface PeriodSystem {
  id: string;
  system_id: string;
  sid: string;
  data_import_id: string | null;
}

/**
 * The systems an analysis of `systemPeriodId` plus `others` covers, in SID order; [] for one
 * system (no others), so that such an analysis stays exactly as before. Another customer's
 * period is 404, as a missing one (DESIGN 6).
 */
export async function checkAnalysisSystems(
  db: Database,
  ctx: ResourceContext,
  systemPeriodId: string,
  others: readonly string[],
  withUsage: boolean,
): Promise<AnalysisSystem[]> {
  if (others.length === 0) return [];
  const periods: PeriodSystem[] = [];
  for (const id of [systemPeriodId, ...others]) {
    const p = await findScoped<{ system_id: string; data_import_id: string | null }>(db, 'system_periods', ctx, id, 'system_id, data_import_id', 'system period');
    const s = await db.query<{ sid: string }>('SELECT sid FROM systems WHERE id = $1', [p.system_id]);
    periods.push({ id, system_id: p.system_id, sid: s.rows[0]?.sid ?? '', data_import_id: p.data_import_id });
  }
  const seen = new Map<string, string>();
  for (const p of periods) {
    if (seen.has(p.system_id)) {
      throw coded(400, 'SYSTEM_PERIODS_SAME_SYSTEM', { sid: p.sid }, `Two periods of system ${p.sid}: an analysis takes one period per system`, field('SYSTEM_PERIODS_SAME_SYSTEM'));
    }
    seen.set(p.system_id, p.id);
    if (!isSystemId(p.sid)) {
      throw coded(400, 'SYSTEM_SID_INVALID', { sid: p.sid }, `System "${p.sid}" has no SID that can name it (letters, digits, _ or -, at most 32)`, field('SYSTEM_SID_INVALID'));
    }
    if (!p.data_import_id) throw coded(409, 'PERIOD_EMPTY', {}, `The period of system ${p.sid} has no imported data; upload an extract first`);
  }
  if (withUsage) throw coded(400, 'USAGE_SINGLE_SYSTEM', {}, 'Usage is analysed per system: an analysis of several systems cannot use it yet', field('USAGE_SINGLE_SYSTEM'));
  return periods.map((p) => ({ systemId: p.system_id, systemPeriodId: p.id, sid: p.sid })).sort((a, b) => compareCodePoints(a.sid, b.sid));
}

export async function storeAnalysisSystems(db: Database, customerId: string, analysisId: string, systems: readonly AnalysisSystem[]): Promise<void> {
  for (const s of systems) {
    await db.query('INSERT INTO analysis_systems (analysis_id, customer_id, system_id, system_period_id, sid) VALUES ($1, $2, $3, $4, $5)', [
      analysisId,
      customerId,
      s.systemId,
      s.systemPeriodId,
      s.sid,
    ]);
  }
}

/** The systems of an analysis in SID order; [] for an analysis of one system. */
export async function loadAnalysisSystems(db: Database, analysisId: string): Promise<AnalysisSystem[]> {
  const { rows } = await db.query<{ system_id: string; system_period_id: string; sid: string }>(
    'SELECT system_id, system_period_id, sid FROM analysis_systems WHERE analysis_id = $1',
    [analysisId],
  );
  return rows.map((r) => ({ systemId: r.system_id, systemPeriodId: r.system_period_id, sid: r.sid })).sort((a, b) => compareCodePoints(a.sid, b.sid));
}

/**
 * Adds `systems` to analysis records (GET list and one, the create's answer): the systems and
 * periods a cross-system analysis covers, in SID order, as stored when it was requested; [] for
 * an analysis of one system (its period is `systemPeriodId`).
 */
export async function withAnalysisSystems(db: Database, records: Record<string, unknown>[]): Promise<Record<string, unknown>[]> {
  const ids = records.map((r) => r.id as string);
  const { rows } = ids.length
    ? await db.query<{ analysis_id: string; system_id: string; system_period_id: string; sid: string }>(
        'SELECT analysis_id, system_id, system_period_id, sid FROM analysis_systems WHERE analysis_id = ANY($1::uuid[])',
        [ids],
      )
    : { rows: [] };
  const byAnalysis = new Map<string, AnalysisSystem[]>();
  for (const r of rows) {
    const list = byAnalysis.get(r.analysis_id) ?? [];
    list.push({ systemId: r.system_id, systemPeriodId: r.system_period_id, sid: r.sid });
    byAnalysis.set(r.analysis_id, list);
  }
  return records.map((r) => ({ ...r, systems: (byAnalysis.get(r.id as string) ?? []).sort((a, b) => compareCodePoints(a.sid, b.sid)) }));
}
