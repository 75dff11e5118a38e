import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../../db/database.ts';
import { coded } from '../../errors.ts';
import { withdrawTenantJob } from '../../jobs/admission.ts';
import { resourceContext } from '../../resources/define-resource.ts';
import { findScoped } from '../../resources/scoped-record.ts';
import { systemPeriodsResource } from './system-periods-resource.ts';

/**
 * `POST /api/system-periods/:id/import/cancel` (DESIGN 7a): the period goes back at once to
 * what it was before the upload (ready with its previous data, or empty); the running import
 * sees the mark between batches, stops and removes every row it wrote, and its upload files.
 * Works the same whichever process or thread runs the import: the mark is in the database.
 */
export function registerImportCancel(app: FastifyInstance, db: Database): void {
  app.post('/api/system-periods/:id/import/cancel', { preHandler: app.authenticate }, async (request: FastifyRequest) => {
    const ctx = await resourceContext(db, systemPeriodsResource, request, 'update');
    const { id } = request.params as { id: string };
    await findScoped(db, 'system_periods', ctx, id, 'status', 'system period');
    const { rows } = await db.query<{ id: string; status: string; canceled: string }>(
      `UPDATE system_periods p SET status = CASE WHEN p.data_import_id IS NULL THEN 'empty' ELSE 'ready' END,
         progress = CASE WHEN p.data_import_id IS NULL THEN 0 ELSE 100 END, importing_id = NULL, error = NULL, updated_at = now()
       FROM (SELECT id, importing_id FROM system_periods WHERE id = $1 AND status = 'importing' FOR UPDATE) old
       WHERE p.id = old.id RETURNING p.id, p.status, old.importing_id AS canceled`,
      [id],
    );
    if (rows.length === 0) throw coded(409, 'NOT_IMPORTING', {}, 'No import of this period is running');
    // An import still waiting for its customer's turn (fair share) leaves the queue at once.
    if (rows[0].canceled) await withdrawTenantJob(db, rows[0].canceled);
    return { id, status: rows[0].status, canceledImportId: rows[0].canceled };
  });
}
