import type { Database } from '../../../db/database.ts';
import { addFindingNames } from '../finding-names.ts';

/** A risk with open findings under the filter, by holder level. */
export interface OpenRisk {
  riskId: string;
  riskDescription: string;
  riskLevel: string;
  users: number;
  roles: number;
  profiles: number;
  findings: number;
}

/** An open finding as the report lists it: who holds the risk, by which functions and through which roles or profiles. */
export interface OpenRow {
  riskId: string;
  riskLevel: string;
  level: string;
  holder: string;
  holderName: string;
  /** `FN_A:ME21N;FN_B:F110`, as the CSV's FUNCTIONS. */
  functions: string;
  /** `R:Z_COMPOSITE>R:Z_SINGLE;P:SAP_ALL`, as the CSV's SOURCES. */
  sources: string;
  /** A cross-system analysis (DESIGN 5.18): CROSS_SYSTEM, and the SID that met each function, in FUNCTIONS' order. */
  crossSystem?: boolean;
  functionSystems?: string[];
}

export interface OpenFindings {
  /** Every risk with open findings: critical, high, medium, low, then by risk id. */
  openByRisk: OpenRisk[];
  /** Open findings of critical and high risks, `openListedLimit` at most, critical first, by risk, holder level and holder. */
  openListed: OpenRow[];
  /** How many open findings of critical and high risks there are (listed or not). */
  openListedTotal: number;
  openListedLimit: number;
}

const LEVEL_RANK = `CASE level WHEN 'USER' THEN 0 WHEN 'ROLE' THEN 1 ELSE 2 END`;
const RISK_RANK = `CASE risk_level WHEN 'CRITICAL' THEN 0 WHEN 'HIGH' THEN 1 WHEN 'MEDIUM' THEN 2 ELSE 3 END`;

/**
 * The open findings of the report (issue 27 item 2): counted for every risk, and those of
 * critical and high risks listed up to `limit` rows. `filtered` is the report's findings under
 * the list's filter (`… f`), its values in `params`.
 */
export async function openFindings(db: Database, analysisId: string, filtered: string, params: unknown[], limit: number, crossSystem = false): Promise<OpenFindings> {
  // Which system met each function: the engine's functions[].system, kept in the provenance in FUNCTIONS' order.
  const systemsColumns = crossSystem
    ? `, cross_system AS "crossSystem", ARRAY(SELECT coalesce(e->>'system', '') FROM jsonb_array_elements(provenance) WITH ORDINALITY AS p(e, n) ORDER BY n) AS "functionSystems"`
    : '';
  const [byRisk, listed] = await Promise.all([
    db.query<Omit<OpenRisk, 'riskDescription'>>(
      `SELECT risk_id AS "riskId", risk_level AS "riskLevel",
              (count(*) FILTER (WHERE level = 'USER'))::int AS users, (count(*) FILTER (WHERE level = 'ROLE'))::int AS roles,
              (count(*) FILTER (WHERE level = 'PROFILE'))::int AS profiles, count(*)::int AS findings
       FROM ${filtered} WHERE status = 'open'
       GROUP BY risk_id, risk_level
       ORDER BY ${RISK_RANK}, risk_id COLLATE "C"`,
      params,
    ),
    db.query<Omit<OpenRow, 'holderName'>>(
      `SELECT risk_id AS "riskId", risk_level AS "riskLevel", level, holder, functions, sources${systemsColumns}
       FROM ${filtered} WHERE status = 'open' AND risk_level IN ('CRITICAL', 'HIGH')
       ORDER BY ${RISK_RANK}, risk_id COLLATE "C", ${LEVEL_RANK}, holder COLLATE "C"
       LIMIT ${Math.max(0, Math.floor(limit))}`,
      params,
    ),
  ]);
  const risks = await addFindingNames(db, byRisk.rows.map((r) => ({ ...r, analysisId, level: '', holder: '' })));
  const rows = await addFindingNames(db, listed.rows.map((r) => ({ ...r, analysisId })));
  return {
    openByRisk: risks.map(({ riskId, riskDescription, riskLevel, users, roles, profiles, findings }) => ({ riskId, riskDescription, riskLevel, users, roles, profiles, findings })),
    openListed: rows.map(({ riskId, riskLevel, level, holder, holderName, functions, sources, crossSystem, functionSystems }) => ({
      riskId,
      riskLevel,
      level,
      holder,
      holderName,
      functions,
      sources,
      ...(crossSystem === undefined ? {} : { crossSystem, functionSystems }),
    })),
    openListedTotal: byRisk.rows.filter((r) => r.riskLevel === 'CRITICAL' || r.riskLevel === 'HIGH').reduce((n, r) => n + r.findings, 0),
    openListedLimit: limit,
  };
}
