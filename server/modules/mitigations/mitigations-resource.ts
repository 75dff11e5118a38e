import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { reapplyMitigations } from '../../analyses/mitigations.ts';
import type { Database } from '../../db/database.ts';
import { defineResource, isUuid, resourceContext, type ResourceContext, type ResourceSpec } from '../../resources/define-resource.ts';
import { TEXT_LIMITS } from '../../../contracts/text-limits.ts';
import { isoDate, nameText } from '../../resources/fields.ts';
import { checkRiskExists } from '../risk-periods/ruleset-references.ts';
import { audit } from '../audit/audit.ts';
import { aroundRoutes, type Answer } from '../groups/route-wrap.ts';
import { writeTenant } from '../../platform/resource/tenant.ts';

const ROLES = ['Admin', 'User', 'SuperAdmin'] as const;
export const CONTROLS_PAGE = 'risk/mitigating-controls';
export const MITIGATIONS_PAGE = 'risk/mitigations';
export const FREQUENCIES = ['daily', 'weekly', 'monthly', 'quarterly', 'yearly', 'on-demand'] as const;

const optionalDate = (label: string) => z.preprocess((v) => (v === '' ? null : v), isoDate(label).nullish());
const optionalUser = z.preprocess((v) => (v === '' ? null : v), z.string().uuid('Choose a user').nullish());

const stampBy = (ctx: ResourceContext, op: 'create' | 'update') =>
  op === 'create' ? { createdBy: ctx.user.email, updatedBy: ctx.user.email } : { updatedBy: ctx.user.email };


/** Owner and monitor are app users of the control's customer. */
async function checkControlUsers(db: Database, data: Record<string, unknown>, ctx: ResourceContext, record?: Record<string, unknown>) {
  const errors: Record<string, string> = {};
  for (const field of ['ownerId', 'monitorId'] as const) {
    const id = data[field];
    if (id === undefined || id === null) continue;
    const { rows } = await db.query('SELECT 1 FROM app_users WHERE id = $1 AND customer_id = $2', [id, writeTenant(ctx, record)]);
    if (rows.length === 0) errors[field] = 'The user does not exist';
  }
  return Object.keys(errors).length > 0 ? errors : undefined;
}

const controlFields = {
  description: z.string().trim().max(TEXT_LIMITS.description).default(''),
  businessProcess: z.string().trim().max(TEXT_LIMITS.name).default(''),
  ownerId: optionalUser,
  monitorId: optionalUser,
  frequency: z.enum(FREQUENCIES, { error: 'Choose a frequency' }).default('monthly'),
  status: z.enum(['active', 'inactive'], { error: 'Status must be active or inactive' }).default('active'),
};

/** Mitigating controls (DESIGN 5.16, issue 16): the customer's control register. */
export const mitigatingControlsResource: ResourceSpec = {
  name: 'mitigating-controls',
  table: 'mitigating_controls',
  columns: {
    id: 'id',
    customerId: 'customer_id',
    controlId: 'control_id',
    description: 'description',
    businessProcess: 'business_process',
    ownerId: 'owner_id',
    monitorId: 'monitor_id',
    frequency: 'frequency',
    status: 'status',
    createdBy: 'created_by',
    createdAt: 'created_at',
    updatedBy: 'updated_by',
    updatedAt: 'updated_at',
  },
  createSchema: z.object({ controlId: nameText('Control id', TEXT_LIMITS.code), ...controlFields }),
  updateSchema: z.object({
    controlId: nameText('Control id', TEXT_LIMITS.code).optional(),
    description: controlFields.description.optional(),
    businessProcess: controlFields.businessProcess.optional(),
    ownerId: optionalUser,
    monitorId: optionalUser,
    frequency: z.enum(FREQUENCIES, { error: 'Choose a frequency' }).optional(),
    status: z.enum(['active', 'inactive'], { error: 'Status must be active or inactive' }).optional(),
  }),
  sortable: ['id', 'controlId', 'businessProcess', 'frequency', 'status', 'createdAt', 'updatedAt'],
  defaultSort: ['controlId', 'ASC'],
  filterable: { controlId: 'in', status: 'eq', businessProcess: 'ilike', ownerId: 'eq', monitorId: 'eq' },
  q: ['controlId', 'description', 'businessProcess'],
  tenantScoped: true,
  access: { read: [...ROLES], write: [...ROLES], page: CONTROLS_PAGE },
  touchOnUpdate: ['updated_at'],
  stamp: stampBy,
  conflictMessage: 'A mitigating control with this id already exists',
  checkReferences: checkControlUsers,
  // Owner and monitor by name, for lists (a User of the page may not read app-users).
  decorate: async (db, records) => {
    const ids = [...new Set(records.flatMap((r) => [r.ownerId, r.monitorId]).filter((v): v is string => typeof v === 'string'))];
    if (ids.length === 0) return records.map((r) => ({ ...r, ownerName: null, monitorName: null }));
    const { rows } = await db.query<{ id: string; name: string }>('SELECT id, coalesce(nullif(full_name, \'\'), email) AS name FROM app_users WHERE id = ANY($1::uuid[])', [ids]);
    const names = new Map(rows.map((u) => [u.id, u.name]));
    return records.map((r) => ({ ...r, ownerName: names.get(r.ownerId as string) ?? null, monitorName: names.get(r.monitorId as string) ?? null }));
  },
};

