import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { exportRuleset, RULESET_EXPORT_FORMATS, type RulesetExportFormat } from '../../importers/ruleset-export.ts';
import { AppError, fieldsInvalid, coded } from '../../errors.ts';
import { enqueueTenantJob, tenantLimits } from '../../jobs/admission.ts';
import { JOBS, type ImportRulesetJob } from '../../jobs/job-names.ts';
import { loadRuleset } from '../../periods/ruleset-store.ts';
import { defineResource, resourceContext, type ResourceSpec } from '../../resources/define-resource.ts';
import { isoDate, nameText } from '../../resources/fields.ts';
import { findScoped } from '../../resources/scoped-record.ts';
import { requireQueue, type PeriodRouteOptions } from '../system-periods/system-periods-resource.ts';
import { saveUpload } from '../system-periods/uploads.ts';
import { recordImportFiles } from '../../uploads/import-files.ts';
import { keepUpload } from '../../uploads/stored-uploads.ts';

/** Risk periods: versioned rulesets (spec: name, date). */
export const riskPeriodsResource: ResourceSpec = {
  name: 'risk-periods',
  table: 'risk_periods',
  columns: {
    id: 'id',
    customerId: 'customer_id',
    name: 'name',
    periodDate: 'period_date',
    status: 'status',
    progress: 'progress',
    error: 'error',
    warnings: 'warnings',
    importedAt: 'imported_at',
    createdAt: 'created_at',
    updatedAt: 'updated_at',
  },
  createSchema: z.object({ name: nameText('Name'), periodDate: isoDate('Date') }),
  updateSchema: z.object({ name: nameText('Name').optional(), periodDate: isoDate('Date').optional() }),
  sortable: ['id', 'name', 'periodDate', 'status', 'createdAt', 'updatedAt'],
  defaultSort: ['periodDate', 'DESC'],
  filterable: { status: 'eq', name: 'ilike', periodDate: 'eq' },
  q: ['name'],
  tenantScoped: true,
  access: { read: ['Admin', 'User', 'SuperAdmin'], write: ['Admin', 'User', 'SuperAdmin'], page: 'risk/period' },
  touchOnUpdate: ['updated_at'],
  conflictMessage: 'A risk period with this name already exists',
  conflictCode: 'RISK_PERIOD_EXISTS',
  async beforeDelete(db, id) {
    const { rows } = await db.query<{ status: string }>('SELECT status FROM risk_periods WHERE id = $1', [id]);
    if (rows[0]?.status === 'importing') throw coded(409, 'IMPORT_RUNNING', {}, 'The ruleset is being imported; wait until the import ends');
  },
};

const copySchema = z.object({ name: nameText('Name'), periodDate: isoDate('Date') });

