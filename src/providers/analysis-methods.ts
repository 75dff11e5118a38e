import type { DataProvider, Identifier } from 'react-admin';

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

// The calls load with the first screen that makes one: the login page's JavaScript does not grow.
const calls = () => import('./analysis-calls.ts');

/** `base` with the analysis methods, and its getList answering the comparison resource too. */
export function withAnalysisMethods<B extends DataProvider>(base: B): B & AnalysisMethods {
  return {
    ...base,
    getList: (resource, params) => (resource === COMPARISON_RESOURCE ? calls().then((c) => c.comparisonList(params)) : base.getList(resource, params)),
    cancelAnalysis: (id) => calls().then((c) => c.cancelAnalysis(id)),
    download: (url, fallbackName) => calls().then((c) => c.download(url, fallbackName)),
    getDefaultAnalysis: () => calls().then((c) => c.getDefaultAnalysis()),
    setDefaultAnalysis: (analysisId) => calls().then((c) => c.setDefaultAnalysis(analysisId)),
    holderView: <T,>(kind: 'user' | 'role', params: { analysisId: string; name: string }) => calls().then((c) => c.holderView<T>(kind, params)),
  } as B & AnalysisMethods;
}
