import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { BASIS_CHECKS, BASIS_CSV_COLUMNS, basisFindingsToCsv, compareBasisFindings, buildBasisRuleset, runBasisChecks, type BasisCheck, type BasisFinding } from '../../../engine/basis/index.ts';
import { parseDate8, type Date8 } from '../../../engine/model/dates.ts';
import { objectsNeeded } from '../../analyses/objects-needed.ts';
import { copyText } from '../../db/copy-text.ts';
import type { Database } from '../../db/database.ts';
import { conflict } from '../../errors.ts';
import { loadExcelJs } from '../../importers/table-source.ts';
import { loadExtract } from '../../periods/extract-store.ts';
import { defineResource, resourceContext, type ResourceSpec } from '../../resources/define-resource.ts';
import { findScoped } from '../../resources/scoped-record.ts';
import { audit } from '../audit/audit.ts';
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

const COLUMNS = ['customer_id', 'system_period_id', 'check_id', 'holder', 'detail', 'title', 'explanation', 'severity', 'category'] as const;

interface PeriodRow {
  customer_id: string;
  name: string;
  period_date: string;
  data_import_id: string | null;
}

interface RunRow {
  analysis_date: string;
  data_import_id: string;
  findings: number;
  checks: BasisCheck[];
  run_by: string | null;
  run_at: Date | string;
  duration_ms: number | null;
}

function runRecord(systemPeriodId: string, run: RunRow | undefined, dataImportId: string | null) {
  if (!run) return { systemPeriodId, ran: false, ranAt: null, ranBy: null, analysisDate: null, findings: 0, durationMs: null, stale: false, checks: BASIS_CHECKS };
  return {
    systemPeriodId,
    ran: true,
    ranAt: new Date(run.run_at).toISOString(),
    ranBy: run.run_by,
    analysisDate: run.analysis_date,
    findings: run.findings,
    durationMs: run.duration_ms,
    // The period was imported again since: the results describe the older data.
    stale: run.data_import_id !== dataImportId,
    checks: run.checks,
  };
}

/**
 * Runs the engine's basis checks (`segra basis`) on a stored period for its date and replaces
 * its earlier results. Synchronous: the basis checks need only the objects of the basis
 * ruleset, so even a large period takes seconds, not minutes.
 */
export async function runBasis(db: Database, systemPeriodId: string, runBy: string | null): Promise<{ findings: BasisFinding[]; checks: readonly BasisCheck[]; durationMs: number }> {
  const started = performance.now();
  const { rows } = await db.query<PeriodRow>('SELECT customer_id, name, period_date, data_import_id FROM system_periods WHERE id = $1', [systemPeriodId]);
  const period = rows[0];
  if (!period?.data_import_id) throw conflict('The system period has no imported data; upload an extract first', 'PERIOD_EMPTY');
  const importId = period.data_import_id;
  const startChecks = await loadExtract(db, importId, { tables: ['TSTCA'] });
  // As the command line: only the objects the authorisation checks look at.
  const objects = objectsNeeded(buildBasisRuleset(), 'permission', startChecks.tcodeChecks);
  const extract = await loadExtract(db, importId, { objects });
  const { findings, checks } = runBasisChecks(extract, { date: parseDate8(period.period_date) as Date8 });
  const byId = new Map(checks.map((c) => [c.id, c]));
  const durationMs = Math.round(performance.now() - started);
  await db.transaction(async (tx) => {
    // One run at a time per period: the period row is the lock.
    const locked = await tx.query<{ data_import_id: string | null }>('SELECT data_import_id FROM system_periods WHERE id = $1 FOR UPDATE', [systemPeriodId]);
    if (locked.rows[0]?.data_import_id !== importId) throw conflict('The period was imported again meanwhile; run the basis checks again', 'PERIOD_CHANGED');
    await tx.query('DELETE FROM basis_findings WHERE system_period_id = $1', [systemPeriodId]);
    await tx.copyIn('basis_findings', COLUMNS, lines(period.customer_id, systemPeriodId, findings, byId));
    await tx.query(
      `INSERT INTO basis_runs (system_period_id, customer_id, analysis_date, data_import_id, findings, checks, run_by, run_at, duration_ms)
       VALUES ($1, $2, $3, $4, $5, $6, $7, now(), $8)
       ON CONFLICT (system_period_id) DO UPDATE SET analysis_date = EXCLUDED.analysis_date, data_import_id = EXCLUDED.data_import_id,
         findings = EXCLUDED.findings, checks = EXCLUDED.checks, run_by = EXCLUDED.run_by, run_at = EXCLUDED.run_at, duration_ms = EXCLUDED.duration_ms`,
      [systemPeriodId, period.customer_id, period.period_date, importId, findings.length, JSON.stringify(checks), runBy, durationMs],
    );
  });
  return { findings, checks, durationMs };
}

