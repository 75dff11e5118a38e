import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { WARNING_CODES } from '../../../engine/model/data-warnings.ts';
import type { Database } from '../../db/database.ts';
import { bodyNotObject, coded, invalidInput } from '../../errors.ts';
import type { Config } from '../../config.ts';
import { enqueueTenantJob, tenantLimits, withdrawTenantJob } from '../../jobs/admission.ts';
import { JOBS, type AnalysisJob } from '../../jobs/job-names.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { defineResource, recordSelect, resourceContext, type ResourceSpec } from '../../resources/define-resource.ts';
import { nameText } from '../../resources/fields.ts';
import { findScoped } from '../../resources/scoped-record.ts';
import { audit } from '../audit/audit.ts';
import { requireQueue } from '../system-periods/system-periods-resource.ts';
import { registerAnalysisExport } from './analysis-export.ts';
import { attachJob, cancel, insertAnalysis } from './analyses-store.ts';
import { registerAnalysisShown } from './analysis-shown.ts';
import { registerDefaultAnalysis } from './default-analysis.ts';
import { checkUsageRequest, usageRequestFields } from '../usage/usage-request.ts';
import { analysisSystemSchema, analysisSystemsFields } from '../../../contracts/analysis-systems.ts';
import { documentationOnly, jsonSchemaOf } from '../../docs/openapi.ts';
import { checkAnalysisSystems, storeAnalysisSystems, withAnalysisSystems } from './analysis-systems.ts';

const ROLES = ['Admin', 'User', 'SuperAdmin'] as const;

/**
 * An analysis's input warnings (DESIGN 4.1b), stored when it runs (migration 0040): codes and
 * data, worded by the reader (the screen, the exports and the PDF in the reader's language).
 */
const INPUT_WARNINGS_SCHEMA = {
  type: 'array',
  nullable: true,
  description: 'The input warnings that applied to the analysis (import, ruleset, mitigations, usage); null before it ran',
  items: {
    type: 'object',
    properties: {
      code: { type: 'string', enum: [...WARNING_CODES], description: 'Stable code; the UI and the reports word it' },
      table: { type: 'string', description: 'The table or file kind it is about (AGR_USERS, FUNCTION_PERMISSIONS, MITIGATIONS, USAGE …)' },
      count: { type: 'integer', minimum: 1 },
      examples: { type: 'array', items: { type: 'string' }, maxItems: 10, description: 'Up to 10 offending keys, columns or lines, as written' },
    },
    required: ['code', 'table', 'count', 'examples'],
  },
};

/** Analysis requests (spec: name, description, system period, risk period; statuses of spec 4). */
export const analysesResource: ResourceSpec = {
  name: 'analyses',
  table: 'analyses',
  columns: {
    id: 'id',
    customerId: 'customer_id',
    name: 'name',
    description: 'description',
    systemPeriodId: 'system_period_id',
    riskPeriodId: 'risk_period_id',
    level: 'level',
    mode: 'mode',
    includeLocked: 'include_locked',
    includeExpired: 'include_expired',
    analysisDate: 'analysis_date',
    withUsage: 'with_usage',
    usageFrom: 'usage_from',
    usageTo: 'usage_to',
    status: 'status',
    progress: 'progress',
    phase: 'phase',
    error: 'error',
    counts: 'counts',
    warnings: 'warnings',
    createdBy: 'created_by',
    createdAt: 'created_at',
    startedAt: 'started_at',
    finishedAt: 'finished_at',
    updatedAt: 'updated_at',
  },
  fieldSchemas: { warnings: INPUT_WARNINGS_SCHEMA },
  decorate: withAnalysisSystems,
  decoratedFields: {
    systems: {
      ...jsonSchemaOf(z.array(analysisSystemSchema), 'output'),
      description: 'The systems and periods a cross-system analysis covers (DESIGN 5.18), in SID order, its own systemPeriodId included; [] for an analysis of one system',
    },
  },
  createSchema: z.object({}),
  updateSchema: z.object({}),
  operations: { create: 'custom', update: false },
  sortable: ['id', 'name', 'status', 'createdAt', 'startedAt', 'finishedAt', 'analysisDate', 'level', 'mode'],
  defaultSort: ['createdAt', 'DESC'],
  filterable: { status: 'in', systemPeriodId: 'eq', riskPeriodId: 'eq', level: 'eq', mode: 'eq', name: 'ilike' },
  q: ['name', 'description'],
  tenantScoped: true,
  access: { read: [...ROLES], write: [...ROLES], page: 'reports/analyze-request' },
  async beforeDelete(db, id) {
    const { rows } = await db.query<{ status: string }>('SELECT status FROM analyses WHERE id = $1', [id]);
    if (rows[0]?.status === 'running') throw coded(409, 'ANALYSIS_RUNNING', {}, 'The analysis is running; cancel it first');
  },
};

