import type { ShownAnalysis } from '../../../contracts/analysis-shown.ts';
import type { AnalysisMethods } from '../../providers/analysis-methods.ts';

/**
 * The analysis the report screens show (issue 27; contracts/analysis-shown.ts): the server's one
 * answer, the user's own choice before the customer's default. This module holds the last answer,
 * so the home page, the risk analysis list and the dashboard show the same one; the calls are
 * the dataProvider's (`api`: useDataProvider() in a screen).
 */

/** The dataProvider methods this store calls. */
export type ShownAnalysisApi = Pick<AnalysisMethods, 'getShownAnalysis' | 'chooseAnalysis' | 'setDefaultAnalysis'>;

/** `key`: the user and the active customer the value belongs to; `error`: why it could not be read. */
export interface ShownAnalysisState {
  key: string;
  value: ShownAnalysis | null;
  loaded: boolean;
  error: unknown;
}

/** The key of an answer: a choice is the user's own, in the customer it works in ('' for its own customer). */
export const shownAnalysisKey = (userId: string, customer: string): string => `${userId}|${customer}`;

let state: ShownAnalysisState = { key: '', value: null, loaded: false, error: null };
let wanted = '';
const listeners = new Set<() => void>();

function settle(key: string, value: ShownAnalysis | null, error: unknown = null): void {
  if (key !== wanted) return; // an answer for a user or customer no longer shown
  state = { key, value, loaded: true, error };
  for (const listener of listeners) listener();
}

export function subscribeShownAnalysis(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const shownAnalysisState = (): ShownAnalysisState => state;

/** Reads it afresh; a refused or failed read shows none, with its error. */
export async function loadShownAnalysis(key: string, api: ShownAnalysisApi): Promise<void> {
  wanted = key;
  try {
    settle(key, await api.getShownAnalysis());
  } catch (e) {
    settle(key, null, e);
  }
}

/** Sets (null: clears) the user's own choice; rejects with the API's error. */
export async function chooseShownAnalysis(key: string, analysisId: string | null, api: ShownAnalysisApi): Promise<void> {
  wanted = key;
  settle(key, await api.chooseAnalysis(analysisId));
}

/** Sets (null: clears) the customer's default, then reads what is shown; rejects with the API's error. */
export async function setCustomerDefault(key: string, analysisId: string | null, api: ShownAnalysisApi): Promise<void> {
  wanted = key;
  await api.setDefaultAnalysis(analysisId);
  settle(key, await api.getShownAnalysis());
}