function* lines(customerId: string, systemPeriodId: string, findings: readonly BasisFinding[], checks: Map<string, BasisCheck>): Generator<string> {
  let chunk = '';
  for (const f of findings) {
    const c = checks.get(f.checkId);
    chunk +=
      [customerId, systemPeriodId, copyText(f.checkId), copyText(f.id), copyText(f.detail), copyText(c?.title ?? ''), copyText(c?.explanation ?? ''), c?.severity ?? 'INFO', c?.category ?? ''].join('\t') + '\n';
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
 * `basis-findings` (read-only resource), `POST /api/system-periods/:id/basis` (run and store),
 * `GET /api/system-periods/:id/basis` (the last run and the catalogue) and
 * `GET /api/system-periods/:id/basis/export?format=csv|xlsx`.
 */
export function registerBasis(app: FastifyInstance, db: Database): void {
  defineResource(app, basisFindingsResource, { db });
  const auth = { preHandler: app.authenticate, config: { resource: 'basis-findings', page: 'report/basis' } };

  app.post('/api/system-periods/:id/basis', auth, async (request) => {
    const ctx = await resourceContext(db, basisFindingsResource, request, 'create');
    const { id } = request.params as { id: string };
    const period = await findScoped<PeriodRow>(db, 'system_periods', ctx, id, 'customer_id, name, period_date, data_import_id', 'system period');
    if (!period.data_import_id) throw conflict('The system period has no imported data; upload an extract first', 'PERIOD_EMPTY');
    await runBasis(db, id, request.user.email);
    await audit(db, {
      customerId: period.customer_id,
      actorId: request.user.id,
      actorEmail: request.user.email,
      action: 'basis.run',
      entity: 'system-periods',
      entityId: id,
      detail: { name: period.name },
    });
    return summary(id, period.data_import_id);
  });

  const summary = async (id: string, dataImportId: string | null) => {
    const { rows } = await db.query<RunRow>(
      'SELECT analysis_date, data_import_id, findings, checks, run_by, run_at, duration_ms FROM basis_runs WHERE system_period_id = $1',
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
    const ran = await db.query('SELECT 1 FROM basis_runs WHERE system_period_id = $1', [id]);
    if (ran.rows.length === 0) throw conflict('The basis checks have not run on this period yet', 'NOT_RUN');
    const rows = await storedFindings(db, id);
    reply.header('Content-Disposition', `attachment; filename="${fileName(`${period.name}-basis`, 'basis')}.${format}"`);
    // Exactly the CSV of `segra basis` (CHECK_ID, ID, DETAIL; code-point order).
    if (format === 'csv') return reply.header('Content-Type', 'text/csv; charset=utf-8').send(basisFindingsToCsv(rows.map((r) => ({ checkId: r.checkId, id: r.id, detail: r.detail }))));
    return reply.header('Content-Type', XLSX_TYPE).send(await basisXlsx([...rows].sort(compareBasisFindings)));
  });
}
