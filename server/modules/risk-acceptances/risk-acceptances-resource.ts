import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { reapplyAcceptances } from '../../analyses/acceptances.ts';
import { reapplyDeactivations } from '../../analyses/deactivations.ts';
import type { Database } from '../../db/database.ts';
import { defineResource, type ResourceContext, type ResourceSpec } from '../../resources/define-resource.ts';
import { TEXT_LIMITS } from '../../../contracts/text-limits.ts';
import { isoDate, nameText, requiredText, visible } from '../../resources/fields.ts';
import { checkRiskExists } from '../risk-periods/ruleset-references.ts';
import { audit } from '../audit/audit.ts';
import { aroundRoutes, type Answer } from '../groups/route-wrap.ts';
import { userTypeOf } from '../../../contracts/user-types.ts';

const ROLES = ['Admin', 'User', 'SuperAdmin'] as const;
const optionalDate = (label: string) => z.preprocess((v) => (v === '' ? null : v), isoDate(label).nullish());

const stampBy = (ctx: ResourceContext, op: 'create' | 'update') =>
  op === 'create' ? { createdBy: ctx.user.email, updatedBy: ctx.user.email } : { updatedBy: ctx.user.email };

/** Risk acceptances (DESIGN 5.12; spec: type global/user/role, message, created/updated by and time, optional validity). */
export const riskAcceptancesResource: ResourceSpec = {
  name: 'risk-acceptances',
  table: 'risk_acceptances',
  columns: {
    id: 'id',
    customerId: 'customer_id',
    riskId: 'risk_id',
    scope: 'scope',
    holder: 'holder',
    message: 'message',
    validFrom: 'valid_from',
    validTo: 'valid_to',
    createdBy: 'created_by',
    createdAt: 'created_at',
    updatedBy: 'updated_by',
    updatedAt: 'updated_at',
  },
  createSchema: z
    .object({
      riskId: nameText('Risk', TEXT_LIMITS.code),
      scope: z.enum(['global', 'user', 'role'], { error: 'Type must be global, user or role' }),
      holder: visible(z.string().trim().max(TEXT_LIMITS.code)).default(''),
      message: requiredText('Message', TEXT_LIMITS.description),
      validFrom: optionalDate('Valid from'),
      validTo: optionalDate('Valid to'),
    })
    .superRefine((v, ctx) => {
      if (v.scope !== 'global' && v.holder === '') ctx.addIssue({ code: 'custom', path: ['holder'], message: `The ${v.scope} is required` });
      if (v.scope === 'global' && v.holder !== '') ctx.addIssue({ code: 'custom', path: ['holder'], message: 'A global acceptance has no user or role' });
      if (v.validFrom && v.validTo && v.validFrom > v.validTo) ctx.addIssue({ code: 'custom', path: ['validTo'], message: 'Valid to must not be before valid from' });
    }),
  updateSchema: z.object({
    message: requiredText('Message', TEXT_LIMITS.description).optional(),
    validFrom: optionalDate('Valid from'),
    validTo: optionalDate('Valid to'),
  }),
  sortable: ['id', 'riskId', 'scope', 'holder', 'createdAt', 'updatedAt', 'validTo'],
  defaultSort: ['createdAt', 'DESC'],
  filterable: { riskId: 'in', scope: 'eq', holder: 'ilike' },
  q: ['riskId', 'holder', 'message'],
  tenantScoped: true,
  access: { read: [...ROLES], write: [...ROLES], page: 'reports/risk' },
  touchOnUpdate: ['updated_at'],
  stamp: stampBy,
  conflictMessage: 'This risk is already accepted with this type for this user or role',
  checkReferences: checkRiskExists,
  decorate: async (db, records) => withPersons(db, await withUserTypes(db, records)),
};

/**
 * A user acceptance names the user's SAP user type (issue 27 item 6) as the period of the
 * customer's default analysis has it (the analysis the report pages show; USR02-USTYP, first row
 * in file order): '' when unknown there or without a default analysis; null for roles and global.
 */
async function withUserTypes(db: Database, records: Record<string, unknown>[]): Promise<Record<string, unknown>[]> {
  const users = records.filter((r) => r.scope === 'user');
  const types = new Map<string, string>();
  if (users.length > 0) {
    const { rows } = await db.query<{ customer_id: string; bname: string; ustyp: string }>(
      `SELECT DISTINCT ON (d.customer_id, u.bname) d.customer_id, u.bname, u.ustyp
       FROM customer_default_analyses d JOIN analyses a ON a.id = d.analysis_id
       JOIN system_periods p ON p.id = a.system_period_id
       JOIN sap_usr02 u ON u.import_id = p.data_import_id
       WHERE d.customer_id = ANY($1::uuid[]) AND u.bname = ANY($2::text[])
       ORDER BY d.customer_id, u.bname, u.seq`,
      [[...new Set(users.map((r) => String(r.customerId)))], [...new Set(users.map((r) => String(r.holder)))]],
    );
    for (const r of rows) types.set(`${r.customer_id}\u0000${r.bname}`, userTypeOf(r.ustyp));
  }
  return records.map((r) => ({ ...r, userType: r.scope === 'user' ? (types.get(`${String(r.customerId)}\u0000${String(r.holder)}`) ?? '') : null }));
}

