import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { coded } from '../../errors.ts';
import { enqueueTenantJob, tenantLimits } from '../../jobs/admission.ts';
import { JOBS, type ImportUsageJob } from '../../jobs/job-names.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { resourceContext } from '../../resources/define-resource.ts';
import { findScoped } from '../../resources/scoped-record.ts';
import { requireQueue, systemPeriodsResource } from '../system-periods/system-periods-resource.ts';
import { saveUpload } from '../system-periods/uploads.ts';
import { keepUpload } from '../../uploads/stored-uploads.ts';

/** A system period's usage table as the API shows it (DESIGN 5.17). */
export interface UsageRecord {
  systemPeriodId: string;
  status: 'empty' | 'importing' | 'ready' | 'failed';
  progress: number;
  error: unknown;
  warnings: unknown[];
  fileName: string | null;
  rows: number | null;
  users: number | null;
  tcodes: number | null;
  firstDay: string | null;
  lastDay: string | null;
  importedAt: string | null;
}

const USAGE_SELECT = `status, progress, error, warnings, file_name AS "fileName", row_count AS "rows", users, tcodes,
  to_char(first_day, 'YYYY-MM-DD') AS "firstDay", to_char(last_day, 'YYYY-MM-DD') AS "lastDay", imported_at AS "importedAt"`;

export async function readUsageRecord(db: Database, periodId: string): Promise<UsageRecord> {
  const { rows } = await db.query<Omit<UsageRecord, 'systemPeriodId'>>(`SELECT ${USAGE_SELECT} FROM system_period_usage WHERE system_period_id = $1`, [periodId]);
  const r = rows[0];
  if (!r) {
    return { systemPeriodId: periodId, status: 'empty', progress: 0, error: null, warnings: [], fileName: null, rows: null, users: null, tcodes: null, firstDay: null, lastDay: null, importedAt: null };
  }
  return { systemPeriodId: periodId, ...r, warnings: r.warnings ?? [] };
}

const SINGLE_TABLE = ['.csv', '.txt', '.tsv', '.xlsx'];

/**
 * `POST /api/system-periods/:id/usage` (multipart: one STAD / ST03N / SM20 export, .csv/.txt/.tsv
 * or .xlsx; optional field `client`) → 202, imported in the background like the extract;
 * `GET /api/system-periods/:id/usage` its status, progress, error (file, line, column) and
 * warnings; `DELETE` removes it. Tenant-scoped through the period; the period page's permissions.
 */
export function registerUsageRoutes(app: FastifyInstance, options: { db: Database; config: Config; queue?: JobQueue }): void {
  const { db, config } = options;

  app.get('/api/system-periods/:id/usage', { preHandler: app.authenticate }, async (request: FastifyRequest) => {
    const ctx = await resourceContext(db, systemPeriodsResource, request, 'read');
    const { id } = request.params as { id: string };
    await findScoped(db, 'system_periods', ctx, id, 'id', 'system period');
    return readUsageRecord(db, id);
  });

  app.post(
    '/api/system-periods/:id/usage',
    { preHandler: app.authenticate, bodyLimit: config.MAX_UPLOAD_MB * 1024 * 1024 },
    async (request: FastifyRequest, reply) => {
      const ctx = await resourceContext(db, systemPeriodsResource, request, 'update');
      const { id } = request.params as { id: string };
      const period = await findScoped<{ customer_id: string }>(db, 'system_periods', ctx, id, 'customer_id', 'system period');
      const current = await readUsageRecord(db, id);
      if (current.status === 'importing') throw coded(409, 'IMPORT_RUNNING', {}, 'A usage upload of this period is already running');
      const jobs = { db, queue: requireQueue(options.queue), limits: tenantLimits(config) };
      const importId = crypto.randomUUID();
      // The place in the customer's queue first (fair share, DESIGN 7b): a full queue answers 429 before the upload is read.
      const { jobId, files } = await enqueueTenantJob(jobs, period.customer_id, JOBS.importUsage, async () => {
        const upload = await saveUpload(request, path.join(config.DATA_DIR, 'uploads'), importId, {
          maxExtractMb: config.MAX_EXTRACT_MB,
          maxRatio: config.MAX_EXTRACT_RATIO,
        });
        if (upload.files.length !== 1 || !SINGLE_TABLE.includes(path.extname(upload.files[0]).toLowerCase())) {
          await rm(upload.dir, { recursive: true, force: true });
          throw coded(400, 'ONE_USAGE_FILE', {}, 'Send one usage export: a .csv, .txt, .tsv or .xlsx file');
        }
        const claimed = await db.query(
          `INSERT INTO system_period_usage (system_period_id, customer_id, status, progress, importing_id)
           VALUES ($1, $2, 'importing', 0, $3)
           ON CONFLICT (system_period_id) DO UPDATE SET status = 'importing', progress = 0, error = NULL, importing_id = $3, updated_at = now()
             WHERE system_period_usage.status <> 'importing'
           RETURNING system_period_id`,
          [id, period.customer_id, importId],
        );
        if (claimed.rows.length === 0) throw coded(409, 'IMPORT_RUNNING', {}, 'A usage upload of this period is already running');
        const client = upload.fields.client?.trim() || undefined;
        // On PostgreSQL the upload moves into the database: any worker can import it (issue 12 item 6).
        const { storedUpload, dir } = await keepUpload(db, importId, upload);
        const job: ImportUsageJob = { periodId: id, importId, dir, fileName: upload.files[0], ...(storedUpload ? { storedUpload } : {}), ...(client ? { client } : {}) };
        return { subject: importId, data: job, files: upload.files };
      });
      return reply.status(202).send({ jobId, importId, systemPeriodId: id, status: 'importing', files });
    },
  );

  app.delete('/api/system-periods/:id/usage', { preHandler: app.authenticate }, async (request: FastifyRequest) => {
    const ctx = await resourceContext(db, systemPeriodsResource, request, 'update');
    const { id } = request.params as { id: string };
    await findScoped(db, 'system_periods', ctx, id, 'id', 'system period');
    const { rows } = await db.query<{ usage_import_id: string | null; status: string }>(
      'DELETE FROM system_period_usage WHERE system_period_id = $1 AND status <> $2 RETURNING usage_import_id, status',
      [id, 'importing'],
    );
    if (rows.length === 0 && (await readUsageRecord(db, id)).status === 'importing') throw coded(409, 'IMPORT_RUNNING', {}, 'A usage upload of this period is running');
    if (rows[0]?.usage_import_id) await db.query('DELETE FROM usage_rows WHERE import_id = $1', [rows[0].usage_import_id]);
    return readUsageRecord(db, id);
  });
}
