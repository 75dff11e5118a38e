import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { pageAllows } from '../../../contracts/pages.ts';
import type { Role } from '../../auth/roles.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { QUERY_SLOT, withUserSlot } from '../../http/user-slots.ts';
import { documentationOnly } from '../../docs/openapi.ts';
import { AppError, bodyNotObject, coded, invalidInput, pageForbidden, recordNotFound, roleForbidden } from '../../errors.ts';
import { defineResource, isUuid } from '../../resources/define-resource.ts';
import { audit } from '../audit/index.ts';
import { closeSandboxPool, runSandboxedQuery, SQL_ROW_LIMIT, SQL_TIMEOUT_MS } from './sandbox.ts';
import { sqlQueriesResource } from './sql-queries-resource.ts';
import { resolveTenant } from '../../platform/resource/tenant.ts';

export { runSandboxedQuery } from './sandbox.ts';
export { sqlQueriesResource } from './sql-queries-resource.ts';

const RUN_ROLES: Role[] = ['Admin', 'User', 'SuperAdmin'];
export const RUN_PAGE = 'report/special';

const runBody = z.object({
  systemPeriodId: z.string({ error: 'System period is required' }).refine(isUuid, 'System period must be an id'),
});

/** The customer a run is confined to (null: a SuperAdmin without X-Customer-Id, any customer). */
async function runScope(db: Database, request: FastifyRequest): Promise<string | null> {
  const user = request.user;
  if (!RUN_ROLES.includes(user.role)) throw roleForbidden(user.role, 'Your role may not run special SQL queries');
  // Running SQL is gated more strictly than reading a list: a User always needs a flag on the page.
  if (user.role === 'User') {
    const permissions = user.permissions ?? {};
    if (!pageAllows(Object.hasOwn(permissions, RUN_PAGE) ? permissions[RUN_PAGE] : undefined, 'read')) {
      throw pageForbidden(RUN_PAGE, `Your group may not view on the page ${RUN_PAGE}`);
    }
  }
  return resolveTenant(db, request);
}

const runSchema = {
  tags: ['sql-queries'],
  summary: 'Run a stored query on one system period (DESIGN 7)',
  description:
    `Read-only, as a database role that reads only the period views (usr02, agr_users, agr_1251, …), ` +
    `scoped to the period's imported data; at most ${SQL_TIMEOUT_MS / 1000} s and ${SQL_ROW_LIMIT} rows ` +
    '(truncated says when rows were left off). 400 names what was refused.',
  security: [{ bearerAuth: [] }],
  params: { type: 'object', properties: { id: { type: 'string', format: 'uuid' } }, required: ['id'] },
  body: {
    type: 'object',
    properties: { systemPeriodId: { type: 'string', format: 'uuid' } },
    required: ['systemPeriodId'],
  },
  response: {
    200: {
      type: 'object',
      properties: {
        columns: { type: 'array', items: { type: 'string' } },
        rows: { type: 'array', items: { type: 'array', items: {} } },
        rowCount: { type: 'integer' },
        truncated: { type: 'boolean' },
        truncatedBy: { type: 'string', enum: ['rowLimit', 'size'] },
        rowLimit: { type: 'integer' },
        durationMs: { type: 'integer' },
      },
    },
  },
};

/** `/api/sql-queries` and `POST /api/sql-queries/:id/run` (DESIGN 6, 7). */
export async function sqlQueryRoutes(app: FastifyInstance, options: { db: Database; config: Config }): Promise<void> {
  const { db } = options;
  defineResource(app, sqlQueriesResource, { db });
  app.addHook('onClose', async () => closeSandboxPool(db));

  app.post(
    '/api/sql-queries/:id/run',
    {
      preHandler: app.authenticate,
      config: { resource: 'sql-queries', page: RUN_PAGE },
      ...documentationOnly(runSchema),
    },
    async (request: FastifyRequest) => {
      const customerId = await runScope(db, request);
      const { id } = request.params as { id: string };
      if (!isUuid(id)) throw recordNotFound('sql-queries', id);
      const body = request.body;
      if (body === null || typeof body !== 'object' || Array.isArray(body))
        throw bodyNotObject();
      const parsed = runBody.safeParse(body);
      if (!parsed.success) throw invalidInput(parsed.error.issues);
      const { systemPeriodId } = parsed.data;

      const queries = await db.query<{ customer_id: string; raw_query: string }>(
        `SELECT customer_id, raw_query FROM sql_queries WHERE id = $1${customerId ? ' AND customer_id = $2' : ''}`,
        customerId ? [id, customerId] : [id],
      );
      const query = queries.rows[0];
      if (!query) throw recordNotFound('sql-queries', id);
      // The period must belong to the query's customer (and so to the caller's).
      const periods = await db.query<{ status: string; data_import_id: string | null }>(
        'SELECT status, data_import_id FROM system_periods WHERE id = $1 AND customer_id = $2',
        [systemPeriodId, query.customer_id],
      );
      const period = periods.rows[0];
      if (!period) throw coded(404, 'SYSTEM_PERIOD_NOT_FOUND', { id: systemPeriodId }, `No system period ${systemPeriodId}`);
      // A period being imported again keeps its previous data readable (0007): only no data is refused.
      if (!period.data_import_id) throw coded(409, 'PERIOD_NOT_READY', {}, 'The system period has no imported data');

      // Every run is audited, refused ones with the reason (attempts to leave the sandbox show there).
      const entry = {
        customerId: query.customer_id,
        actorId: isUuid(request.user.id) ? request.user.id : null,
        actorEmail: request.user.email,
        entity: 'sql-queries',
        entityId: id,
      };
      try {
        const dataImportId = period.data_import_id;
        // At most USER_RUNNING_QUERIES of one user at once (DESIGN 7b); 429 beyond, audited as refused.
        const result = await withUserSlot(db, request.user.id, QUERY_SLOT, options.config.USER_RUNNING_QUERIES, () => runSandboxedQuery(db, dataImportId, query.raw_query));
        const { rowCount, truncated, durationMs } = result;
        await audit(db, {
          ...entry,
          action: 'sql-query.run',
          detail: { systemPeriodId, rowCount, truncated, durationMs },
        });
        return result;
      } catch (e) {
        if (e instanceof AppError) {
          await audit(db, {
            ...entry,
            action: 'sql-query.refused',
            detail: { systemPeriodId, code: e.code, message: e.message },
          });
        }
        throw e;
      }
    },
  );
}
