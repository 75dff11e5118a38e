import type { Database } from '../../../db/database.ts';
import { filterConditions } from '../../../resources/list-filter.ts';
import { analysisInEvaluation } from '../../licences/licence-state.ts';
import { addFindingNames } from '../finding-names.ts';
import { findingsResource } from '../findings-resource.ts';
import { analysisInput, type AnalysisInput } from './input-data.ts';
import { openFindings, type OpenFindings } from './open-data.ts';
import { coveredSystems, type CoveredSystem } from '../finding-systems.ts';

/** Rows listed in full at most; the rest is counted (the xlsx export holds every row). */
export const LISTED_ROWS_LIMIT = 500;
/**
 * Open findings of critical and high risks listed in full at most (issue 27): 30 to 50 pages and
 * some 2 s of CPU to draw, where an L analysis has a million findings. The rest is counted, and
 * the report says how many and where they are (the CSV and XLSX export).
 */
export const OPEN_LISTED_LIMIT = 1000;

export interface CountCell {
  findings: number;
  /** By status (DESIGN 6), as the dashboard counts: accepted and not mitigated; mitigated apart; deactivated apart (issue 27). */
  accepted: number;
  mitigated: number;
  deactivated: number;
}

export interface RankedHolder {
  holder: string;
  name: string;
  critical: number;
  high: number;
  findings: number;
}

/** An accepted or a mitigated finding, with what was decided of it. */
export interface AcceptedRow {
  level: string;
  holder: string;
  riskId: string;
  riskDescription: string;
  riskLevel: string;
  status: 'accepted' | 'mitigated';
  acceptedBy: string;
  /** The mitigating controls that apply (a mitigated finding). */
  controls: string[];
  message: string;
  validTo: string | null;
}

/** A risk the customer deactivated, with its findings under the filter (issue 27). */
export interface DeactivatedRisk {
  riskId: string;
  riskDescription: string;
  riskLevel: string;
  findings: number;
  by: string;
  at: string;
  message: string;
}

export interface ReportFigures {
  cover: {
    analysisName: string;
    customer: string;
    system: string;
    systemPeriod: string;
    periodDate: string;
    ruleset: string;
    /** The risk period's date: which version of the ruleset. */
    rulesetDate: string;
    analysisDate: string;
    level: string;
    mode: string;
    includeLocked: boolean;
    includeExpired: boolean;
    filter: Record<string, unknown>;
    /** The customer has no licence file: the report says "evaluation" (issue 27). */
    evaluation: boolean;
    /** A cross-system analysis's systems and their periods in SID order (DESIGN 5.18); [] for one system. */
    systems: CoveredSystem[];
  };
  totals: CountCell;
  /** Findings under the filter that no single system's user meets (CROSS_SYSTEM); null for an analysis of one system. */
  crossSystem: number | null;
  usersInScope: number | null;
  /** Counts per (holder level, risk level), as stored findings under the filter. */
  byLevelAndRisk: { level: string; riskLevel: string; findings: number; accepted: number; mitigated: number; deactivated: number }[];
  byProcessAndLevel: { businessProcess: string; level: string; findings: number; accepted: number }[];
  topUsers: RankedHolder[];
  topRoles: RankedHolder[];
  /** Accepted and mitigated findings, LISTED_ROWS_LIMIT at most, and how many there are. */
  accepted: AcceptedRow[];
  acceptedTotal: number;
  deactivatedRisks: DeactivatedRisk[];
  /** What the analysis read, how and who ran it (issue 27). */
  input: AnalysisInput;
  excluded: { bname: string; reasons: string[] }[];
  /**
   * Executed vs potential risk (DESIGN 5.17), as the dashboard shows it: the user findings
   * under the filter and how many were fully, partly or not executed; null when the analysis
   * ran without usage.
   */
  execution: { potential: number; full: number; partial: number; none: number } | null;
}

export type ReportData = ReportFigures & OpenFindings;

/**
 * Everything the PDF report shows of one completed analysis (issue 15 item 3), under the findings
 * list's filter: the same builder the list and the other exports use, so the report's figures
 * are those of the rows the list shows.
 */
