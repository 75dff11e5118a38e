/**
 * Reports on usage (issue 17): executed vs potential findings for the dashboard, the per-user
 * remediation plan, and role hygiene (per role, the tcodes no user of it used in the window).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { compareCodePoints } from '../../../engine/authorisation/code-point.ts';
import { coversValue, parseValueRow, type ValueInterval } from '../../../engine/authorisation/value-interval.ts';
import { csvField } from '../../../engine/output/findings-csv.ts';
import type { Database } from '../../db/database.ts';
import { coded } from '../../errors.ts';
import { loadExcelJs } from '../../importers/table-source.ts';
import { resourceContext } from '../../resources/define-resource.ts';
import { XLSX_TYPE } from '../../resources/query-params.ts';
import { findScoped } from '../../resources/scoped-record.ts';
import { findingsResource } from '../analyses/findings-resource.ts';
import { remediationPlan, type PlanEntry, type RemediationPlan } from './remediation-plan.ts';
import { USAGE_ROW_IN_WINDOW, usageWindow } from '../../analyses/analysis-usage.ts';

/** The dashboard's executed vs potential: user findings by EXECUTION; null when the analysis ran without usage. */
export async function executionSummary(db: Database, analysisId: string): Promise<{ potential: number; full: number; partial: number; none: number } | null> {
  const { rows } = await db.query<{ with_usage: boolean; potential: number; full: number; partial: number; none: number }>(
    `SELECT a.with_usage,
            (SELECT count(*)::int FROM findings f WHERE f.analysis_id = a.id AND f.level = 'USER') AS potential,
            (SELECT count(*)::int FROM findings f WHERE f.analysis_id = a.id AND f.execution = 'FULL') AS full,
            (SELECT count(*)::int FROM findings f WHERE f.analysis_id = a.id AND f.execution = 'PARTIAL') AS partial,
            (SELECT count(*)::int FROM findings f WHERE f.analysis_id = a.id AND f.execution = 'NONE') AS none
     FROM analyses a WHERE a.id = $1`,
    [analysisId],
  );
  const r = rows[0];
  if (!r?.with_usage) return null;
  return { potential: r.potential, full: r.full, partial: r.partial, none: r.none };
}

interface UsageAnalysis {
  id: string;
  status: string;
  with_usage: boolean;
  analysis_date: string;
  usage_from: string | null;
  usage_to: string | null;
  system_period_id: string;
}

async function usageAnalysis(db: Database, request: FastifyRequest): Promise<UsageAnalysis> {
  const ctx = await resourceContext(db, findingsResource, request, 'read');
  const { id } = request.params as { id: string };
  const a = await findScoped<UsageAnalysis>(db, 'analyses', ctx, id, 'id, status, with_usage, analysis_date, usage_from, usage_to, system_period_id', 'analysis');
  if (a.status !== 'completed') throw coded(409, 'NOT_COMPLETED', {}, 'Only a completed analysis has findings');
  if (!a.with_usage) throw coded(409, 'NO_USAGE', {}, 'The analysis ran without usage; run one with the period\'s usage table');
  return a;
}

/** The plan of one user of an analysis, from its stored findings' REMEDIATION. */
export async function userPlan(db: Database, analysisId: string, user: string): Promise<RemediationPlan & { user: string; findings: number }> {
  const { rows } = await db.query<{ risk_id: string; usage: { remediation: PlanEntry[] } | null }>(
    `SELECT risk_id, usage FROM findings WHERE analysis_id = $1 AND level = 'USER' AND holder = $2`,
    [analysisId, user],
  );
  const plan = remediationPlan(rows.map((r) => ({ riskId: r.risk_id, remediation: r.usage?.remediation ?? [] })));
  return { user, findings: rows.length, ...plan };
}

export interface HygieneRow {
  role: string;
  /** Users holding the role on the analysis date (directly or in a composite). */
  users: number;
  /** S_TCODE values (or patterns) the role grants. */
  granted: number;
  /** The granted values no user of the role used in the window, in code-point order. */
  unused: string[];
}

const iso8 = (iso: string): number => Number(iso.replace(/-/g, ''));

