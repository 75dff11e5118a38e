import { z } from 'zod';

/**
 * Cross-system analyses (DESIGN 5.18, issue 32): besides its `systemPeriodId`, an analysis may
 * name one period of each other system of the customer. Without them (or with an empty list)
 * the analysis is one system's, exactly as before.
 */
export const MAX_ANALYSIS_SYSTEMS = 16;

export const analysisSystemsFields = {
  otherSystemPeriodIds: z
    .array(z.uuid({ error: 'OTHER_SYSTEM_PERIOD_ID_INVALID' }), { error: 'OTHER_SYSTEM_PERIODS_INVALID' })
    .max(MAX_ANALYSIS_SYSTEMS - 1, { error: 'TOO_MANY_SYSTEMS' })
    .default([]),
};

/**
 * The field codes of a refused set of systems (`errors.otherSystemPeriodIds`, with `params`):
 * two periods of one system (`sid`), a system whose SID cannot name a system in IDs and paths
 * (`sid`: letters, digits, `_` or `-`, at most 32), usage asked for several systems (usage and
 * remediation stay per system for now).
 */
export const ANALYSIS_SYSTEMS_CODES = ['SYSTEM_PERIODS_SAME_SYSTEM', 'SYSTEM_SID_INVALID', 'USAGE_SINGLE_SYSTEM'] as const;
export type AnalysisSystemsCode = (typeof ANALYSIS_SYSTEMS_CODES)[number];

/** One system of a stored cross-system analysis (GET /api/analyses/:id `systems`), in SID order. */
export const analysisSystemSchema = z.object({ systemId: z.uuid(), systemPeriodId: z.uuid(), sid: z.string() });
export type AnalysisSystem = z.infer<typeof analysisSystemSchema>;