export async function reportData(
  db: Database,
  analysisId: string,
  filter: Record<string, unknown>,
  limits: { openListed?: number } = {},
): Promise<ReportData> {
  const { cover, usersInScope, excluded } = await analysisCover(db, analysisId, filter);
  const params: unknown[] = [analysisId];
  const where = ['analysis_id = $1', ...filterConditions(findingsResource, filter, params)].join(' AND ');
  const filtered = `(SELECT * FROM findings WHERE ${where}) f`;
  const count = <T>(sql: string) => db.query<T>(sql, params).then((r) => r.rows);

  const cross = cover.systems.length > 1;
  const [byLevelAndRisk, byProcessAndLevel, topUsers, topRoles, accepted, execution, deactivated, open, input, crossSystem] = await Promise.all([
    count<ReportData['byLevelAndRisk'][number]>(
      `SELECT level, risk_level AS "riskLevel", count(*)::int AS findings, (count(*) FILTER (WHERE status = 'accepted'))::int AS accepted,
              (count(*) FILTER (WHERE status = 'mitigated'))::int AS mitigated, (count(*) FILTER (WHERE status = 'deactivated'))::int AS deactivated
       FROM ${filtered} GROUP BY level, risk_level`,
    ),
    count<ReportData['byProcessAndLevel'][number]>(
      `SELECT business_process AS "businessProcess", level, count(*)::int AS findings, (count(*) FILTER (WHERE accepted))::int AS accepted
       FROM ${filtered} GROUP BY business_process, level`,
    ),
    ranked(filtered, 'USER'),
    ranked(filtered, 'ROLE'),
    count<Omit<AcceptedRow, 'riskDescription'> & { total: number }>(
      `SELECT f.level, f.holder, f.risk_id AS "riskId", f.risk_level AS "riskLevel", f.status, COALESCE(f.accepted_by, '') AS "acceptedBy",
              f.controls, COALESCE(f.message, '') AS message, ra.valid_to AS "validTo", count(*) OVER ()::int AS total
       FROM ${filtered} LEFT JOIN risk_acceptances ra ON ra.id = f.acceptance_id
       WHERE f.status IN ('accepted', 'mitigated')
       ORDER BY f.risk_id COLLATE "C", f.level, f.holder COLLATE "C"
       LIMIT ${LISTED_ROWS_LIMIT}`,
    ),
    count<NonNullable<ReportData['execution']> & { withUsage: boolean }>(
      `SELECT (SELECT with_usage FROM analyses WHERE id = $1) AS "withUsage",
              (count(*) FILTER (WHERE level = 'USER'))::int AS potential,
              (count(*) FILTER (WHERE execution = 'FULL'))::int AS full,
              (count(*) FILTER (WHERE execution = 'PARTIAL'))::int AS partial,
              (count(*) FILTER (WHERE execution = 'NONE'))::int AS none
       FROM ${filtered}`,
    ),
    count<Omit<DeactivatedRisk, 'riskDescription' | 'at'> & { at: Date | string }>(
      `SELECT f.risk_id AS "riskId", f.risk_level AS "riskLevel", count(*)::int AS findings,
              COALESCE(d.created_by, '') AS by, d.created_at AS at, d.message
       FROM ${filtered} JOIN risk_deactivations d ON d.customer_id = f.customer_id AND d.risk_id = f.risk_id
       WHERE f.status = 'deactivated'
       GROUP BY f.risk_id, f.risk_level, d.created_by, d.created_at, d.message
       ORDER BY f.risk_id COLLATE "C"`,
    ),
    openFindings(db, analysisId, filtered, params, limits.openListed ?? OPEN_LISTED_LIMIT, cross),
    analysisInput(db, analysisId),
    cross ? count<{ n: number }>(`SELECT count(*)::int AS n FROM ${filtered} WHERE cross_system`).then((r) => r[0].n) : null,
  ]);
  const { withUsage, ...executed } = execution[0];
  const totals = byLevelAndRisk.reduce(
    (t, r) => ({ findings: t.findings + r.findings, accepted: t.accepted + r.accepted, mitigated: t.mitigated + r.mitigated, deactivated: t.deactivated + r.deactivated }),
    { findings: 0, accepted: 0, mitigated: 0, deactivated: 0 },
  );
  const named = async (rows: Omit<RankedHolder, 'name'>[], level: string): Promise<RankedHolder[]> =>
    (await addFindingNames(db, rows.map((r) => ({ ...r, analysisId, level, riskId: '' })))).map((r) => ({
      holder: r.holder,
      name: r.holderName,
      critical: r.critical,
      high: r.high,
      findings: r.findings,
    }));
  const acceptedNamed = await addFindingNames(db, accepted.map((r) => ({ ...r, analysisId })));
  const deactivatedNamed = await addFindingNames(db, deactivated.map((r) => ({ ...r, analysisId, level: '', holder: '' })));

  return {
    cover,
    totals,
    crossSystem,
    usersInScope,
    byLevelAndRisk,
    byProcessAndLevel,
    topUsers: await named(topUsers, 'USER'),
    topRoles: await named(topRoles, 'ROLE'),
    accepted: acceptedNamed.map((r) => ({
      level: r.level,
      holder: r.holder,
      riskId: r.riskId,
      riskDescription: r.riskDescription,
      riskLevel: r.riskLevel,
      status: r.status,
      acceptedBy: r.acceptedBy,
      controls: r.controls,
      message: r.message,
      validTo: r.validTo,
    })),
    acceptedTotal: accepted[0]?.total ?? 0,
    deactivatedRisks: deactivatedNamed.map((r) => ({
      riskId: r.riskId,
      riskDescription: r.riskDescription,
      riskLevel: r.riskLevel,
      findings: r.findings,
      by: r.by,
      at: new Date(r.at).toISOString(),
      message: r.message,
    })),
    excluded,
    execution: withUsage ? executed : null,
    input,
    ...open,
  };

  function ranked(from: string, level: 'USER' | 'ROLE') {
    // Ranked as the dashboard ranks its top users: critical and high first, then all findings.
    return count<Omit<RankedHolder, 'name'>>(
      `SELECT holder,
              (count(*) FILTER (WHERE risk_level = 'CRITICAL'))::int AS critical,
              (count(*) FILTER (WHERE risk_level = 'HIGH'))::int AS high,
              count(*)::int AS findings
       FROM ${from} WHERE level = '${level}'
       GROUP BY holder
       ORDER BY count(*) FILTER (WHERE risk_level IN ('CRITICAL', 'HIGH')) DESC, count(*) DESC, holder COLLATE "C"
       LIMIT 10`,
    );
  }
}

