import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { BASIS_CHECKS, BASIS_CSV_COLUMNS, basisFindingsToCsv, compareBasisFindings, buildBasisRuleset, runBasisChecks, type BasisCheck, type BasisFinding } from '../../../engine/basis/index.ts';
import { parseDate8, type Date8 } from '../../../engine/model/dates.ts';
import { objectsNeeded } from '../../analyses/objects-needed.ts';
import { copyText } from '../../db/copy-text.ts';
import type { Database } from '../../db/database.ts';
import { coded } from '../../errors.ts';
import { loadExcelJs } from '../../importers/table-source.ts';
import { readExtractChunks } from '../../periods/extract-chunks.ts';
import { ExtractDecoder } from '../../periods/extract-decoder.ts';
import { PERIOD_TABLES } from '../../../contracts/period-tables.ts';
import { ThreadClient } from '../../workers/thread-client.ts';
import { withHeartbeat } from '../../workers/with-heartbeat.ts';
import { defineResource, resourceContext, type ResourceSpec } from '../../resources/define-resource.ts';
import { findScoped } from '../../resources/scoped-record.ts';
import { enqueueTenantJob, type TenantJobContext, type TenantLimits } from '../../jobs/admission.ts';
import { JOBS, type BasisJob } from '../../jobs/job-names.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { audit } from '../audit/audit.ts';
import { requireQueue } from '../system-periods/system-periods-resource.ts';
import { fileName, formatParam, XLSX_TYPE } from './gate.ts';

/** Results of the basis checks of system periods (DESIGN 6 `basis-findings`); read-only, written by a run. */
export const basisFindingsResource: ResourceSpec = {
  name: 'basis-findings',
  table: 'basis_findings',
  columns: {
    id: 'id',
    customerId: 'customer_id',
    systemPeriodId: 'system_period_id',
    checkId: 'check_id',
    holder: 'holder',
    detail: 'detail',
    // The DETAIL as parts for the UI's language (engine/basis/detail.ts); null for rows stored before 0028.
    detailParts: 'detail_parts',
    title: 'title',
    explanation: 'explanation',
    severity: 'severity',
    category: 'category',
    createdAt: 'created_at',
  },
  createSchema: z.object({}),
  updateSchema: z.object({}),
  operations: { create: false, update: false, delete: false },
  sortable: ['id', 'checkId', 'holder', 'severity', 'category', 'title', 'createdAt'],
  defaultSort: ['checkId', 'ASC'],
  filterable: { systemPeriodId: 'eq', checkId: 'in', severity: 'in', category: 'in', holder: 'ilike' },
  q: ['checkId', 'holder', 'detail', 'title'],
  tenantScoped: true,
  access: { read: ['Admin', 'User', 'SuperAdmin'], write: ['Admin', 'User', 'SuperAdmin'], page: 'report/basis' },
};

const COLUMNS = ['customer_id', 'system_period_id', 'check_id', 'holder', 'detail', 'detail_parts', 'title', 'explanation', 'severity', 'category'] as const;

interface PeriodRow {
  customer_id: string;
  name: string;
  period_date: string;
  data_import_id: string | null;
}

interface RunRow {
  status: BasisRunStatus;
  phase: string | null;
  progress: number;
  error: string | null;
  requested_by: string | null;
  requested_at: Date | string | null;
  started_at: Date | string | null;
  finished_at: Date | string | null;
  // The last completed run's results: null until one has completed.
  analysis_date: string | null;
  data_import_id: string | null;
  findings: number | null;
  checks: BasisCheck[] | null;
  run_by: string | null;
  run_at: Date | string | null;
  duration_ms: number | null;
}

export type BasisRunStatus = 'enqueued' | 'running' | 'completed' | 'failed';

/** What a run reports while it works (the job records it as phase and progress). */
export type BasisPhase = 'loading' | 'checking' | 'storing';
export type BasisProgress = (phase: BasisPhase | null, progress: number) => Promise<void>;

/** Thrown when the run record stopped being `running` meanwhile (swept or abandoned): nothing is stored. */
export class BasisRunCanceled extends Error {}

const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());

