import type { DataProvider } from 'react-admin';
import type { ShownAnalysis } from '../../contracts/analysis-shown.ts';

/**
 * The analysis API's calls that are not a resource's record or sub-path (those are the data
 * provider's actions: cancel is a postAction, an export a downloadFile), as dataProvider
 * methods the screens reach through useSegraDataProvider: the analysis shown (the user's own
 * choice, the customer's default), the user and role views, and the comparison of two analyses (a list, but not a simple-rest
 * one: its answer carries a summary beside the rows).
 * Failures reject with the API's HttpError (status and body), which the screens put in words.
 */
export interface AnalysisMethods {
  /** Which analysis the report screens show the user, and why (contracts/analysis-shown.ts). */
  getShownAnalysis(): Promise<ShownAnalysis>;
  /** Sets (null: clears) the user's own choice; answers what is shown then. */
  chooseAnalysis(analysisId: string | null): Promise<ShownAnalysis>;
  /** Sets (null: clears) the customer's default analysis. */
  setDefaultAnalysis(analysisId: string | null): Promise<DefaultAnalysisAnswer>;
  holderView<T>(kind: 'user' | 'role', params: { analysisId: string; name: string }): Promise<T>;
}

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
    getShownAnalysis: () => calls().then((c) => c.getShownAnalysis()),
    chooseAnalysis: (analysisId) => calls().then((c) => c.chooseAnalysis(analysisId)),
    setDefaultAnalysis: (analysisId) => calls().then((c) => c.setDefaultAnalysis(analysisId)),
    holderView: <T,>(kind: 'user' | 'role', params: { analysisId: string; name: string }) => calls().then((c) => c.holderView<T>(kind, params)),
  } as B & AnalysisMethods;
}
