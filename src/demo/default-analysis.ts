import { error, json } from './answers.ts';
import type { DemoContext } from './context.ts';

/**
 * `GET` and `PUT /api/default-analysis` of the demo: the customer's default analysis, kept in
 * memory like the demo's other records (the server keeps it in its database, DESIGN 6).
 */
export class DemoDefaultAnalysis {
  private chosen: { analysisId: string; setBy: string; setAt: string } | null = null;

  constructor(private readonly ctx: DemoContext) {}

  async handle(method: string, body: unknown, actor: string): Promise<Response> {
    if (method === 'PUT') {
      const analysisId = (body as { analysisId?: unknown } | undefined)?.analysisId;
      if (analysisId === null) {
        this.chosen = null;
      } else {
        if (typeof analysisId !== 'string' || analysisId === '') {
          return error(400, 'Fill in all fields correctly', 'BAD_REQUEST', { analysisId: 'Analysis must be an analysis id' });
        }
        const status = (await this.analysis(analysisId))?.status;
        if (status === undefined) return error(404, `No analysis record ${analysisId}`, 'NOT_FOUND');
        if (status !== 'completed') return error(409, 'Only a completed analysis can be the default analysis', 'ANALYSIS_NOT_COMPLETED');
        this.chosen = { analysisId, setBy: actor, setAt: this.ctx.now().toISOString() };
      }
    } else if (method !== 'GET') {
      return error(405, `${method} is not allowed here`);
    }
    const chosen = this.chosen;
    const record = chosen ? await this.analysis(chosen.analysisId) : undefined;
    if (!chosen || !record) return json({ analysisId: null, name: null, setBy: null, setAt: null });
    return json({ analysisId: chosen.analysisId, name: record.name, setBy: chosen.setBy, setAt: chosen.setAt });
  }

  private async analysis(id: string): Promise<{ name: string; status: string } | undefined> {
    try {
      return (await this.ctx.provider.getOne('analyses', { id })).data as { name: string; status: string };
    } catch {
      return undefined;
    }
  }
}
