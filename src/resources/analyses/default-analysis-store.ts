import type { AnalysisMethods, DefaultAnalysisAnswer } from '../../providers/analysis-methods.ts';

/**
 * The customer's default analysis (spec 5: "A default analysis must be chosen to see the full
 * list"), kept on the server (GET/PUT /api/default-analysis, DESIGN 6) so every user of the
 * customer sees the same one. This module holds the last answer for the screens showing it;
 * the calls are the dataProvider's (`api`: useDataProvider() in a screen).
 */
export interface DefaultAnalysis {
  id: string;
  name: string;
}

/** The dataProvider methods this store calls. */
export type DefaultAnalysisApi = Pick<AnalysisMethods, 'getDefaultAnalysis' | 'setDefaultAnalysis'>;

/** `key`: the active customer the value belongs to ('' for a user's own customer). */
export interface DefaultAnalysisState {
  key: string;
  value: DefaultAnalysis | null;
  loaded: boolean;
}

let state: DefaultAnalysisState = { key: '', value: null, loaded: false };
let wanted = '';
const listeners = new Set<() => void>();

function settle(key: string, value: DefaultAnalysis | null): void {
  if (key !== wanted) return; // an answer for a customer no longer shown
  state = { key, value, loaded: true };
  for (const listener of listeners) listener();
}

const toValue = (a: DefaultAnalysisAnswer | undefined): DefaultAnalysis | null => (a?.analysisId ? { id: a.analysisId, name: a.name ?? a.analysisId } : null);

export function subscribeDefaultAnalysis(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const defaultAnalysisState = (): DefaultAnalysisState => state;

/** Reads it afresh; a refused or failed read counts as none chosen. */
export async function loadDefaultAnalysis(key: string, api: DefaultAnalysisApi): Promise<void> {
  wanted = key;
  try {
    settle(key, toValue(await api.getDefaultAnalysis()));
  } catch {
    settle(key, null);
  }
}

/** Sets (or, with null, clears) it for the whole customer; rejects with the API's error. */
export async function saveDefaultAnalysis(key: string, analysisId: string | null, api: DefaultAnalysisApi): Promise<void> {
  wanted = key;
  settle(key, toValue(await api.setDefaultAnalysis(analysisId)));
}
