import type { FastifyInstance } from 'fastify';
import { HOLDER_LEVELS, RISK_LEVELS } from '../../../contracts/levels.ts';
import type { Database } from '../../db/database.ts';
import { coded } from '../../errors.ts';
import { findScoped } from '../../resources/scoped-record.ts';
import { gate, pageGate } from './gate.ts';
import { executionSummary } from '../usage/usage-reports.ts';
import { findingsByOrgValue } from './dashboard-org-values.ts';
import { topUsers, userTypesParam } from './top-users.ts';
import { coveredSystems } from '../analyses/finding-systems.ts';

export const dashboardGate = pageGate('reports-dashboard', 'reports/dashboard');


interface AnalysisRow {
  id: string;
  customer_id: string;
  name: string;
  status: string;
  analysis_date: string;
  system_period_id: string;
  risk_period_id: string;
  level: string;
  mode: string;
  counts: Record<string, number> | null;
  finished_at: Date | string | null;
}

interface CountRow {
  key: string;
  findings: number;
  /** By status (DESIGN 6): accepted and not mitigated; mitigated apart (mitigation wins); deactivated apart (issue 27, before both). */
  accepted: number;
  mitigated: number;
  deactivated: number;
}

const iso = (v: Date | string | null): string | null => (v === null ? null : new Date(v).toISOString());