/** The control and the risk a mitigation names exist in the customer. */
async function checkMitigationReferences(db: Database, data: Record<string, unknown>, ctx: ResourceContext, record?: Record<string, unknown>) {
  const errors: Record<string, string> = {};
  // One wording for every risk id, so the UI shows it translated (api-errors FIELD_MESSAGES).
  if (await checkRiskExists(db, data, ctx, record)) errors.riskId = 'No risk period of the customer has this risk';
  const control = data.mitigatingControlId;
  if (control !== undefined) {
    const { rows } = isUuid(control)
      ? await db.query('SELECT 1 FROM mitigating_controls WHERE id = $1 AND customer_id = $2', [control, writeTenant(ctx, record)])
      : { rows: [] };
    if (rows.length === 0) errors.mitigatingControlId = 'The mitigating control does not exist';
  }
  const from = (data.validFrom === undefined ? record?.validFrom : data.validFrom) as string | null | undefined;
  const to = (data.validTo === undefined ? record?.validTo : data.validTo) as string | null | undefined;
  if (from && to && from > to) errors.validTo = 'Valid to must not be before valid from';
  return Object.keys(errors).length > 0 ? errors : undefined;
}

/** Mitigations (DESIGN 5.16): a control assigned to a risk for a user or a role, with its validity. */
export const mitigationsResource: ResourceSpec = {
  name: 'mitigations',
  table: 'mitigations',
  columns: {
    id: 'id',
    customerId: 'customer_id',
    mitigatingControlId: 'mitigating_control_id',
    riskId: 'risk_id',
    level: 'level',
    holder: 'holder',
    validFrom: 'valid_from',
    validTo: 'valid_to',
    reason: 'reason',
    createdBy: 'created_by',
    createdAt: 'created_at',
    updatedBy: 'updated_by',
    updatedAt: 'updated_at',
  },
  createSchema: z.object({
    mitigatingControlId: z.string({ error: 'Choose a mitigating control' }).uuid('Choose a mitigating control'),
    riskId: nameText('Risk', TEXT_LIMITS.code),
    level: z.enum(['USER', 'ROLE'], { error: 'Level must be USER or ROLE' }),
    holder: nameText('User or role', TEXT_LIMITS.code),
    validFrom: optionalDate('Valid from'),
    validTo: optionalDate('Valid to'),
    reason: z.string().trim().max(TEXT_LIMITS.description).default(''),
  }),
  updateSchema: z.object({
    mitigatingControlId: z.string().uuid('Choose a mitigating control').optional(),
    riskId: nameText('Risk', TEXT_LIMITS.code).optional(),
    level: z.enum(['USER', 'ROLE'], { error: 'Level must be USER or ROLE' }).optional(),
    holder: nameText('User or role', TEXT_LIMITS.code).optional(),
    validFrom: optionalDate('Valid from'),
    validTo: optionalDate('Valid to'),
    reason: z.string().trim().max(TEXT_LIMITS.description).optional(),
  }),
  sortable: ['id', 'riskId', 'level', 'holder', 'validFrom', 'validTo', 'createdAt', 'updatedAt'],
  defaultSort: ['createdAt', 'DESC'],
  filterable: { mitigatingControlId: 'in', riskId: 'in', level: 'eq', holder: 'ilike' },
  q: ['riskId', 'holder', 'reason'],
  tenantScoped: true,
  access: { read: [...ROLES], write: [...ROLES], page: MITIGATIONS_PAGE },
  touchOnUpdate: ['updated_at'],
  stamp: stampBy,
  checkReferences: checkMitigationReferences,
  // The control's own id (CONTROL_ID) and status, for lists.
  decorate: async (db, records) => {
    const ids = [...new Set(records.map((r) => r.mitigatingControlId as string))];
    const { rows } = ids.length
      ? await db.query<{ id: string; control_id: string; status: string }>('SELECT id, control_id, status FROM mitigating_controls WHERE id = ANY($1::uuid[])', [ids])
      : { rows: [] };
    const byId = new Map(rows.map((c) => [c.id, c]));
    return records.map((r) => ({ ...r, controlId: byId.get(r.mitigatingControlId as string)?.control_id ?? null, controlStatus: byId.get(r.mitigatingControlId as string)?.status ?? null }));
  },
};

