import type { FastifyInstance, FastifyRequest } from 'fastify';
import { chooseAnalysisSchema, shownOf, type ChosenAnalysis, type ShownAnalysis } from '../../../contracts/analysis-shown.ts';
import type { Database } from '../../db/database.ts';
import { bodyNotObject, coded, invalidInput } from '../../errors.ts';
import { resourceContext, type ResourceContext } from '../../resources/define-resource.ts';
import { findScoped } from '../../resources/scoped-record.ts';
import { pageGate } from '../reports/gate.ts';

/**
 * Which analysis the report screens show a user, and why (issue 27; contracts/analysis-shown.ts,
 * docs/decisions/2026-11-27-analysis-shown.md): the user's own choice, else the customer's
 * default. Reading it is a read of every page that shows it (server/auth/page-reads.ts).
 * Choosing is part of reading: it changes only what this user sees, so it needs the read
 * permission of a page that offers the choice (the risk analysis list, the dashboard), never a
 * write flag; the customer's default stays the analysis requests page's update (default-analysis.ts).
 */
const readGate = pageGate('shown-analysis', 'reports/list');
const chooseGate = pageGate('analysis-choice', 'reports/list');

type Row = { analysis_id: string; name: string; set_by: string | null; set_at: Date | string };
const chosen = (row: Row | undefined): ChosenAnalysis | null =>
  row ? { analysisId: row.analysis_id, name: row.name, setBy: row.set_by, setAt: new Date(row.set_at).toISOString() } : null;

/** The answer for the user in the context's customer; a choice counts while its analysis is a completed one of the customer. */
export async function readShown(db: Database, ctx: ResourceContext, request: FastifyRequest): Promise<ShownAnalysis> {
  if (ctx.customerId === null) return shownOf(null, null);
  const completed = `JOIN analyses a ON a.id = c.analysis_id AND a.customer_id = c.customer_id AND a.status = 'completed'`;
  const own = await db.query<Row>(
    `SELECT c.analysis_id, a.name, $3::text AS set_by, c.set_at FROM user_analysis_choices c ${completed} WHERE c.user_id = $1 AND c.customer_id = $2`,
    [request.user.id, ctx.customerId, request.user.email],
  );
  const customer = await db.query<Row>(
    `SELECT c.analysis_id, a.name, c.set_by, c.set_at FROM customer_default_analyses c ${completed} WHERE c.customer_id = $1`,
    [ctx.customerId],
  );
  return shownOf(chosen(own.rows[0]), chosen(customer.rows[0]));
}

/** `GET` and `PUT /api/shown-analysis`: the analysis shown to the caller, and its own choice (`{ analysisId: null }` clears it). */
export function registerAnalysisShown(app: FastifyInstance, db: Database): void {
  app.get('/api/shown-analysis', { preHandler: app.authenticate, config: { page: 'reports/list' } }, async (request) =>
    readShown(db, await resourceContext(db, readGate, request, 'read'), request),
  );

  app.put('/api/shown-analysis', { preHandler: app.authenticate, config: { page: 'reports/list' } }, async (request) => {
    const ctx = await resourceContext(db, chooseGate, request, 'read');
    if (ctx.customerId === null) throw coded(400, 'CUSTOMER_REQUIRED', {}, 'Choose a customer (X-Customer-Id) to choose the analysis you look at');
    if (request.body === null || typeof request.body !== 'object' || Array.isArray(request.body)) throw bodyNotObject();
    const parsed = chooseAnalysisSchema.safeParse(request.body);
    if (!parsed.success) throw invalidInput(parsed.error.issues);
    const { analysisId } = parsed.data;
    if (analysisId === null) {
      await db.query('DELETE FROM user_analysis_choices WHERE user_id = $1 AND customer_id = $2', [request.user.id, ctx.customerId]);
    } else {
      const analysis = await findScoped<{ name: string; status: string }>(db, 'analyses', ctx, analysisId, 'name, status', 'analysis');
      if (analysis.status !== 'completed') {
        throw coded(409, 'ANALYSIS_NOT_SHOWABLE', { name: analysis.name, status: analysis.status }, `Only a completed analysis can be shown; ${analysis.name} is ${analysis.status}`);
      }
      await db.query(
        `INSERT INTO user_analysis_choices (user_id, customer_id, analysis_id, set_at) VALUES ($1, $2, $3, now())
         ON CONFLICT (user_id, customer_id) DO UPDATE SET analysis_id = EXCLUDED.analysis_id, set_at = EXCLUDED.set_at`,
        [request.user.id, ctx.customerId, analysisId],
      );
    }
    return readShown(db, ctx, request);
  });
}
