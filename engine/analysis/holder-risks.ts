import type { FunctionMatch, HolderLevel } from '../model/analysis.ts';
import type { OrgAnswer } from './org-values.ts';

/** What one holder meets, for writers that stream findings (PreparedAnalysis.sortedHolderRisks). */
export interface HolderRisks {
  level: HolderLevel;
  name: string;
  /** Risk indexes met, in the findings' order. */
  risks: readonly number[];
  /** The org-level answer of risks[k] (null: that risk has no org fields). */
  org(k: number): OrgAnswer | null;
  /** The function matches of risks[k]; without org fields one function's match is the same object in every risk. */
  matches(k: number): FunctionMatch[];
}

/** What a reader of findings may do without: the CSV has no column for permission provenance. */
export interface FindingDetail {
  /** The permission lines that met each function (DESIGN 5.11); true unless set false. */
  permissions?: boolean;
}