const createSchema = z.object({
  name: nameText('Name'),
  description: z.string().trim().max(2000).default(''),
  systemPeriodId: z.uuid({ error: 'System period is required' }),
  riskPeriodId: z.uuid({ error: 'Risk period is required' }),
  level: z.enum(['action', 'permission'], { error: 'Level must be action or permission' }).default('permission'),
  mode: z.enum(['same-instance', 'union'], { error: 'Mode must be same-instance or union' }).default('same-instance'),
  includeLocked: z.boolean({ error: 'Include locked must be true or false' }).default(false),
  includeExpired: z.boolean({ error: 'Include expired must be true or false' }).default(false),
  ...usageRequestFields,
  ...analysisSystemsFields,
});

/** `/api/analyses`: create (enqueue), list, get, delete, cancel, export. */
export async function analysisRoutes(app: FastifyInstance, options: { db: Database; config: Config; queue?: JobQueue }): Promise<void> {
  const { db } = options;
  defineResource(app, analysesResource, { db });
  registerAnalysisExport(app, db);
  registerDefaultAnalysis(app, db);
  registerAnalysisShown(app, db);

  const documented = documentationOnly({ summary: 'Request an analysis (enqueued)', body: jsonSchemaOf(createSchema) });
  app.post('/api/analyses', { preHandler: app.authenticate, config: { resource: 'analyses', page: 'reports/create' }, ...documented }, async (request, reply) => {
    const ctx = await resourceContext(db, { ...analysesResource, access: { ...analysesResource.access, page: 'reports/create' } }, request, 'create');
    if (ctx.customerId === null) throw coded(400, 'CUSTOMER_REQUIRED', {}, 'Choose a customer (X-Customer-Id) to create a record in');
    if (request.body === null || typeof request.body !== 'object' || Array.isArray(request.body)) throw bodyNotObject();
    const parsed = createSchema.safeParse(request.body);
    if (!parsed.success) throw invalidInput(parsed.error.issues);
    const body = parsed.data;
    const sp = await findScoped<{ period_date: string; data_import_id: string | null; status: string }>(
      db, 'system_periods', ctx, body.systemPeriodId, 'period_date, data_import_id, status', 'system period',
    );
    if (!sp.data_import_id) throw coded(409, 'PERIOD_EMPTY', {}, 'The system period has no imported data; upload an extract first');
    const rp = await findScoped<{ status: string }>(db, 'risk_periods', ctx, body.riskPeriodId, 'status', 'risk period');
    if (rp.status !== 'ready') throw coded(409, 'PERIOD_EMPTY', {}, 'The risk period has no imported ruleset; upload one first');
    // The systems first: usage asked for several systems is refused for that, whatever the usage tables.
    const systems = await checkAnalysisSystems(db, ctx, body.systemPeriodId, body.otherSystemPeriodIds, body.withUsage);
    await checkUsageRequest(db, body);
    const jobs = { db, queue: requireQueue(options.queue), limits: tenantLimits(options.config) };
    const customerId = ctx.customerId;
    // Waits its customer's turn (fair share, DESIGN 7b) with the status enqueued; 429 when the customer's queue is full.
    const { subject: id } = await enqueueTenantJob(jobs, customerId, JOBS.analysis, async (jobId) => {
      const analysisId = await insertAnalysis(db, {
        customerId,
        name: body.name,
        description: body.description,
        systemPeriodId: body.systemPeriodId,
        riskPeriodId: body.riskPeriodId,
        level: body.level,
        mode: body.mode,
        includeLocked: body.includeLocked,
        includeExpired: body.includeExpired,
        analysisDate: sp.period_date,
        createdBy: request.user.email,
        ...(body.withUsage ? { usage: { from: body.usageFrom ?? null, to: body.usageTo ?? null } } : {}),
      });
      await storeAnalysisSystems(db, customerId, analysisId, systems);
      await attachJob(db, analysisId, jobId);
      const job: AnalysisJob = { analysisId };
      return { subject: analysisId, data: job };
    });
    await audit(db, { customerId: ctx.customerId, actorId: request.user.id, actorEmail: request.user.email, action: 'analysis.created', entity: 'analyses', entityId: id, detail: { name: body.name } });
    const record = await findScoped<Record<string, unknown>>(db, 'analyses', ctx, id, recordSelect(analysesResource), 'analysis');
    return reply.status(201).send((await withAnalysisSystems(db, [record]))[0]);
  });

  app.post('/api/analyses/:id/cancel', { preHandler: app.authenticate }, async (request) => {
    const ctx = await resourceContext(db, analysesResource, request, 'update');
    const { id } = request.params as { id: string };
    await findScoped(db, 'analyses', ctx, id, 'id', 'analysis');
    if (!(await cancel(db, id))) throw coded(409, 'NOT_RUNNING', {}, 'Only an enqueued or running analysis can be canceled');
    await withdrawTenantJob(db, id); // still waiting for its turn: it leaves the customer's queue
    await audit(db, { customerId: ctx.customerId, actorId: request.user.id, actorEmail: request.user.email, action: 'analysis.canceled', entity: 'analyses', entityId: id });
    return findScoped<Record<string, unknown>>(db, 'analyses', ctx, id, recordSelect(analysesResource), 'analysis');
  });
}
