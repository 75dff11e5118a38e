import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { bodyNotObject, coded, invalidInput } from '../../errors.ts';
import { resourceContext, type ResourceContext } from '../../resources/define-resource.ts';
import { findScoped } from '../../resources/scoped-record.ts';
import { audit } from '../audit/audit.ts';
import { pageGate } from '../reports/gate.ts';

/**
 * Reads are gated by the risk analysis list's page (and, server/auth/page-reads.ts, the other
 * report pages that show it); setting it is an update on the analysis requests page, the flag
 * that already governs changing an analysis (cancel), so a view-only user cannot change what
 * the whole customer sees.
 */
const readGate = pageGate('default-analysis', 'reports/list');
const writeGate = pageGate('default-analysis', 'reports/analyze-request');

const body = z.object({
  analysisId: z.uuid({ error: 'Analysis must be an analysis id' }).nullable(),
});

export interface DefaultAnalysisRecord {
  analysisId: string | null;
  name: string | null;
  setBy: string | null;
  setAt: string | null;
}

const NONE: DefaultAnalysisRecord = { analysisId: null, name: null, setBy: null, setAt: null };

async function read(db: Database, ctx: ResourceContext): Promise<DefaultAnalysisRecord> {
  if (ctx.customerId === null) return NONE;
  const { rows } = await db.query<{ analysis_id: string; name: string; set_by: string | null; set_at: Date | string }>(
    `SELECT d.analysis_id, a.name, d.set_by, d.set_at FROM customer_default_analyses d JOIN analyses a ON a.id = d.analysis_id
      WHERE d.customer_id = $1`,
    [ctx.customerId],
  );
  const row = rows[0];
  if (!row) return NONE;
  return { analysisId: row.analysis_id, name: row.name, setBy: row.set_by, setAt: new Date(row.set_at).toISOString() };
}

/** `GET` and `PUT /api/default-analysis`: the active customer's default analysis (`{ analysisId: null }` when none). */
export function registerDefaultAnalysis(app: FastifyInstance, db: Database): void {
  app.get('/api/default-analysis', { preHandler: app.authenticate, config: { page: 'reports/list' } }, async (request) =>
    read(db, await resourceContext(db, readGate, request, 'read')),
  );

  app.put('/api/default-analysis', { preHandler: app.authenticate, config: { page: 'reports/analyze-request' } }, async (request) => {
    const ctx = await resourceContext(db, writeGate, request, 'update');
    if (ctx.customerId === null) throw coded(400, 'CUSTOMER_REQUIRED', {}, 'Choose a customer (X-Customer-Id) to set its default analysis');
    if (request.body === null || typeof request.body !== 'object' || Array.isArray(request.body)) throw bodyNotObject();
    const parsed = body.safeParse(request.body);
    if (!parsed.success) throw invalidInput(parsed.error.issues);
    const { analysisId } = parsed.data;
    if (analysisId === null) {
      await db.query('DELETE FROM customer_default_analyses WHERE customer_id = $1', [ctx.customerId]);
    } else {
      const analysis = await findScoped<{ status: string }>(db, 'analyses', ctx, analysisId, 'status', 'analysis');
      if (analysis.status !== 'completed') throw coded(409, 'ANALYSIS_NOT_COMPLETED', {}, 'Only a completed analysis can be the default analysis');
      await db.query(
        `INSERT INTO customer_default_analyses (customer_id, analysis_id, set_by, set_at) VALUES ($1, $2, $3, now())
         ON CONFLICT (customer_id) DO UPDATE SET analysis_id = EXCLUDED.analysis_id, set_by = EXCLUDED.set_by, set_at = EXCLUDED.set_at`,
        [ctx.customerId, analysisId, request.user.email],
      );
    }
    await audit(db, { customerId: ctx.customerId, actorId: request.user.id, actorEmail: request.user.email, action: 'analysis.default-set', entity: 'analyses', entityId: analysisId });
    return read(db, ctx);
  });
}
