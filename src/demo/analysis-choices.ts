import { chooseAnalysisSchema, shownOf, type ChosenAnalysis } from '../../contracts/analysis-shown.ts';
import { fieldErrors } from '../../contracts/field-errors.ts';
import { bodyNotObject, codedError, error, json, recordNotFound } from './answers.ts';
import type { DemoContext } from './context.ts';

interface Choice {
  analysisId: string;
  setBy: string;
  setAt: string;
}

/**
 * The demo's choices of analysis, kept in memory like its other records (the server keeps them in
 * its database, DESIGN 6; the demo has one customer):
 * - `GET` and `PUT /api/default-analysis`: the customer's default analysis;
 * - `GET` and `PUT /api/shown-analysis`: the analysis shown to the signed-in user, its own choice
 *   before the customer's default (issue 27), in the answer's one shape (contracts/analysis-shown.ts).
 */
export class DemoAnalysisChoices {
  private chosen: Choice | null = null;
  private readonly own = new Map<string, Choice>();

  constructor(private readonly ctx: DemoContext) {}

  async defaultAnalysis(method: string, body: unknown, actor: string): Promise<Response> {
    if (method === 'PUT') {
      const analysisId = (body as { analysisId?: unknown } | undefined)?.analysisId;
      if (analysisId === null) {
        this.chosen = null;
      } else {
        if (typeof analysisId !== 'string' || analysisId === '') {
          return error(400, 'Fill in all fields correctly', 'FIELDS_INVALID', { analysisId: 'Analysis must be an analysis id' });
        }
        const status = (await this.analysis(analysisId))?.status;
        if (status === undefined) return recordNotFound('analysis', analysisId);
        if (status !== 'completed') return error(409, 'Only a completed analysis can be the default analysis', 'ANALYSIS_NOT_COMPLETED');
        this.chosen = { analysisId, setBy: actor, setAt: this.ctx.now().toISOString() };
      }
    } else if (method !== 'GET') {
      return error(405, `${method} is not allowed here`);
    }
    const chosen = await this.completed(this.chosen);
    return json(chosen ?? { analysisId: null, name: null, setBy: null, setAt: null });
  }

  async shownAnalysis(method: string, body: unknown, actor: string): Promise<Response> {
    if (method === 'PUT') {
      if (body === null || typeof body !== 'object' || Array.isArray(body)) return bodyNotObject();
      const parsed = chooseAnalysisSchema.safeParse(body);
      if (!parsed.success) return error(400, 'Fill in all fields correctly', 'FIELDS_INVALID', fieldErrors(parsed.error.issues));
      const { analysisId } = parsed.data;
      if (analysisId === null) {
        this.own.delete(actor);
      } else {
        const analysis = await this.analysis(analysisId);
        if (!analysis) return recordNotFound('analysis', analysisId);
        if (analysis.status !== 'completed') {
          return codedError(409, 'ANALYSIS_NOT_SHOWABLE', { name: analysis.name, status: analysis.status }, `Only a completed analysis can be shown; ${analysis.name} is ${analysis.status}`);
        }
        this.own.set(actor, { analysisId, setBy: actor, setAt: this.ctx.now().toISOString() });
      }
    } else if (method !== 'GET') {
      return error(405, `${method} is not allowed here`);
    }
    return json(shownOf(await this.completed(this.own.get(actor) ?? null), await this.completed(this.chosen)));
  }

  /** The choice with its analysis's name while that is a completed analysis (as the server reads it), else null. */
  private async completed(choice: Choice | null): Promise<ChosenAnalysis | null> {
    const record = choice ? await this.analysis(choice.analysisId) : undefined;
    return choice && record?.status === 'completed' ? { ...choice, name: record.name } : null;
  }

  private async analysis(id: string): Promise<{ name: string; status: string } | undefined> {
    try {
      return (await this.ctx.provider.getOne('analyses', { id })).data as { name: string; status: string };
    } catch {
      return undefined;
    }
  }
}