/** The analysis's metadata for a report's cover, with the engine's count of users analysed and its list of excluded users. */
export async function analysisCover(
  db: Database,
  analysisId: string,
  filter: Record<string, unknown>,
): Promise<Pick<ReportData, 'cover' | 'usersInScope' | 'excluded'>> {
  const meta = await db.query<{
    name: string;
    customer: string;
    sid: string;
    sap_version: string;
    period_name: string;
    period_date: string;
    ruleset: string;
    ruleset_date: string;
    analysis_date: string;
    level: string;
    mode: string;
    include_locked: boolean;
    include_expired: boolean;
    counts: { usersInScope?: number } | null;
    excluded_users: { bname: string; reasons: string[] }[] | null;
  }>(
    `SELECT a.name, c.name AS customer, s.sid, s.sap_version, sp.name AS period_name, sp.period_date, rp.name AS ruleset,
            rp.period_date AS ruleset_date, a.analysis_date, a.level, a.mode, a.include_locked, a.include_expired, a.counts, a.excluded_users
     FROM analyses a
     JOIN customers c ON c.id = a.customer_id
     JOIN system_periods sp ON sp.id = a.system_period_id
     JOIN systems s ON s.id = sp.system_id
     JOIN risk_periods rp ON rp.id = a.risk_period_id
     WHERE a.id = $1`,
    [analysisId],
  );
  const m = meta.rows[0];
  return {
    cover: {
      analysisName: m.name,
      customer: m.customer,
      system: `${m.sid} (${m.sap_version})`,
      systemPeriod: m.period_name,
      periodDate: m.period_date,
      ruleset: m.ruleset,
      rulesetDate: m.ruleset_date,
      analysisDate: m.analysis_date,
      level: m.level,
      mode: m.mode,
      includeLocked: m.include_locked,
      includeExpired: m.include_expired,
      // The analysis is the report's own; the filter shown is what narrows its findings.
      filter: Object.fromEntries(Object.entries(filter).filter(([k, v]) => k !== 'analysisId' && v !== undefined)),
      evaluation: await analysisInEvaluation(db, analysisId),
      systems: await coveredSystems(db, analysisId),
    },
    usersInScope: m.counts?.usersInScope ?? null,
    // The analysis keeps the engine's list of excluded users (DESIGN 5.2) with its result.
    excluded: m.excluded_users ?? [],
  };
}
