import type { GetListParams, GetListResult, RaRecord } from 'react-admin';
import { shownAnalysisSchema, type ShownAnalysis } from '../../contracts/analysis-shown.ts';
import type { DefaultAnalysisAnswer } from './analysis-methods.ts';
import { httpClient } from './httpClient.ts';

/** The analysis methods' calls (analysis-methods.ts), loaded with the first screen that makes one. */

/** The comparison's query (its rows, or with `format` its export) for two analyses under a row filter. */
export function comparisonQuery(left: string, right: string, filter: Record<string, unknown> = {}): Record<string, string> {
  return { left, right, ...(Object.keys(filter).length > 0 ? { filter: JSON.stringify(filter) } : {}) };
}

interface ComparisonAnswer {
  rows: Record<string, unknown>[];
  total: number;
  summary: unknown;
  left: unknown;
  right: unknown;
}

export async function comparisonList(params: GetListParams): Promise<GetListResult> {
  const { left, right } = (params.meta ?? {}) as { left?: string; right?: string };
  const { page, perPage } = params.pagination ?? { page: 1, perPage: 25 };
  const start = (page - 1) * perPage;
  const q = new URLSearchParams({ ...comparisonQuery(left ?? '', right ?? '', params.filter), range: JSON.stringify([start, start + perPage - 1]) });
  const { json } = await httpClient(`/api/analyses/compare?${q.toString()}`);
  const body = json as ComparisonAnswer;
  // A row is one holder and risk; its place in the whole list names it for react-admin.
  const data = body.rows.map((row, i) => ({ ...row, id: start + i })) as RaRecord[];
  return { data, total: body.total, meta: { summary: body.summary, left: body.left, right: body.right } };
}

const json = async <T>(url: string, method = 'GET', body?: unknown): Promise<T> =>
  (await httpClient(url, { method, ...(body === undefined ? {} : { body: JSON.stringify(body) }) })).json as T;

// The answer is checked against its one declaration: a server (or demo) that drifted from it fails here, by name.
export const getShownAnalysis = async (): Promise<ShownAnalysis> => shownAnalysisSchema.parse(await json('/api/shown-analysis'));

export const chooseAnalysis = async (analysisId: string | null): Promise<ShownAnalysis> => shownAnalysisSchema.parse(await json('/api/shown-analysis', 'PUT', { analysisId }));

export const setDefaultAnalysis = (analysisId: string | null) => json<DefaultAnalysisAnswer>('/api/default-analysis', 'PUT', { analysisId });

export const holderView = <T>(kind: 'user' | 'role', { analysisId, name }: { analysisId: string; name: string }) =>
  json<T>(`/api/reports/${kind}-view?${new URLSearchParams({ analysisId, [kind]: name }).toString()}`);
