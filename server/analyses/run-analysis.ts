import { prepareAnalysis, type PreparedAnalysis } from '../../engine/analysis/prepared-analysis.ts';
import { parseDate8 } from '../../engine/model/dates.ts';
import type { AnalysisLevel, AnalysisResult, Finding, InstanceMode, RiskAcceptance } from '../../engine/model/analysis.ts';
import { formatFunctions, formatSources } from '../../engine/output/findings-csv.ts';
import { copyText, COPY_NULL } from '../db/copy-text.ts';
import type { Database } from '../db/database.ts';
import { loadExtract } from '../periods/extract-store.ts';
import { loadRuleset } from '../periods/ruleset-store.ts';
import { loadAcceptances, loadDeactivations, type StoredAcceptance } from './acceptances.ts';
import { objectsNeeded } from './objects-needed.ts';

/** Thrown when the analysis was canceled (or deleted) while it ran: nothing is stored. */
export class AnalysisCanceled extends Error {}

interface AnalysisRow {
  id: string;
  customer_id: string;
  status: string;
  level: AnalysisLevel;
  mode: InstanceMode;
  include_locked: boolean;
  include_expired: boolean;
  analysis_date: string;
  risk_period_id: string;
  data_import_id: string | null;
}

async function loadAnalysis(db: Database, id: string): Promise<AnalysisRow | undefined> {
  const { rows } = await db.query<AnalysisRow>(
    `SELECT a.id, a.customer_id, a.status, a.level, a.mode, a.include_locked, a.include_expired, a.analysis_date,
            a.risk_period_id, sp.data_import_id
     FROM analyses a JOIN system_periods sp ON sp.id = a.system_period_id WHERE a.id = $1`,
    [id],
  );
  return rows[0];
}

/** Records a phase and proves the worker is alive; throws AnalysisCanceled when it no longer runs. */
async function phase(db: Database, id: string, name: string, progress: number): Promise<void> {
  const { rows } = await db.query(
    `UPDATE analyses SET phase = $2, progress = $3, heartbeat_at = now(), updated_at = now() WHERE id = $1 AND status = 'running' RETURNING id`,
    [id, name, progress],
  );
  if (rows.length === 0) throw new AnalysisCanceled();
}

/** The roles a user holds that meet the finding's whole risk by themselves (DESIGN 5.12). */
function meetingRoles(prepared: PreparedAnalysis, finding: Finding, riskIndex: Map<string, number>): string[] {
  if (finding.level !== 'USER') return [];
  const index = riskIndex.get(finding.riskId);
  if (index === undefined) return [];
  const held = prepared.landscape.rolesHeldBy(prepared.userHolder(finding.holder).sources());
  return [...held].filter((role) => prepared.roleRisks(role).has(index)).sort();
}

const pgArray = (items: readonly string[]): string =>
  `{${items.map((s) => `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;

function* findingLines(customerId: string, analysisId: string, result: AnalysisResult, prepared: PreparedAnalysis): Generator<string> {
  const riskIndex = new Map(prepared.compiled.risks.map((r, i) => [r.risk.id, i]));
  let chunk = '';
  for (const f of result.findings) {
    const fields = [
      customerId,
      analysisId,
      f.level,
      copyText(f.holder),
      copyText(f.riskId),
      f.riskLevel,
      f.riskType,
      copyText(f.businessProcess),
      copyText(formatFunctions(f)),
      copyText(formatSources(f)),
      copyText(JSON.stringify(f.functions)),
      copyText(pgArray(meetingRoles(prepared, f, riskIndex))),
      f.accepted ? 't' : 'f',
      f.acceptance ? copyText(f.acceptance.author) : COPY_NULL,
      (f.acceptance as StoredAcceptance | null)?.id ?? COPY_NULL,
      f.acceptance ? copyText(f.acceptance.message) : COPY_NULL,
    ];
    chunk += fields.join('\t') + '\n';
    if (chunk.length > 1 << 20) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}

export const FINDING_COLUMNS = [
  'customer_id',
  'analysis_id',
  'level',
  'holder',
  'risk_id',
  'risk_level',
  'risk_type',
  'business_process',
  'functions',
  'sources',
  'provenance',
  'meeting_roles',
  'accepted',
  'accepted_by',
  'acceptance_id',
  'message',
] as const;

/**
 * Runs one queued analysis (DESIGN 5) from the stored periods: load the ruleset and the
 * objects it needs, evaluate, store the findings and the counts in one transaction. A cancel
 * (status no longer `running`) stops it at the next phase and nothing is stored.
 */
export async function runAnalysis(db: Database, analysisId: string): Promise<'completed' | 'skipped' | 'canceled'> {
  const claimed = await db.query(
    `UPDATE analyses SET status = 'running', started_at = now(), heartbeat_at = now(), progress = 1, phase = 'starting', error = NULL, updated_at = now()
     WHERE id = $1 AND status = 'enqueued' RETURNING id`,
    [analysisId],
  );
  if (claimed.rows.length === 0) return 'skipped'; // canceled before it started, or already taken
  try {
    const a = await loadAnalysis(db, analysisId);
    if (!a) throw new AnalysisCanceled();
    if (!a.data_import_id) throw new Error('The system period has no imported data');
    const date = parseDate8(a.analysis_date);
    if (!date) throw new Error(`The analysis date ${a.analysis_date} is not a date`);

    await phase(db, analysisId, 'loading ruleset', 5);
    const ruleset = await loadRuleset(db, a.risk_period_id);
    if (ruleset.risks.length === 0) throw new Error('The risk period has no risks');
    const [acceptances, deactivated] = await Promise.all([loadAcceptances(db, a.customer_id), loadDeactivations(db, a.customer_id)]);
    const startChecks = await loadExtract(db, a.data_import_id, { tables: ['TSTCA'] });
    const objects = objectsNeeded(ruleset, a.level, startChecks.tcodeChecks, deactivated);

    await phase(db, analysisId, 'loading system data', 15);
    const extract = await loadExtract(db, a.data_import_id, { objects });

    await phase(db, analysisId, 'evaluating', 50);
    const prepared = prepareAnalysis(extract, ruleset, {
      date,
      level: a.level,
      mode: a.mode,
      includeLocked: a.include_locked,
      includeExpired: a.include_expired,
      acceptances: acceptances as RiskAcceptance[],
      deactivatedRiskIds: deactivated,
    });
    const result = prepared.run();

    await phase(db, analysisId, 'storing findings', 85);
    await db.transaction(async (tx) => {
      await tx.query('DELETE FROM findings WHERE analysis_id = $1', [analysisId]);
      await tx.copyIn('findings', FINDING_COLUMNS, findingLines(a.customer_id, analysisId, result, prepared));
      const done = await tx.query(
        `UPDATE analyses SET status = 'completed', progress = 100, phase = NULL, finished_at = now(), heartbeat_at = now(), updated_at = now(),
           counts = $2, excluded_users = $3 WHERE id = $1 AND status = 'running' RETURNING id`,
        [analysisId, JSON.stringify(result.counts), JSON.stringify(result.excludedUsers)],
      );
      if (done.rows.length === 0) throw new AnalysisCanceled(); // canceled meanwhile: roll the findings back
    });
    return 'completed';
  } catch (e) {
    if (e instanceof AnalysisCanceled) return 'canceled';
    await db.query(
      `UPDATE analyses SET status = 'failed', error = $2, phase = NULL, finished_at = now(), updated_at = now() WHERE id = $1 AND status = 'running'`,
      [analysisId, (e as Error)?.message ?? String(e)],
    );
    console.error('[analysis]', analysisId, e);
    return 'skipped';
  }
}
