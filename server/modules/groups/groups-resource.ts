import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { isPageKey, SUPERADMIN_ONLY_PAGES } from '../../../contracts/pages.ts';
import type { Role } from '../../auth/roles.ts';
import type { Database } from '../../db/database.ts';
import { AppError, fieldsInvalid, bodyNotObject, coded, invalidInput, recordNotFound, roleForbidden } from '../../errors.ts';
import { defineResource, isUuid, type ResourceSpec } from '../../resources/define-resource.ts';
import { nameText } from '../../resources/fields.ts';
import { checkGroupSystem } from './group-references.ts';
import { pagesOfGroups, type GroupPage } from './permissions.ts';
import { aroundRoutes, type Answer } from './route-wrap.ts';
import { resolveTenant } from '../../platform/resource/tenant.ts';

const optionalText = (max: number, message: string) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), z.string().trim().max(max, message).nullish());
const optionalId = (message: string) =>
  z.preprocess((v) => (v === '' ? null : v), z.string().uuid(message).nullish());

const name = nameText('Name');

/** One page permission of a group (spec 4: add, update, delete, only view). */
export const groupPageSchema = z.object({
  page: z
    .string({ error: 'Page is required' })
    .refine(isPageKey, 'Unknown page')
    .refine((p) => !SUPERADMIN_ONLY_PAGES.includes(p), 'This page is for SuperAdmin only and cannot be granted to a group'),
  add: z.boolean().default(false),
  update: z.boolean().default(false),
  delete: z.boolean().default(false),
  view: z.boolean().default(false),
});

const pagesSchema = z
  .array(groupPageSchema, { error: 'Pages must be a list' })
  .max(100)
  .superRefine((pages, ctx) => {
    const seen = new Set<string>();
    pages.forEach((p, i) => {
      if (seen.has(p.page)) ctx.addIssue({ code: 'custom', path: [i, 'page'], message: 'The page is listed twice' });
      seen.add(p.page);
    });
  });

const fields = {
  name,
  departmentId: optionalId('Department must be a department id'),
  systemId: optionalText(200, 'System is too long'),
  pages: pagesSchema.optional(),
};

const WRITE_ROLES: Role[] = ['Admin', 'SuperAdmin'];

/** Groups of the caller's customer; their page permissions are embedded as `pages`. */
export const groupsResource: ResourceSpec = {
  name: 'groups',
  table: 'groups',
  columns: {
    id: 'id',
    customerId: 'customer_id',
    name: 'name',
    departmentId: 'department_id',
    systemId: 'system_id',
    createdAt: 'created_at',
    updatedAt: 'updated_at',
  },
  createSchema: z.object(fields),
  updateSchema: z.object({ ...fields, name: name.optional() }),
  sortable: ['id', 'name', 'departmentId', 'systemId', 'createdAt', 'updatedAt', 'customerId'],
  defaultSort: ['name', 'ASC'],
  filterable: { name: 'ilike', departmentId: 'eq', systemId: 'eq', customerId: 'eq' },
  q: ['name', 'systemId'],
  tenantScoped: true,
  access: { read: ['Admin', 'SuperAdmin'], write: WRITE_ROLES, page: 'user/add-group' },
  touchOnUpdate: ['updated_at'],
  conflictMessage: 'A group with this name already exists',
  checkReferences: checkGroupSystem,
  beforeDelete: async (db, id) => {
    const { rows } = await db.query('SELECT 1 FROM app_users WHERE group_id = $1 LIMIT 1', [id]);
    if (rows.length > 0) throw coded(409, 'GROUP_IN_USE', {}, 'A group cannot be deleted while it is assigned to a user');
  },
};

type GroupRecord = Record<string, unknown> & { id: string };

async function withPages(db: Database, body: unknown): Promise<unknown> {
  const records = (Array.isArray(body) ? body : [body]) as GroupRecord[];
  const pages = await pagesOfGroups(db, records.map((r) => r.id));
  const out = records.map((r) => ({ ...r, pages: pages.get(r.id) ?? [] }));
  return Array.isArray(body) ? out : out[0];
}

/**
 * Sets the group's pages to `pages`, touching only the rows that differ: a changed page ends
 * the sessions of the group's users (migration 0015), so saving an unchanged group must not.
 */
async function replacePages(db: Database, groupId: string, pages: GroupPage[]): Promise<void> {
  await db.transaction(async (tx) => {
    const keep = pages.map((p) => p.page);
    await tx.query(
      keep.length === 0
        ? 'DELETE FROM group_pages WHERE group_id = $1'
        : `DELETE FROM group_pages WHERE group_id = $1 AND page NOT IN (${keep.map((_, i) => `$${i + 2}`).join(', ')})`,
      [groupId, ...keep],
    );
    for (const p of pages) {
      await tx.query(
        `INSERT INTO group_pages (group_id, page, can_add, can_update, can_delete, can_view) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (group_id, page) DO UPDATE SET can_add = EXCLUDED.can_add, can_update = EXCLUDED.can_update,
           can_delete = EXCLUDED.can_delete, can_view = EXCLUDED.can_view
         WHERE (group_pages.can_add, group_pages.can_update, group_pages.can_delete, group_pages.can_view)
           IS DISTINCT FROM (EXCLUDED.can_add, EXCLUDED.can_update, EXCLUDED.can_delete, EXCLUDED.can_view)`,
        [groupId, p.page, p.add, p.update, p.delete, p.view],
      );
    }
  });
}