/** `GET /api/reports/dashboard?analysisId=…&userTypes=["A"]` (issue 4, Reports: dashboard; the top 10's user types: issue 27 item 6). */
export function registerDashboard(app: FastifyInstance, db: Database): void {
  app.get('/api/reports/dashboard', { preHandler: app.authenticate, config: { page: 'reports/dashboard' } }, async (request) => {
    const ctx = await gate(db, dashboardGate, request, 'read');
    const { analysisId, userTypes: rawTypes } = (request.query ?? {}) as { analysisId?: string; userTypes?: unknown };
    const userTypes = userTypesParam(rawTypes);
    if (analysisId === undefined || analysisId === '') throw coded(400, 'DEFAULT_ANALYSIS_REQUIRED', {}, 'A default analysis must be chosen to see the full list', { analysisId: 'Choose an analysis' });
    const a = await findScoped<AnalysisRow>(
      db,
      'analyses',
      ctx,
      analysisId,
      'id, customer_id, name, status, analysis_date, system_period_id, risk_period_id, level, mode, counts, finished_at',
      'analysis',
    );
    if (a.status !== 'completed') throw coded(409, 'NOT_COMPLETED', {}, 'The analysis has not completed; the dashboard shows completed analyses only');

    const grouped = async (column: string, extraWhere = ''): Promise<CountRow[]> =>
      (
        await db.query<CountRow>(
          `SELECT ${column} AS key, count(*)::int AS findings, (count(*) FILTER (WHERE status = 'accepted'))::int AS accepted,
                  (count(*) FILTER (WHERE status = 'mitigated'))::int AS mitigated,
                  (count(*) FILTER (WHERE status = 'deactivated'))::int AS deactivated
           FROM findings WHERE analysis_id = $1${extraWhere} GROUP BY ${column}`,
          [a.id],
        )
      ).rows;
    const [byRisk, byLevel, byProcess] = await Promise.all([grouped('risk_level'), grouped('level'), grouped('business_process')]);
    const total = byLevel.reduce((n, r) => n + r.findings, 0);
    const accepted = byLevel.reduce((n, r) => n + r.accepted, 0);
    const mitigated = byLevel.reduce((n, r) => n + r.mitigated, 0);
    const deactivated = byLevel.reduce((n, r) => n + r.deactivated, 0);
    const open = total - accepted - mitigated - deactivated;
    const pick = (rows: CountRow[], key: string) => rows.find((r) => r.key === key) ?? { findings: 0, accepted: 0, mitigated: 0, deactivated: 0 };

    const top = await topUsers(db, a.id, a.system_period_id, userTypes);
    const cross = await crossSystemPart(db, a.id);

    const period = await db.query<{ system_id: string; name: string; period_date: string }>(
      'SELECT system_id, name, period_date FROM system_periods WHERE id = $1',
      [a.system_period_id],
    );
    const trend = await db.query<{
      id: string;
      name: string;
      analysis_date: string;
      system_period_id: string;
      period_name: string;
      period_date: string;
      level: string;
      mode: string;
      findings: number;
      accepted: number;
      mitigated: number;
      deactivated: number;
    }>(
      // One point per period (issue 15 item 4): the analysis this dashboard shows (the default
      // analysis) for its own period, the latest completed one for every other period.
      // Each point's counts by status in one pass over its findings (was a scan per status).
      `SELECT t.id, t.name, t.analysis_date, t.system_period_id, t.period_name, t.period_date, t.level, t.mode,
              c.findings, c.accepted, c.mitigated, c.deactivated
       FROM (
         SELECT a.id, a.name, a.analysis_date, a.system_period_id, sp.name AS period_name, sp.period_date, a.level, a.mode,
                row_number() OVER (
                  PARTITION BY a.system_period_id
                  ORDER BY (a.id = $4) DESC, a.finished_at DESC NULLS LAST, a.created_at DESC, a.id
                ) AS pick
         FROM analyses a JOIN system_periods sp ON sp.id = a.system_period_id
         WHERE a.customer_id = $1 AND a.status = 'completed' AND a.risk_period_id = $2 AND sp.system_id = $3
       ) t
       CROSS JOIN LATERAL (
         SELECT count(*)::int AS findings,
                (count(*) FILTER (WHERE f.status = 'accepted'))::int AS accepted,
                (count(*) FILTER (WHERE f.status = 'mitigated'))::int AS mitigated,
                (count(*) FILTER (WHERE f.status = 'deactivated'))::int AS deactivated
         FROM findings f WHERE f.analysis_id = t.id
       ) c
       WHERE t.pick = 1
       ORDER BY t.period_date, t.period_name, t.system_period_id`,
      [a.customer_id, a.risk_period_id, period.rows[0].system_id, a.id],
    );

    return {
      analysis: {
        id: a.id,
        name: a.name,
        analysisDate: a.analysis_date,
        systemPeriodId: a.system_period_id,
        systemPeriodName: period.rows[0].name,
        riskPeriodId: a.risk_period_id,
        level: a.level,
        mode: a.mode,
        counts: a.counts,
        finishedAt: iso(a.finished_at),
      },
      totals: { findings: total, accepted, mitigated, deactivated, open },
      byRiskLevel: RISK_LEVELS.map((riskLevel) => ({ riskLevel, ...strip(pick(byRisk, riskLevel)) })),
      byLevel: HOLDER_LEVELS.map((level) => ({ level, ...strip(pick(byLevel, level)) })),
      byBusinessProcess: byProcess
        .map((r) => ({ businessProcess: r.key, ...strip(r) }))
        .sort((x, y) => y.findings - x.findings || (x.businessProcess < y.businessProcess ? -1 : x.businessProcess > y.businessProcess ? 1 : 0)),
      acceptedVsOpen: { accepted, mitigated, deactivated, open },
      // The top 10 of the chosen user types (issue 27 item 6), which the answer names, and how
      // many users with critical or high findings those types leave out.
      topUserTypes: userTypes,
      topUsers: top.users,
      topUsersOfOtherTypes: top.otherTypes,
      execution: await executionSummary(db, a.id),
      byOrgValue: await findingsByOrgValue(db, a.id),
      // A cross-system analysis (DESIGN 5.18): its systems and the findings no single system's user meets.
      ...cross,
      trend: trend.rows.map((r) => ({
        analysisId: r.id,
        name: r.name,
        date: r.analysis_date,
        systemPeriodId: r.system_period_id,
        systemPeriodName: r.period_name,
        periodDate: r.period_date,
        level: r.level,
        mode: r.mode,
        findings: r.findings,
        accepted: r.accepted,
        mitigated: r.mitigated,
        deactivated: r.deactivated,
        open: r.findings - r.accepted - r.mitigated - r.deactivated,
      })),
    };
  });
}

/**
 * What the dashboard adds for an analysis of several systems: the systems with their periods in
 * SID order, and its cross-system findings (CROSS_SYSTEM) by status. Nothing for one system, whose
 * answer stays as it was.
 */
async function crossSystemPart(db: Database, analysisId: string) {
  const systems = await coveredSystems(db, analysisId);
  if (systems.length <= 1) return {};
  const { rows } = await db.query<CountRow>(
    `SELECT '' AS key, count(*)::int AS findings, (count(*) FILTER (WHERE status = 'accepted'))::int AS accepted,
            (count(*) FILTER (WHERE status = 'mitigated'))::int AS mitigated, (count(*) FILTER (WHERE status = 'deactivated'))::int AS deactivated
     FROM findings WHERE analysis_id = $1 AND cross_system`,
    [analysisId],
  );
  return {
    systems: systems.map((x) => ({ sid: x.sid, systemPeriodName: x.period, periodDate: x.periodDate })),
    crossSystem: strip(rows[0]),
  };
}

const strip = (r: { findings: number; accepted: number; mitigated: number; deactivated: number }) => ({
  findings: r.findings,
  accepted: r.accepted,
  mitigated: r.mitigated,
  deactivated: r.deactivated,
  open: r.findings - r.accepted - r.mitigated - r.deactivated,
});
