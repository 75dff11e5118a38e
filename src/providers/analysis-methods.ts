import type { DataProvider, GetListParams, GetListResult, Identifier, RaRecord } from 'react-admin';
import { downloadFile } from '../custom-pages/analysis/api.ts';
import { httpClient } from './httpClient.ts';

/**
 * The analysis API's calls beyond CRUD (DESIGN 6), as dataProvider methods the screens reach
 * through react-admin's useDataProvider: cancel a running analysis, download an export, the
 * customer's default analysis, the user and role views, and the comparison of two analyses
 * (a list, but not a simple-rest one: its answer carries a summary beside the rows).
 * Failures reject with the API's HttpError (status and body), which the screens put in words.
 */
export interface AnalysisMethods {
  cancelAnalysis(id: Identifier): Promise<void>;
  /** Saves the file an export URL answers (CSV, XLSX, PDF), under its Content-Disposition name. */
  download(url: string, fallbackName: string): Promise<void>;
  getDefaultAnalysis(): Promise<DefaultAnalysisAnswer>;
  /** Sets (null: clears) the customer's default analysis. */
  setDefaultAnalysis(analysisId: string | null): Promise<DefaultAnalysisAnswer>;
  holderView<T>(kind: 'user' | 'role', params: { analysisId: string; name: string }): Promise<T>;
}

/** The app's dataProvider as the analysis screens see it (`useDataProvider<AnalysisDataProvider>()`). */
export type AnalysisDataProvider = DataProvider & AnalysisMethods;

export interface DefaultAnalysisAnswer {
  analysisId: string | null;
  name: string | null;
}

/** The list resource of a comparison; `meta` names the two analyses (`left`, `right`). */
export const COMPARISON_RESOURCE = 'analysis-comparisons';

/** The comparison's URL (rows or, with `format`, the export) for two analyses under a row filter. */
export function comparisonUrl(left: string, right: string, filter: Record<string, unknown> = {}, extra: Record<string, string> = {}): string {
  const q = new URLSearchParams({ left, right });
  if (Object.keys(filter).length > 0) q.set('filter', JSON.stringify(filter));
  for (const [k, v] of Object.entries(extra)) q.set(k, v);
  return `/api/analyses/compare?${q.toString()}`;
}

interface ComparisonAnswer {
  rows: Record<string, unknown>[];
  total: number;
  summary: unknown;
  left: unknown;
  right: unknown;
}

async function comparisonList(params: GetListParams): Promise<GetListResult> {
  const { left, right } = (params.meta ?? {}) as { left?: string; right?: string };
  const { page, perPage } = params.pagination ?? { page: 1, perPage: 25 };
  const start = (page - 1) * perPage;
  const { json } = await httpClient(comparisonUrl(left ?? '', right ?? '', params.filter, { range: JSON.stringify([start, start + perPage - 1]) }));
  const body = json as ComparisonAnswer;
  // A row is one holder and risk; its place in the whole list names it for react-admin.
  const data = body.rows.map((row, i) => ({ ...row, id: start + i })) as RaRecord[];
  return { data, total: body.total, meta: { summary: body.summary, left: body.left, right: body.right } };
}

const json = async <T>(url: string, method = 'GET', body?: unknown): Promise<T> =>
  (await httpClient(url, { method, ...(body === undefined ? {} : { body: JSON.stringify(body) }) })).json as T;

/** `base` with the analysis methods, and its getList answering the comparison resource too. */
export function withAnalysisMethods(base: DataProvider): AnalysisDataProvider {
  return {
    ...base,
    getList: (resource, params) => (resource === COMPARISON_RESOURCE ? comparisonList(params) : base.getList(resource, params)),
    async cancelAnalysis(id) {
      await json(`/api/analyses/${encodeURIComponent(String(id))}/cancel`, 'POST', {});
    },
    download: downloadFile,
    getDefaultAnalysis: () => json<DefaultAnalysisAnswer>('/api/default-analysis'),
    setDefaultAnalysis: (analysisId) => json<DefaultAnalysisAnswer>('/api/default-analysis', 'PUT', { analysisId }),
    holderView: (kind, { analysisId, name }) =>
      json(`/api/reports/${kind}-view?${new URLSearchParams({ analysisId, [kind]: name }).toString()}`),
  } as AnalysisDataProvider;
}