/** `/api/risk-periods` with ruleset upload, export and copy. */
export async function riskPeriodRoutes(app: FastifyInstance, options: PeriodRouteOptions): Promise<void> {
  const { db, config } = options;
  defineResource(app, riskPeriodsResource, { db });

  app.post('/api/risk-periods/:id/ruleset', { preHandler: app.authenticate }, async (request: FastifyRequest, reply) => {
    const ctx = await resourceContext(db, riskPeriodsResource, request, 'update');
    const { id } = request.params as { id: string };
    const period = await findScoped<{ status: string; customer_id: string }>(db, 'risk_periods', ctx, id, 'status, customer_id', 'risk period');
    if (period.status === 'importing') throw coded(409, 'IMPORT_RUNNING', {}, 'An import of this ruleset is already running');
    const jobs = { db, queue: requireQueue(options.queue), limits: tenantLimits(config) };
    const uploadId = crypto.randomUUID();
    // The place in the customer's queue first (fair share, DESIGN 7b): a full queue answers 429 before the upload is read.
    const { jobId, files } = await enqueueTenantJob(jobs, period.customer_id, JOBS.importRuleset, async () => {
      const upload = await saveUpload(request, path.join(config.DATA_DIR, 'uploads'), uploadId, { maxExtractMb: config.MAX_EXTRACT_MB, maxRatio: config.MAX_EXTRACT_RATIO }, ['.json']);
      const claimed = await db.query(
        `UPDATE risk_periods SET status = 'importing', progress = 0, error = NULL, updated_at = now() WHERE id = $1 AND status <> 'importing' RETURNING id`,
        [id],
      );
      if (claimed.rows.length === 0) throw coded(409, 'IMPORT_RUNNING', {}, 'An import of this ruleset is already running');
      await recordImportFiles(db, { customerId: period.customer_id, uploadId, files: upload.sums, by: request.user.email });
      const job: ImportRulesetJob = { riskPeriodId: id, uploadId, ...(await keepUpload(db, uploadId, upload)), requestedBy: request.user.id };
      return { subject: id, data: job, files: upload.files };
    });
    return reply.status(202).send({ jobId, riskPeriodId: id, status: 'importing', files });
  });

  app.get('/api/risk-periods/:id/ruleset', { preHandler: app.authenticate }, async (request, reply) => {
    const ctx = await resourceContext(db, riskPeriodsResource, request, 'read');
    const { id } = request.params as { id: string };
    const period = await findScoped<{ name: string }>(db, 'risk_periods', ctx, id, 'name', 'risk period');
    const format = (request.query as { format?: string }).format ?? 'zip';
    if (!(RULESET_EXPORT_FORMATS as readonly string[]).includes(format)) {
      throw coded(400, 'PARAMETER_INVALID', { parameter: 'format' }, `The format parameter must be one of ${RULESET_EXPORT_FORMATS.join(', ')}`);
    }
    const ruleset = await loadRuleset(db, id);
    const { body, contentType, extension } = await exportRuleset(ruleset, format as RulesetExportFormat);
    const file = `${period.name.replace(/[^\w.-]+/g, '_') || 'ruleset'}.${extension}`;
    return reply
      .header('Content-Type', contentType)
      .header('Content-Disposition', `attachment; filename="${file}"`)
      .send(Buffer.from(body));
  });

  app.post('/api/risk-periods/:id/copy', { preHandler: app.authenticate }, async (request, reply) => {
    const ctx = await resourceContext(db, riskPeriodsResource, request, 'create');
    const { id } = request.params as { id: string };
    const source = await findScoped<{ customer_id: string; status: string }>(db, 'risk_periods', ctx, id, 'customer_id, status', 'risk period');
    if (source.status === 'importing') throw coded(409, 'IMPORT_RUNNING', {}, 'The ruleset is being imported; copy it when the import has ended');
    const parsed = copySchema.safeParse(request.body ?? {});
    if (!parsed.success) throw fieldsInvalid(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0] ?? '_'), i.message])));
    try {
      const created = await db.transaction(async (tx) => {
        const { rows } = await tx.query<Record<string, unknown>>(
          `INSERT INTO risk_periods (customer_id, name, period_date, status, progress, imported_at, ruleset_upload_id)
           SELECT customer_id, $2, $3, status, progress, imported_at, ruleset_upload_id FROM risk_periods WHERE id = $1
           RETURNING id, customer_id AS "customerId", name, period_date AS "periodDate", status, progress`,
          [id, parsed.data.name, parsed.data.periodDate],
        );
        const newId = rows[0].id;
        await tx.query(
          `INSERT INTO functions (customer_id, risk_period_id, function_id, position, description, business_process, actions, permissions)
           SELECT customer_id, $2, function_id, position, description, business_process, actions, permissions FROM functions WHERE risk_period_id = $1`,
          [id, newId],
        );
        await tx.query(
          `INSERT INTO risks (customer_id, risk_period_id, risk_id, position, description, risk_type, risk_level, business_process, active, function_ids, manual)
           SELECT customer_id, $2, risk_id, position, description, risk_type, risk_level, business_process, active, function_ids, manual FROM risks WHERE risk_period_id = $1`,
          [id, newId],
        );
        return rows[0];
      });
      return reply.status(201).send(created);
    } catch (e) {
      if ((e as { code?: string }).code === '23505') throw coded(409, 'RISK_PERIOD_EXISTS', {}, 'A risk period with this name already exists');
      if (e instanceof AppError) throw e;
      throw e;
    }
  });
}