/** Role hygiene: per single role with S_TCODE values, the tcodes no user of it used in the analysis's usage window. */
export async function roleHygiene(db: Database, a: UsageAnalysis): Promise<HygieneRow[]> {
  const { rows: period } = await db.query<{ data_import_id: string; usage_import_id: string | null }>(
    `SELECT sp.data_import_id, u.usage_import_id FROM system_periods sp LEFT JOIN system_period_usage u ON u.system_period_id = sp.id WHERE sp.id = $1`,
    [a.system_period_id],
  );
  const importId = period[0]?.data_import_id;
  const usageId = period[0]?.usage_import_id;
  if (!importId || !usageId) return [];
  const day = iso8(a.analysis_date);
  // The analysis's own window (DESIGN 4.1b), as its findings were worked out.
  const window = usageWindow(a.analysis_date, a.usage_from, a.usage_to);
  const [values, children, assignments, used] = await Promise.all([
    db.query<{ agr_name: string; low: string; high: string }>(
      `SELECT agr_name, low, high FROM sap_agr_1251 WHERE import_id = $1 AND object = 'S_TCODE' AND field = 'TCD' AND NOT deleted`,
      [importId],
    ),
    db.query<{ agr_name: string; child_agr: string }>('SELECT agr_name, child_agr FROM sap_agr_agrs WHERE import_id = $1', [importId]),
    db.query<{ agr_name: string; uname: string }>(
      `SELECT agr_name, uname FROM sap_agr_users WHERE import_id = $1 AND (from_dat IS NULL OR from_dat <= $2) AND (to_dat IS NULL OR to_dat >= $2)`,
      [importId, day],
    ),
    db.query<{ bname: string; tcode: string }>(
      `SELECT bname, tcode FROM usage_rows
       WHERE import_id = $1 AND ${USAGE_ROW_IN_WINDOW}
       GROUP BY bname, tcode HAVING sum(count) > 0`,
      [usageId, window.from, window.to],
    ),
  ]);
  const usedBy = new Map<string, Set<string>>();
  for (const r of used.rows) {
    const set = usedBy.get(r.bname.trim()) ?? new Set<string>();
    set.add(r.tcode.trim());
    usedBy.set(r.bname.trim(), set);
  }
  const childrenOf = new Map<string, string[]>();
  for (const r of children.rows) childrenOf.set(r.agr_name, [...(childrenOf.get(r.agr_name) ?? []), r.child_agr]);
  // Users per role: direct assignments and those through composites (cycle-safe).
  const usersOf = new Map<string, Set<string>>();
  for (const r of assignments.rows) {
    const seen = new Set<string>();
    const stack = [r.agr_name];
    while (stack.length > 0) {
      const role = stack.pop()!;
      if (seen.has(role)) continue;
      seen.add(role);
      const set = usersOf.get(role) ?? new Set<string>();
      set.add(r.uname.trim());
      usersOf.set(role, set);
      for (const c of childrenOf.get(role) ?? []) stack.push(c);
    }
  }
  const granted = new Map<string, Map<string, ValueInterval>>();
  for (const r of values.rows) {
    const text = r.high.trim() ? `${r.low.trim()}-${r.high.trim()}` : r.low.trim();
    const m = granted.get(r.agr_name) ?? new Map<string, ValueInterval>();
    m.set(text, parseValueRow(r.low, r.high));
    granted.set(r.agr_name, m);
  }
  const out: HygieneRow[] = [];
  for (const [role, grants] of granted) {
    // A composite role's own AGR_1251 rows are not authorisations (as in the analysis).
    if (childrenOf.has(role)) continue;
    const users = usersOf.get(role) ?? new Set<string>();
    const usedHere = new Set<string>();
    for (const u of users) for (const t of usedBy.get(u) ?? []) usedHere.add(t);
    const unused: string[] = [];
    for (const [text, iv] of grants) {
      let hit = false;
      for (const t of usedHere) {
        if (coversValue(iv, t)) {
          hit = true;
          break;
        }
      }
      if (!hit) unused.push(text);
    }
    if (unused.length > 0) out.push({ role, users: users.size, granted: grants.size, unused: unused.sort(compareCodePoints) });
  }
  return out.sort((x, y) => compareCodePoints(x.role, y.role));
}

export const HYGIENE_COLUMNS = ['ROLE', 'ROLE_USERS', 'GRANTED_TCODES', 'UNUSED_TCODE'] as const;

export function hygieneCsv(rows: readonly HygieneRow[]): string {
  const lines = [HYGIENE_COLUMNS.join(',')];
  for (const r of rows) for (const t of r.unused) lines.push([r.role, String(r.users), String(r.granted), t].map(csvField).join(','));
  return lines.join('\n') + '\n';
}

/**
 * `GET /api/analyses/:id/remediation-plan?user=BNAME` and
 * `GET /api/analyses/:id/role-hygiene?format=json|csv|xlsx`: the findings list page's read permission.
 */
export function registerUsageReports(app: FastifyInstance, db: Database): void {
  app.get('/api/analyses/:id/remediation-plan', { preHandler: app.authenticate }, async (request) => {
    const a = await usageAnalysis(db, request);
    const { user } = (request.query ?? {}) as { user?: string };
    if (!user || !user.trim()) throw coded(400, 'USER_REQUIRED', {}, 'Choose a user', { user: 'Choose a user' });
    return userPlan(db, a.id, user.trim());
  });

  app.get('/api/analyses/:id/role-hygiene', { preHandler: app.authenticate }, async (request, reply) => {
    const a = await usageAnalysis(db, request);
    const { format = 'json' } = (request.query ?? {}) as { format?: string };
    if (!['json', 'csv', 'xlsx'].includes(format)) throw coded(400, 'FORMAT_INVALID', { formats: 'json, csv, xlsx' }, 'The format must be json, csv or xlsx', { format: 'json, csv or xlsx' });
    const rows = await roleHygiene(db, a);
    if (format === 'json') return { window: { from: a.usage_from, to: a.usage_to }, roles: rows };
    reply.header('Content-Disposition', `attachment; filename="role-hygiene.${format}"`);
    if (format === 'csv') return reply.header('Content-Type', 'text/csv; charset=utf-8').send(hygieneCsv(rows));
    const ExcelJS = await loadExcelJs();
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('ROLE_HYGIENE');
    sheet.addRow([...HYGIENE_COLUMNS]);
    sheet.getRow(1).font = { bold: true };
    for (const r of rows) for (const t of r.unused) sheet.addRow([r.role, r.users, r.granted, t]);
    return reply.header('Content-Type', XLSX_TYPE).send(Buffer.from(await workbook.xlsx.writeBuffer()));
  });
}