function runRecord(systemPeriodId: string, run: RunRow | undefined, dataImportId: string | null) {
  const state = {
    systemPeriodId,
    status: run?.status ?? null,
    phase: run?.phase ?? null,
    progress: run ? run.progress : null,
    error: run?.error ?? null,
    requestedBy: run?.requested_by ?? null,
    requestedAt: iso(run?.requested_at ?? null),
    startedAt: iso(run?.started_at ?? null),
    finishedAt: iso(run?.finished_at ?? null),
  };
  if (!run?.run_at) return { ...state, ran: false, ranAt: null, ranBy: null, analysisDate: null, findings: 0, durationMs: null, stale: false, checks: BASIS_CHECKS };
  return {
    ...state,
    ran: true,
    ranAt: iso(run.run_at),
    ranBy: run.run_by,
    analysisDate: run.analysis_date,
    findings: run.findings ?? 0,
    durationMs: run.duration_ms,
    // The period was imported again since: the results describe the older data.
    stale: run.data_import_id !== dataImportId,
    checks: run.checks ?? BASIS_CHECKS,
  };
}

const noProgress: BasisProgress = async () => {};

/**
 * Runs the engine's basis checks (`segra basis`) on a stored period for its date and replaces
 * its earlier results, for the basis job (server/jobs/basis-job.ts) that claimed the period's
 * run record (status `running`). The earlier results stay readable until the final
 * transaction, which also completes the record; `report` records phases and proves the worker
 * alive between the tables it loads.
 */
export async function runBasis(
  db: Database,
  systemPeriodId: string,
  runBy: string | null,
  report: BasisProgress = noProgress,
): Promise<{ findings: BasisFinding[]; checks: readonly BasisCheck[]; durationMs: number }> {
  const started = performance.now();
  const { rows } = await db.query<PeriodRow>('SELECT customer_id, name, period_date, data_import_id FROM system_periods WHERE id = $1', [systemPeriodId]);
  const period = rows[0];
  if (!period?.data_import_id) throw coded(409, 'PERIOD_EMPTY', {}, 'The system period has no imported data; upload an extract first');
  const importId = period.data_import_id;
  await report('loading', 5);
  const tstca = new ExtractDecoder();
  await readExtractChunks(db, importId, (table, bytes) => tstca.add(table, bytes), { tables: ['TSTCA'] });
  const { tcodeChecks } = tstca.finish();
  // As the command line: only the objects the authorisation checks look at.
  const objects = objectsNeeded(buildBasisRuleset(), 'permission', tcodeChecks);
  await report('loading', 15);
  // The rows are read in small queries and parsed and checked in a worker thread (DESIGN 10).
  const thread = new ThreadClient<{ type: 'check' }, ReturnType<typeof runBasisChecks>>('basis-worker', import.meta.url, {
    date: parseDate8(period.period_date) as Date8,
    tcodeChecks,
  });
  let result: ReturnType<typeof runBasisChecks>;
  try {
    await readExtractChunks(db, importId, (table, bytes) => thread.sendChunk(table, bytes), {
      objects,
      tables: PERIOD_TABLES.map((t) => t.sapName).filter((name) => name !== 'TSTCA'),
      beforeChunk: (done) => report('loading', 15 + Math.round(40 * done)),
    });
    await report('checking', 60);
    result = await withHeartbeat(thread.ask({ type: 'check' }), () => report(null, 60));
  } finally {
    await thread.terminate();
  }
  const { findings, checks } = result;
  const byId = new Map(checks.map((c) => [c.id, c]));
  await report('storing', 85);
  const durationMs = Math.round(performance.now() - started);
  await db.transaction(async (tx) => {
    // One run at a time per period: the period row is the lock.
    const locked = await tx.query<{ data_import_id: string | null }>('SELECT data_import_id FROM system_periods WHERE id = $1 FOR UPDATE', [systemPeriodId]);
    if (locked.rows[0]?.data_import_id !== importId) throw coded(409, 'PERIOD_CHANGED', {}, 'The period was imported again meanwhile; run the basis checks again');
    await tx.query('DELETE FROM basis_findings WHERE system_period_id = $1', [systemPeriodId]);
    await tx.copyIn('basis_findings', COLUMNS, lines(period.customer_id, systemPeriodId, findings, byId));
    const done = await tx.query(
      `UPDATE basis_runs SET analysis_date = $2, data_import_id = $3, findings = $4, checks = $5, run_by = $6, run_at = now(), duration_ms = $7,
         status = 'completed', phase = NULL, progress = 100, error = NULL, finished_at = now(), heartbeat_at = now(), updated_at = now()
       WHERE system_period_id = $1 AND status = 'running' RETURNING system_period_id`,
      [systemPeriodId, period.period_date, importId, findings.length, JSON.stringify(checks), runBy, durationMs],
    );
    // Marked failed meanwhile (a sweep, a shutdown): roll the new findings back, keep the old.
    if (done.rows.length === 0) throw new BasisRunCanceled();
  });
  return { findings, checks, durationMs };
}