/** The customer whose group a request may touch: 404 when the group is outside the caller's scope. */
async function groupInScope(db: Database, request: FastifyRequest, id: string): Promise<string> {
  if (!isUuid(id)) throw recordNotFound('groups', id);
  const { rows } = await db.query<{ customer_id: string }>('SELECT customer_id FROM groups WHERE id = $1', [id]);
  const row = rows[0];
  const tenant = await resolveTenant(db, request);
  if (!row || (tenant !== null && row.customer_id !== tenant)) throw recordNotFound('groups', id);
  return row.customer_id;
}

/** A 400 naming departmentId, when the database refused a department outside the group's customer. */
function namedReferenceError(e: unknown, field: string, message: string): never {
  if (e instanceof AppError && e.code === 'REFERENCE_MISSING') {
    throw fieldsInvalid({ [field]: message });
  }
  throw e;
}

export function registerGroups(app: FastifyInstance, db: Database): void {
  app.register(async (scope) => {
    const afterWrite = async (request: FastifyRequest, answer: Answer): Promise<Answer> => {
      const body = request.body as { pages?: unknown };
      const record = answer.body as GroupRecord;
      // Already validated by the resource schema before the record was written.
      const parsed = body.pages === undefined ? undefined : pagesSchema.parse(body.pages);
      if (parsed) await replacePages(db, record.id, parsed);
      return { ...answer, body: await withPages(db, record) };
    };
    aroundRoutes(scope, {
      'GET /api/groups': async (_request, next) => {
        const answer = await next();
        return { ...answer, body: await withPages(db, answer.body) };
      },
      'GET /api/groups/:id': async (_request, next) => {
        const answer = await next();
        return { ...answer, body: await withPages(db, answer.body) };
      },
      'POST /api/groups': async (request, next) => {
        const answer = await next().catch((e) => namedReferenceError(e, 'departmentId', 'The department does not exist in this customer'));
        return afterWrite(request, answer);
      },
      'PUT /api/groups/:id': async (request, next) => {
        const answer = await next().catch((e) => namedReferenceError(e, 'departmentId', 'The department does not exist in this customer'));
        return afterWrite(request, answer);
      },
      'DELETE /api/groups/:id': async (request, next) => {
        const { id } = request.params as { id: string };
        const pages = isUuid(id) ? ((await pagesOfGroups(db, [id])).get(id) ?? []) : [];
        const answer = await next();
        return { ...answer, body: { ...(answer.body as GroupRecord), pages } };
      },
    });
    defineResource(scope, groupsResource, { db });

    // POST /api/groups/:id/pages[?mode=override|update]: adds one page to a group (spec 4).
    scope.post('/api/groups/:id/pages', { preHandler: scope.authenticate, config: { resource: 'groups', page: 'user/add-group' } }, async (request, reply) => {
      if (!WRITE_ROLES.includes(request.user.role)) throw roleForbidden(request.user.role, 'Your role may not write groups');
      const { id } = request.params as { id: string };
      await groupInScope(db, request, id);
      const mode = (request.query as { mode?: unknown } | undefined)?.mode;
      if (mode !== undefined && mode !== 'override' && mode !== 'update') {
        throw coded(400, 'PARAMETER_INVALID', { parameter: 'mode' }, "The mode parameter must be 'override' or 'update'");
      }
      if (request.body === null || typeof request.body !== 'object' || Array.isArray(request.body)) {
        throw bodyNotObject();
      }
      const parsed = groupPageSchema.safeParse(request.body);
      if (!parsed.success) throw invalidInput(parsed.error.issues);
      const p = parsed.data;
      const existsMessage = `The group already has the page ${p.page}; override or update it`;
      let created = false;
      try {
        await db.transaction(async (tx) => {
          const { rows } = await tx.query<{ page: string }>('SELECT page FROM group_pages WHERE group_id = $1 AND page = $2 FOR UPDATE', [id, p.page]);
          if (rows.length === 0) {
            await tx.query(
              'INSERT INTO group_pages (group_id, page, can_add, can_update, can_delete, can_view) VALUES ($1, $2, $3, $4, $5, $6)',
              [id, p.page, p.add, p.update, p.delete, p.view],
            );
            created = true;
          } else if (mode === 'override') {
            await tx.query(
              'UPDATE group_pages SET can_add = $3, can_update = $4, can_delete = $5, can_view = $6 WHERE group_id = $1 AND page = $2',
              [id, p.page, p.add, p.update, p.delete, p.view],
            );
          } else if (mode === 'update') {
            await tx.query(
              `UPDATE group_pages SET can_add = can_add OR $3, can_update = can_update OR $4, can_delete = can_delete OR $5,
                 can_view = can_view OR $6 WHERE group_id = $1 AND page = $2`,
              [id, p.page, p.add, p.update, p.delete, p.view],
            );
          } else {
            throw coded(409, 'GROUP_PAGE_EXISTS', {}, existsMessage);
          }
          await tx.query('UPDATE groups SET updated_at = now() WHERE id = $1', [id]);
        });
      } catch (e) {
        if ((e as { code?: string } | null)?.code === '23505') throw coded(409, 'GROUP_PAGE_EXISTS', {}, existsMessage);
        throw e;
      }
      const { rows } = await db.query<GroupRecord>(
        `SELECT id, customer_id AS "customerId", name, department_id AS "departmentId", system_id AS "systemId",
                created_at AS "createdAt", updated_at AS "updatedAt" FROM groups WHERE id = $1`,
        [id],
      );
      const record = Object.fromEntries(Object.entries(rows[0]).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v]));
      return reply.status(created ? 201 : 200).send(await withPages(db, record));
    });
  });
}
