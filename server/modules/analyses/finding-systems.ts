/**
 * The systems of a cross-system analysis's findings (DESIGN 5.18, issue 32), as the reports show
 * them. Stored findings keep, per function, the SID of the system that met it (`provenance`, the
 * engine's functions[].system); an analysis of one system stores none, so its findings have none.
 */
import type { Database } from '../../db/database.ts';

/**
 * SQL: the SIDs that met a finding's functions, distinct, in code-point order (SIDs are ASCII
 * letters, digits, `_` and `-`); `{}` for a finding of an analysis of one system.
 */
export const findingSystemsSql = (provenance = 'provenance'): string =>
  `ARRAY(SELECT DISTINCT e->>'system' COLLATE "C" FROM jsonb_array_elements(${provenance}) e WHERE e->>'system' IS NOT NULL ORDER BY 1)`;

/** One system of a cross-system analysis with the period it covers, as a report names it. */
export interface CoveredSystem {
  sid: string;
  sapVersion: string;
  period: string;
  periodDate: string;
}

/** The systems an analysis covers in SID order (the SIDs as stored when it was created); [] for an analysis of one system. */
export async function coveredSystems(db: Database, analysisId: string): Promise<CoveredSystem[]> {
  const { rows } = await db.query<CoveredSystem>(
    `SELECT x.sid, s.sap_version AS "sapVersion", sp.name AS period, sp.period_date AS "periodDate"
     FROM analysis_systems x JOIN systems s ON s.id = x.system_id JOIN system_periods sp ON sp.id = x.system_period_id
     WHERE x.analysis_id = $1 ORDER BY x.sid COLLATE "C"`,
    [analysisId],
  );
  return rows;
}
