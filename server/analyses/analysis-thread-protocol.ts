import type { AnalysisOptions, AnalysisResult } from '../../engine/model/analysis.ts';
import type { InputWarning } from '../../engine/model/controls.ts';
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

/**
 * `evaluate` prepares the analysis (the first time) and starts part `index` of `count`; each
 * `lines` then evaluates holders until a chunk of COPY text is full and hands it back with the
 * share of the part's holders done, so that no more than a chunk of findings is ever held. The
 * part's counts are known only when its findings are: `evaluated` answers the `lines` after the last chunk.
 */
export type ToAnalysisThread =
  | { type: 'chunk'; table: string; bytes: Uint8Array }
  | { type: 'system'; sid: string; tcodeChecks: TcodeCheckRow[] }
  | { type: 'evaluate'; index: number; count: number }
  | { type: 'lines' };

/** What a part came to: its findings and accepted findings, and what describes the whole analysis (scope, size). */
export interface PartEvaluated {
  findings: number;
  accepted: number;
  counts: Omit<AnalysisResult['counts'], 'findings' | 'acceptedFindings'>;
  excludedUsers: AnalysisResult['excludedUsers'];
  /**
   * What a cross-system analysis accepted but could not use (the engine's systemsWarnings:
   * SYSTEM_NOT_ANALYSED, USER_MAP_SYSTEM_NOT_ANALYSED, USER_MAP_USER_UNKNOWN), known only once
   * every system's users are read; stored after the inputs' warnings. Absent for one system.
   */
  warnings?: InputWarning[];
}

export type FromAnalysisThread =
  | { type: 'started' }
  | { type: 'lines'; chunk: string; done: number }
  | ({ type: 'evaluated' } & PartEvaluated);