function* lines(customerId: string, systemPeriodId: string, findings: readonly BasisFinding[], checks: Map<string, BasisCheck>): Generator<string> {
  let chunk = '';
  for (const f of findings) {
    const c = checks.get(f.checkId);
    chunk +=
      [customerId, systemPeriodId, copyText(f.checkId), copyText(f.id), copyText(f.detail), copyText(JSON.stringify(f.detailParts)), copyText(c?.title ?? ''), copyText(c?.explanation ?? ''), c?.severity ?? 'INFO', c?.category ?? ''].join('\t') + '\n';
    if (chunk.length > 1 << 20) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}

async function storedFindings(db: Database, systemPeriodId: string): Promise<(BasisFinding & { title: string; severity: string; explanation: string })[]> {
  const { rows } = await db.query<BasisFinding & { title: string; severity: string; explanation: string }>(
    'SELECT check_id AS "checkId", holder AS id, detail, title, severity, explanation FROM basis_findings WHERE system_period_id = $1',
    [systemPeriodId],
  );
  return rows;
}

async function basisXlsx(rows: readonly (BasisFinding & { title: string; severity: string; explanation: string })[]): Promise<Buffer> {
  const ExcelJS = await loadExcelJs();
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('BASIS');
  sheet.addRow([...BASIS_CSV_COLUMNS, 'TITLE', 'SEVERITY', 'EXPLANATION']);
  sheet.getRow(1).font = { bold: true };
  for (const r of rows) sheet.addRow([r.checkId, r.id, r.detail, r.title, r.severity, r.explanation]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * `basis-findings` (read-only resource), `POST /api/system-periods/:id/basis` (enqueue a run:
 * 202, or 409 BASIS_RUNNING while one is enqueued or running), `GET /api/system-periods/:id/basis`
 * (the run's status and progress, the last completed results and the catalogue) and
 * `GET /api/system-periods/:id/basis/export?format=csv|xlsx`.
 */
export function registerBasis(app: FastifyInstance, db: Database, limits: TenantLimits, queue?: JobQueue): void {
  defineResource(app, basisFindingsResource, { db });
  const auth = { preHandler: app.authenticate, config: { resource: 'basis-findings', page: 'report/basis' } };

  app.post('/api/system-periods/:id/basis', auth, async (request, reply) => {
    const ctx = await resourceContext(db, basisFindingsResource, request, 'create');
    const { id } = request.params as { id: string };
    const period = await findScoped<PeriodRow>(db, 'system_periods', ctx, id, 'customer_id, name, period_date, data_import_id', 'system period');
    if (!period.data_import_id) throw coded(409, 'PERIOD_EMPTY', {}, 'The system period has no imported data; upload an extract first');
    await enqueueBasisRun({ db, queue: requireQueue(queue), limits }, id, period.customer_id, request.user.email);
    await audit(db, {
      customerId: period.customer_id,
      actorId: request.user.id,
      actorEmail: request.user.email,
      action: 'basis.run',
      entity: 'system-periods',
      entityId: id,
      detail: { name: period.name },
    });
    return reply.status(202).send(await summary(id, period.data_import_id));
  });

  const summary = async (id: string, dataImportId: string | null) => {
    const { rows } = await db.query<RunRow>(
      `SELECT status, phase, progress, error, requested_by, requested_at, started_at, finished_at,
              analysis_date, data_import_id, findings, checks, run_by, run_at, duration_ms
       FROM basis_runs WHERE system_period_id = $1`,
      [id],
    );
    const counts = await db.query<{ check_id: string; n: number }>(
      'SELECT check_id, count(*)::int AS n FROM basis_findings WHERE system_period_id = $1 GROUP BY check_id',
      [id],
    );
    const byCheck = new Map(counts.rows.map((r) => [r.check_id, r.n]));
    const run = runRecord(id, rows[0], dataImportId);
    return { ...run, checks: run.checks.map((c) => ({ ...c, findings: byCheck.get(c.id) ?? 0 })) };
  };

  app.get('/api/system-periods/:id/basis', auth, async (request) => {
    const ctx = await resourceContext(db, basisFindingsResource, request, 'read');
    const { id } = request.params as { id: string };
    const period = await findScoped<PeriodRow>(db, 'system_periods', ctx, id, 'data_import_id', 'system period');
    return summary(id, period.data_import_id);
  });

  app.get('/api/system-periods/:id/basis/export', auth, async (request, reply) => {
    const ctx = await resourceContext(db, basisFindingsResource, request, 'read');
    const { id } = request.params as { id: string };
    const period = await findScoped<PeriodRow>(db, 'system_periods', ctx, id, 'name', 'system period');
    const format = formatParam((request.query as { format?: string }).format);
    // Only a completed run leaves results; a first run still enqueued or running has none yet.
    const ran = await db.query('SELECT 1 FROM basis_runs WHERE system_period_id = $1 AND run_at IS NOT NULL', [id]);
    if (ran.rows.length === 0) throw coded(409, 'NOT_RUN', {}, 'The basis checks have not run on this period yet');
    const rows = await storedFindings(db, id);
    reply.header('Content-Disposition', `attachment; filename="${fileName(`${period.name}-basis`, 'basis')}.${format}"`);
    // Exactly the CSV of `segra basis` (CHECK_ID, ID, DETAIL; code-point order).
    if (format === 'csv') return reply.header('Content-Type', 'text/csv; charset=utf-8').send(basisFindingsToCsv(rows.map((r) => ({ checkId: r.checkId, id: r.id, detail: r.detail }))));
    return reply.header('Content-Type', XLSX_TYPE).send(await basisXlsx([...rows].sort(compareBasisFindings)));
  });
}

/**
 * Makes the period's run record `enqueued` and enqueues the job in its customer's turn (fair
 * share, DESIGN 7b; 429 when the customer's queue is full). The record is the lock: one
 * statement claims it unless a run is already enqueued or running (409 BASIS_RUNNING), so two
 * requests at once cannot both start one. The last completed results are left as they are.
 */
async function enqueueBasisRun(jobs: TenantJobContext, systemPeriodId: string, customerId: string, requestedBy: string): Promise<void> {
  const { db } = jobs;
  let claimedBy: string | undefined;
  try {
    await enqueueTenantJob(jobs, customerId, JOBS.basis, async (jobId) => {
      const claimed = await db.query(
        `INSERT INTO basis_runs (system_period_id, customer_id, status, progress, requested_by, requested_at, updated_at, job_id)
         VALUES ($1, $2, 'enqueued', 0, $3, now(), now(), $4)
         ON CONFLICT (system_period_id) DO UPDATE SET status = 'enqueued', phase = NULL, progress = 0, error = NULL, job_id = EXCLUDED.job_id,
           requested_by = EXCLUDED.requested_by, requested_at = now(), started_at = NULL, finished_at = NULL, heartbeat_at = NULL, updated_at = now()
         WHERE basis_runs.status NOT IN ('enqueued', 'running') RETURNING system_period_id`,
        [systemPeriodId, customerId, requestedBy, jobId],
      );
      if (claimed.rows.length === 0) throw coded(409, 'BASIS_RUNNING', {}, 'The basis checks are already running on this period; wait until they finish');
      claimedBy = jobId;
      const job: BasisJob = { systemPeriodId };
      return { subject: systemPeriodId, data: job };
    });
  } catch (e) {
    // A run claimed but not enqueued would never be taken and would block the next request.
    if (claimedBy) {
      await db.query(
        `UPDATE basis_runs SET status = 'failed', error = $3, finished_at = now(), updated_at = now() WHERE system_period_id = $1 AND status = 'enqueued' AND job_id = $2`,
        [systemPeriodId, claimedBy, `The run could not be enqueued: ${(e as Error)?.message ?? String(e)}`],
      );
    }
    throw e;
  }
}