/**
 * Acceptance per person (DESIGN 5.18: a USER acceptance names the person in a cross-system
 * analysis). When the customer keeps a user mapping, a user acceptance says which users of which
 * systems the person it names stands for (`personUsers`, `SYSTEM/BNAME` of the mapping's rows for
 * that person) and, when the name it gives is a user the mapping makes another person
 * (`mappedTo`), that person: such an acceptance applies to analyses of that one system, not to
 * the person's cross-system findings. Records of customers without a mapping are answered as before.
 */
async function withPersons(db: Database, records: Record<string, unknown>[]): Promise<Record<string, unknown>[]> {
  const users = records.filter((r) => r.scope === 'user');
  if (users.length === 0) return records;
  const { rows } = await db.query<{ customer_id: string; system: string; bname: string; person: string }>(
    `SELECT customer_id, system, bname, person FROM user_map_entries
     WHERE customer_id = ANY($1::uuid[]) AND (person = ANY($2::text[]) OR bname = ANY($2::text[]))
     ORDER BY system COLLATE "C", bname COLLATE "C"`,
    [[...new Set(users.map((r) => String(r.customerId)))], [...new Set(users.map((r) => String(r.holder)))]],
  );
  const mapped = await db.query<{ customer_id: string }>('SELECT DISTINCT customer_id FROM user_map_entries WHERE customer_id = ANY($1::uuid[])', [
    [...new Set(users.map((r) => String(r.customerId)))],
  ]);
  const withMap = new Set(mapped.rows.map((r) => r.customer_id));
  return records.map((r) => {
    if (r.scope !== 'user' || !withMap.has(String(r.customerId))) return r;
    const mine = rows.filter((m) => m.customer_id === r.customerId);
    const personUsers = mine.filter((m) => m.person === r.holder).map((m) => `${m.system}/${m.bname}`);
    const mappedTo = [...new Set(mine.filter((m) => m.bname === r.holder && m.person !== r.holder).map((m) => m.person))].sort();
    return { ...r, personUsers, mappedTo };
  });
}

/** Risks the customer switched off (spec: deactivate a risk): later analyses do not evaluate them. */
export const riskDeactivationsResource: ResourceSpec = {
  name: 'risk-deactivations',
  table: 'risk_deactivations',
  columns: { id: 'id', customerId: 'customer_id', riskId: 'risk_id', message: 'message', createdBy: 'created_by', createdAt: 'created_at', updatedAt: 'updated_at' },
  createSchema: z.object({ riskId: nameText('Risk', TEXT_LIMITS.code), message: z.string().trim().max(TEXT_LIMITS.description).default('') }),
  updateSchema: z.object({ message: z.string().trim().max(TEXT_LIMITS.description).optional() }),
  sortable: ['id', 'riskId', 'createdAt'],
  defaultSort: ['riskId', 'ASC'],
  filterable: { riskId: 'in' },
  q: ['riskId', 'message'],
  tenantScoped: true,
  access: { read: [...ROLES], write: [...ROLES], page: 'reports/risk' },
  touchOnUpdate: ['updated_at'],
  stamp: (ctx, op) => (op === 'create' ? { createdBy: ctx.user.email } : {}),
  conflictMessage: 'This risk is already deactivated',
  checkReferences: checkRiskExists,
};

/** The customer an answered record belongs to. */
const customerOf = (answer: Answer): string | undefined => (answer.body as { customerId?: string } | null)?.customerId;

export function registerRiskDecisions(app: FastifyInstance, db: Database): void {
  const after = (action: string, entity: string) => async (request: FastifyRequest, next: () => Promise<Answer>) => {
    const answer = await next();
    const record = answer.body as { id?: string; riskId?: string; customerId?: string } | null;
    const customerId = customerOf(answer);
    if (answer.status < 300 && record?.id && customerId) {
      // Stored findings follow every acceptance change at once (DESIGN 5.12), and the change is audited.
      if (entity === 'risk-acceptances') await reapplyAcceptances(db, customerId, record.riskId);
      // And every deactivation or reactivation: the risk's findings show as deactivated or open again (issue 27).
      if (entity === 'risk-deactivations') await reapplyDeactivations(db, customerId, record.riskId);
      await audit(db, { customerId, actorId: request.user.id, actorEmail: request.user.email, action, entity, entityId: record.id, detail: record as Record<string, unknown> });
    }
    return answer;
  };
  aroundRoutes(app, {
    'POST /api/risk-acceptances': after('risk.accepted', 'risk-acceptances'),
    'PUT /api/risk-acceptances/:id': after('risk.acceptance-updated', 'risk-acceptances'),
    'DELETE /api/risk-acceptances/:id': after('risk.acceptance-removed', 'risk-acceptances'),
    'POST /api/risk-deactivations': after('risk.deactivated', 'risk-deactivations'),
    'PUT /api/risk-deactivations/:id': after('risk.deactivation-updated', 'risk-deactivations'),
    'DELETE /api/risk-deactivations/:id': after('risk.reactivated', 'risk-deactivations'),
  });
  defineResource(app, riskAcceptancesResource, { db });
  defineResource(app, riskDeactivationsResource, { db });
}
