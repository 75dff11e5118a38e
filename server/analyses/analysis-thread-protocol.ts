import type { AnalysisOptions, AnalysisResult } from '../../engine/model/analysis.ts';
import type { TcodeCheckRow } from '../../engine/model/extract.ts';
import type { Ruleset } from '../../engine/model/ruleset.ts';
import type { AnalysisUsageData } from './analysis-usage.ts';
import type { UserMapping } from '../../engine/cross-system/analyse-systems.ts';

/** What an analysis thread starts with (analysis-worker.ts). */
export interface AnalysisThreadInit {
  customerId: string;
  analysisId: string;
  ruleset: Ruleset;
  options: AnalysisOptions;
  /** TSTCA, already read by the main thread to know which objects the ruleset needs. */
  tcodeChecks: TcodeCheckRow[];
  /** Size of the COPY text chunks of findings handed back. */
  chunkChars: number;
  /** The period's usage within the analysis's window, when the analysis uses it (DESIGN 5.17). */
  usage?: AnalysisUsageData;
  /**
   * A cross-system analysis (DESIGN 5.18): the user mapping. Each system's chunks then follow a
   * `system` message naming it, and `tcodeChecks` is unused (each system brings its own TSTCA).
   */
  userMap?: UserMapping[];
}

export type ToAnalysisThread =
  | { type: 'chunk'; table: string; bytes: Uint8Array }
  | { type: 'system'; sid: string; tcodeChecks: TcodeCheckRow[] }
  | { type: 'evaluate'; index: number; count: number }
  | { type: 'lines' };

export type FromAnalysisThread =
  | { type: 'evaluated'; findings: number; accepted: number; counts: AnalysisResult['counts']; excludedUsers: AnalysisResult['excludedUsers'] }
  | { type: 'lines'; chunk: string | null };
