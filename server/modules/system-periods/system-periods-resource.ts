import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { coded } from '../../errors.ts';
import { enqueueTenantJob, tenantLimits } from '../../jobs/admission.ts';
import { JOBS, type ImportExtractJob } from '../../jobs/job-names.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { deleteImport } from '../../periods/extract-store.ts';
import { defineResource, resourceContext, type ResourceSpec } from '../../resources/define-resource.ts';
import { findScoped } from '../../resources/scoped-record.ts';
import { isoDate, nameText } from '../../resources/fields.ts';
import { registerDataQuality } from './data-quality-routes.ts';
import { registerImportCancel } from './import-cancel-route.ts';
import { registerPeriodTables } from './period-table-routes.ts';
import { saveUpload } from './uploads.ts';
import { recordImportFiles } from '../../uploads/import-files.ts';
import { keepUpload } from '../../uploads/stored-uploads.ts';

/** System periods: dated snapshots of what an SAP system grants (spec: name, date, system). */
export const systemPeriodsResource: ResourceSpec = {
  name: 'system-periods',
  table: 'system_periods',
  columns: {
    id: 'id',
    customerId: 'customer_id',
    systemId: 'system_id',
    name: 'name',
    periodDate: 'period_date',
    status: 'status',
    progress: 'progress',
    error: 'error',
    rowCounts: 'row_counts',
    warnings: 'warnings',
    importedAt: 'imported_at',
    createdAt: 'created_at',
    updatedAt: 'updated_at',
  },
  createSchema: z.object({
    name: nameText('Name'),
    periodDate: isoDate('Date'),
    systemId: z.uuid({ error: 'System is required' }),
  }),
  updateSchema: z.object({ name: nameText('Name').optional(), periodDate: isoDate('Date').optional() }),
  sortable: ['id', 'name', 'periodDate', 'status', 'createdAt', 'updatedAt', 'systemId'],
  defaultSort: ['periodDate', 'DESC'],
  filterable: { systemId: 'eq', status: 'eq', name: 'ilike', periodDate: 'eq' },
  q: ['name'],
  tenantScoped: true,
  access: { read: ['Admin', 'User', 'SuperAdmin'], write: ['Admin', 'User', 'SuperAdmin'], page: 'system/period' },
  touchOnUpdate: ['updated_at'],
  conflictMessage: 'A period with this name already exists for the system',
  async beforeDelete(db, id) {
    const { rows } = await db.query<{ status: string; data_import_id: string | null }>(
      'SELECT status, data_import_id FROM system_periods WHERE id = $1',
      [id],
    );
    if (rows[0]?.status === 'importing') throw coded(409, 'IMPORT_RUNNING', {}, 'The period is being imported; wait until the import ends');
    if (rows[0]?.data_import_id) await deleteImport(db, rows[0].data_import_id);
  },
};

export interface PeriodRouteOptions {
  db: Database;
  config: Config;
  queue?: JobQueue;
}

export function requireQueue(queue: JobQueue | undefined): JobQueue {
  if (!queue) throw coded(503, 'NO_QUEUE', {}, 'The job queue is not running on this server');
  return queue;
}

/** `/api/system-periods` with the extract upload and the browsing of its tables. */
export async function systemPeriodRoutes(app: FastifyInstance, options: PeriodRouteOptions): Promise<void> {
  const { db, config } = options;
  defineResource(app, systemPeriodsResource, { db });
  registerPeriodTables(app, db);
  registerImportCancel(app, db);
  registerDataQuality(app, db);

  app.post(
    '/api/system-periods/:id/extract',
    { preHandler: app.authenticate, bodyLimit: config.MAX_UPLOAD_MB * 1024 * 1024 },
    async (request: FastifyRequest, reply) => {
      const ctx = await resourceContext(db, systemPeriodsResource, request, 'update');
      const { id } = request.params as { id: string };
      const period = await findScoped<{ status: string; customer_id: string }>(db, 'system_periods', ctx, id, 'status, customer_id', 'system period');
      if (period.status === 'importing') throw coded(409, 'IMPORT_RUNNING', {}, 'An import of this period is already running');
      const jobs = { db, queue: requireQueue(options.queue), limits: tenantLimits(config) };
      const importId = crypto.randomUUID();
      // The place in the customer's queue first (fair share, DESIGN 7b): a full queue answers 429 before the upload is read.
      const { jobId, files } = await enqueueTenantJob(jobs, period.customer_id, JOBS.importExtract, async () => {
        const upload = await saveUpload(request, path.join(config.DATA_DIR, 'uploads'), importId, { maxExtractMb: config.MAX_EXTRACT_MB, maxRatio: config.MAX_EXTRACT_RATIO });
        const client = upload.fields.client?.trim() || undefined;
        // DESIGN 4.1b: the upload's choice for data without a user master (as --assume-users-valid).
        const assumeUsersValid = ['true', '1', 'on', 'yes'].includes(upload.fields.assumeUsersValid?.trim().toLowerCase() ?? '');
        // Claim the period first: a second upload meanwhile is refused, not interleaved.
        const claimed = await db.query(
          `UPDATE system_periods SET status = 'importing', progress = 0, error = NULL, importing_id = $2, updated_at = now()
           WHERE id = $1 AND status <> 'importing' RETURNING id`,
          [id, importId],
        );
        if (claimed.rows.length === 0) throw coded(409, 'IMPORT_RUNNING', {}, 'An import of this period is already running');
        await recordImportFiles(db, { customerId: period.customer_id, uploadId: importId, files: upload.sums, by: request.user.email });
        // On PostgreSQL the upload moves into the database: any worker can import it (issue 12 item 6).
        const job: ImportExtractJob = { periodId: id, importId, ...(await keepUpload(db, importId, upload)), ...(client ? { client } : {}), ...(assumeUsersValid ? { assumeUsersValid } : {}), requestedBy: request.user.id };
        return { subject: importId, data: job, files: upload.files };
      });
      return reply.status(202).send({ jobId, importId, periodId: id, status: 'importing', files });
    },
  );
}