/** The customer an answered record belongs to. */
const customerOf = (answer: Answer): string | undefined => (answer.body as { customerId?: string } | null)?.customerId;

/**
 * Registers both resources. Every change is audited (with the record as it was for a change or
 * removal), and stored findings follow it at once (DESIGN 5.16), as they follow acceptances.
 */
export function registerMitigations(app: FastifyInstance, db: Database): void {
  // The customer's active app users, to choose a control's owner and monitor.
  app.get('/api/mitigating-controls/people', { preHandler: app.authenticate }, async (request) => {
    const ctx = await resourceContext(db, mitigatingControlsResource, request, 'read');
    if (ctx.customerId === null) return [];
    const { rows } = await db.query<{ id: string; name: string }>(
      `SELECT id, coalesce(nullif(full_name, ''), email) || ' <' || email || '>' AS name FROM app_users
       WHERE customer_id = $1 AND status = 'active' ORDER BY email`,
      [ctx.customerId],
    );
    return rows;
  });
  const after =
    (action: string, entity: 'mitigating-controls' | 'mitigations', table: string) =>
    async (request: FastifyRequest, next: () => Promise<Answer>) => {
      const id = (request.params as { id?: string } | undefined)?.id;
      // The record before a change: its old risk must be re-applied too, and the audit keeps it.
      const before = id && isUuid(id) ? (await db.query<Record<string, unknown>>(`SELECT * FROM ${table} WHERE id = $1`, [id])).rows[0] : undefined;
      const answer = await next();
      const record = answer.body as { id?: string; riskId?: string } | null;
      const customerId = customerOf(answer);
      if (answer.status < 300 && record?.id && customerId) {
        if (entity === 'mitigations') {
          const risks = [record.riskId, before?.risk_id as string | undefined].filter((r): r is string => typeof r === 'string');
          await reapplyMitigations(db, customerId, { riskIds: [...new Set(risks)] });
        } else {
          // A control's id or status changes the controls of every finding it mitigates.
          const { rows } = await db.query<{ risk_id: string }>('SELECT DISTINCT risk_id FROM mitigations WHERE mitigating_control_id = $1', [record.id]);
          if (rows.length > 0) await reapplyMitigations(db, customerId, { riskIds: rows.map((r) => r.risk_id) });
        }
        const detail: Record<string, unknown> = { ...(record as Record<string, unknown>) };
        if (before && request.method === 'PUT') detail.before = before;
        await audit(db, { customerId, actorId: request.user.id, actorEmail: request.user.email, action, entity, entityId: record.id, detail });
      }
      return answer;
    };
  aroundRoutes(app, {
    'POST /api/mitigating-controls': after('control.created', 'mitigating-controls', 'mitigating_controls'),
    'PUT /api/mitigating-controls/:id': after('control.updated', 'mitigating-controls', 'mitigating_controls'),
    'DELETE /api/mitigating-controls/:id': after('control.removed', 'mitigating-controls', 'mitigating_controls'),
    'POST /api/mitigations': after('risk.mitigated', 'mitigations', 'mitigations'),
    'PUT /api/mitigations/:id': after('risk.mitigation-updated', 'mitigations', 'mitigations'),
    'DELETE /api/mitigations/:id': after('risk.mitigation-removed', 'mitigations', 'mitigations'),
  });
  defineResource(app, mitigatingControlsResource, { db });
  defineResource(app, mitigationsResource, { db });
}
