import { prepareAnalysis, type PreparedAnalysis } from '../../engine/analysis/prepared-analysis.ts';
import { parseDate8 } from '../../engine/model/dates.ts';
import type { AnalysisLevel, AnalysisResult, Finding, InstanceMode, RiskAcceptance } from '../../engine/model/analysis.ts';
import { formatFunctions, formatOrgValues, formatSources } from '../../engine/output/findings-csv.ts';
import { copyText, COPY_NULL } from '../db/copy-text.ts';
import { hostname } from 'node:os';
import type { Database } from '../db/database.ts';
import { abandonActiveBasisRuns } from '../jobs/basis-job.ts';
import type { AnalysisShardJob } from '../jobs/job-names.ts';
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

/**
 * Records a phase and proves the worker is alive; throws AnalysisCanceled when the analysis no
 * longer runs. Shards (name null) only prove they are alive: their progress is counted per shard.
 */
async function phase(db: Database, id: string, name: string | null, progress: number): Promise<void> {
  const { rows } = await db.query(
    name === null
      ? `UPDATE analyses SET heartbeat_at = now() WHERE id = $1 AND status = 'running' RETURNING id`
      : `UPDATE analyses SET phase = $2, progress = $3, heartbeat_at = now(), updated_at = now() WHERE id = $1 AND status = 'running' RETURNING id`,
    name === null ? [id] : [id, name, progress],
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

/** The ORG_VALUES items of a finding (`BUKRS=1000`, `BUKRS=1000+WERKS=0001`); none for other risks. */
const orgValueItems = (f: Finding): string[] => {
  const text = formatOrgValues(f);
  return text === '' ? [] : text.split(';');
};

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
      copyText(pgArray(orgValueItems(f))),
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
  'org_values',
] as const;

export interface AnalysisRunOptions {
  /** Split into this many user shards (ANALYSIS_SHARDS) when the period has enough users. */
  shards?: number;
  shardMinUsers?: number;
  /** Enqueues one shard; without it the analysis always runs whole. */
  enqueueShard?: (job: AnalysisShardJob) => Promise<unknown>;
}

// Analyses this process is working on: a shutdown that cannot wait for them marks them failed.
const active = new Set<string>();

/**
 * Marks the analyses still running in this process as failed (a shutdown that did not wait for
 * them), so that none stays `running` until a sweep finds it; the basis runs too, since every
 * shutdown path calls this. Returns how many were marked.
 */
export async function abandonActiveAnalyses(db: Database): Promise<number> {
  let n = await abandonActiveBasisRuns(db);
  for (const id of active) {
    const { rows } = await db.query(
      `UPDATE analyses SET status = 'failed', phase = NULL, finished_at = now(), updated_at = now(),
         error = 'The server stopped while this analysis ran; run it again' WHERE id = $1 AND status = 'running' RETURNING id`,
      [id],
    );
    n += rows.length;
  }
  active.clear();
  return n;
}

/** Where a shard ran, for the analysis's shard log. */
const WORKER = `${hostname()}:${process.pid}`;

// The last analysis prepared here: the shards of one analysis that this worker takes share it.
let preparedCache: { analysisId: string; prepared: Promise<PreparedAnalysis> } | null = null;

async function prepare(db: Database, a: AnalysisRow, single: boolean): Promise<PreparedAnalysis> {
  if (!single && preparedCache?.analysisId === a.id) return preparedCache.prepared;
  const work = (async () => {
    if (!a.data_import_id) throw new Error('The system period has no imported data');
    const date = parseDate8(a.analysis_date);
    if (!date) throw new Error(`The analysis date ${a.analysis_date} is not a date`);
    await phase(db, a.id, single ? 'loading ruleset' : null, 5);
    const ruleset = await loadRuleset(db, a.risk_period_id);
    if (ruleset.risks.length === 0) throw new Error('The risk period has no risks');
    const [acceptances, deactivated] = await Promise.all([loadAcceptances(db, a.customer_id), loadDeactivations(db, a.customer_id)]);
    const startChecks = await loadExtract(db, a.data_import_id, { tables: ['TSTCA'] });
    const objects = objectsNeeded(ruleset, a.level, startChecks.tcodeChecks, deactivated);
    await phase(db, a.id, single ? 'loading system data' : null, 15);
    // Between tables the load proves the worker alive and stops if the analysis was canceled.
    const extract = await loadExtract(db, a.data_import_id, { objects, beforeTable: () => phase(db, a.id, null, 15) });
    return prepareAnalysis(extract, ruleset, {
      date,
      level: a.level,
      mode: a.mode,
      includeLocked: a.include_locked,
      includeExpired: a.include_expired,
      acceptances: acceptances as RiskAcceptance[],
      deactivatedRiskIds: deactivated,
    });
  })();
  if (single) return work;
  preparedCache = { analysisId: a.id, prepared: work };
  work.catch(() => {
    if (preparedCache?.prepared === work) preparedCache = null;
  });
  return work;
}

/**
 * Evaluates part `index` of `count` (the whole analysis when count is 1) and stores its
 * findings in one transaction; the part that completes the count completes the analysis with
 * the counts of all parts. A cancel meanwhile rolls the part back.
 */
async function evaluateAndStore(db: Database, a: AnalysisRow, index: number, count: number): Promise<void> {
  active.add(a.id);
  try {
    await evaluateAndStorePart(db, a, index, count);
  } finally {
    active.delete(a.id);
  }
}

async function evaluateAndStorePart(db: Database, a: AnalysisRow, index: number, count: number): Promise<void> {
  const single = count === 1;
  const started = Date.now();
  const prepared = await prepare(db, a, single);
  // Fault injection for the worker tests (a worker killed mid-run, shards spread over workers).
  const pause = Number(process.env.SEGRA_TEST_ANALYSIS_PAUSE_MS ?? 0);
  if (pause > 0) await new Promise((r) => setTimeout(r, pause));
  await phase(db, a.id, single ? 'evaluating' : null, 50);
  const result = prepared.runPart(index, count);
  await phase(db, a.id, single ? 'storing findings' : null, 85);
  const finished = await db.transaction(async (tx) => {
    if (single) await tx.query('DELETE FROM findings WHERE analysis_id = $1', [a.id]);
    await tx.copyIn('findings', FINDING_COLUMNS, findingLines(a.customer_id, a.id, result, prepared));
    const entry = JSON.stringify([{ shard: index, worker: WORKER, ms: Date.now() - started, findings: result.findings.length }]);
    const done = await tx.query<{ shards_done: number; shards: number }>(
      `UPDATE analyses SET shards_done = shards_done + 1, shard_log = shard_log || $2::jsonb, heartbeat_at = now(), updated_at = now(),
         progress = LEAST(99, 15 + (80 * (shards_done + 1)) / shards)
       WHERE id = $1 AND status = 'running' RETURNING shards_done, shards`,
      [a.id, entry],
    );
    if (done.rows.length === 0) throw new AnalysisCanceled(); // canceled or failed meanwhile: roll this part back
    if (done.rows[0].shards_done < done.rows[0].shards) return false;
    const totals = await tx.query<{ findings: number; accepted: number }>(
      `SELECT count(*)::int AS findings, (count(*) FILTER (WHERE accepted))::int AS accepted FROM findings WHERE analysis_id = $1`,
      [a.id],
    );
    const counts = { ...result.counts, findings: Number(totals.rows[0].findings), acceptedFindings: Number(totals.rows[0].accepted) };
    await tx.query(
      `UPDATE analyses SET status = 'completed', progress = 100, phase = NULL, finished_at = now(), updated_at = now(),
         counts = $2, excluded_users = $3 WHERE id = $1`,
      [a.id, JSON.stringify(counts), JSON.stringify(result.excludedUsers)],
    );
    return true;
  });
  if (finished && preparedCache?.analysisId === a.id) preparedCache = null;
}

async function fail(db: Database, analysisId: string, e: unknown): Promise<void> {
  await db.transaction(async (tx) => {
    const { rows } = await tx.query(
      `UPDATE analyses SET status = 'failed', error = $2, phase = NULL, finished_at = now(), updated_at = now() WHERE id = $1 AND status = 'running' RETURNING id`,
      [analysisId, (e as Error)?.message ?? String(e)],
    );
    // Parts that other shards stored before the failure go too: a failed analysis has no findings.
    if (rows.length > 0) await tx.query('DELETE FROM findings WHERE analysis_id = $1', [analysisId]);
  });
  console.error('[analysis]', analysisId, e);
}

/**
 * Runs one queued analysis (DESIGN 5) from the stored periods: load the ruleset and the
 * objects it needs, evaluate, store the findings and the counts. With shards configured and
 * enough users, it only splits the work into shard jobs for the workers to share. A cancel
 * (status no longer `running`) stops it at the next phase and nothing is stored.
 */
export async function runAnalysis(db: Database, analysisId: string, options: AnalysisRunOptions = {}): Promise<'completed' | 'sharded' | 'skipped' | 'canceled'> {
  const claimed = await db.query(
    `UPDATE analyses SET status = 'running', started_at = now(), heartbeat_at = now(), progress = 1, phase = 'starting', error = NULL,
       shards = 1, shards_done = 0, shard_log = '[]', updated_at = now()
     WHERE id = $1 AND status = 'enqueued' RETURNING id`,
    [analysisId],
  );
  if (claimed.rows.length === 0) return 'skipped'; // canceled before it started, or already taken
  try {
    const a = await loadAnalysis(db, analysisId);
    if (!a) throw new AnalysisCanceled();
    const shards = options.shards ?? 1;
    if (shards > 1 && options.enqueueShard && a.data_import_id) {
      const users = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM sap_usr02 WHERE import_id = $1', [a.data_import_id]);
      if (Number(users.rows[0].n) >= (options.shardMinUsers ?? 1)) {
        const split = await db.query(
          `UPDATE analyses SET shards = $2, phase = 'evaluating in shards', progress = 5, heartbeat_at = now(), updated_at = now()
           WHERE id = $1 AND status = 'running' RETURNING id`,
          [analysisId, shards],
        );
        if (split.rows.length === 0) throw new AnalysisCanceled();
        await db.query('DELETE FROM findings WHERE analysis_id = $1', [analysisId]);
        for (let shard = 0; shard < shards; shard++) await options.enqueueShard({ analysisId, shard, shards });
        return 'sharded';
      }
    }
    await evaluateAndStore(db, a, 0, 1);
    return 'completed';
  } catch (e) {
    if (e instanceof AnalysisCanceled) return 'canceled';
    await fail(db, analysisId, e);
    return 'skipped';
  }
}

/** Runs one shard of a split analysis; the last shard to finish completes it. */
export async function runAnalysisShard(db: Database, job: AnalysisShardJob): Promise<'stored' | 'canceled' | 'failed'> {
  const a = await loadAnalysis(db, job.analysisId);
  if (!a || a.status !== 'running') return 'canceled';
  try {
    await evaluateAndStore(db, a, job.shard, job.shards);
    return 'stored';
  } catch (e) {
    if (e instanceof AnalysisCanceled) return 'canceled';
    await fail(db, job.analysisId, e);
    return 'failed';
  }
}
