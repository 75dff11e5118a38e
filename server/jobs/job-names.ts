/** The queues of the job system (pg-boss), one per kind of long work. */
export const JOBS = {
  importExtract: 'import-extract',
  importRuleset: 'import-ruleset',
  analysis: 'analysis',
  analysisShard: 'analysis-shard',
  basis: 'basis',
  importUsage: 'import-usage',
  mitigationExpiry: 'mitigation-expiry',
} as const;

export interface ImportExtractJob {
  periodId: string;
  importId: string;
  dir: string;
  input: string;
  client?: string;
  /** Without USR02, every assigned user is a valid dialog user (DESIGN 4.1b, NO_USER_MASTER). */
  assumeUsersValid?: boolean;
  /** The upload waits in the database (server/uploads/stored-uploads.ts); dir and input are set when the worker fetched it. */
  storedUpload?: string;
  /** The user who uploaded it, told when it ends (notifications). */
  requestedBy?: string;
}

export interface ImportRulesetJob {
  riskPeriodId: string;
  dir: string;
  input: string;
  /** As ImportExtractJob.storedUpload. */
  storedUpload?: string;
  /** The user who uploaded it, told when it ends (notifications). */
  requestedBy?: string;
  /** The upload's id, its files kept in import_files (issue 27); absent in jobs enqueued before. */
  uploadId?: string;
}

export interface AnalysisJob {
  analysisId: string;
}

/** Part `shard` of `shards` of a split analysis (engine PreparedAnalysis.runPart). */
export interface AnalysisShardJob {
  analysisId: string;
  shard: number;
  shards: number;
}

/** The basis checks of one system period; its run record (basis_runs) says what to do. */
export interface BasisJob {
  systemPeriodId: string;
}

/** A usage export uploaded for a system period (DESIGN 5.17). */
export interface ImportUsageJob {
  periodId: string;
  importId: string;
  /** The upload's folder; empty while the upload waits in the database (storedUpload). */
  dir: string;
  fileName: string;
  /** As ImportExtractJob.storedUpload. */
  storedUpload?: string;
  client?: string;
}
