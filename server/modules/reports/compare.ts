import type { FastifyInstance } from 'fastify';
import { compareFindings } from '../../../engine/analysis/compare.ts';
import { findingSystemsSql } from '../analyses/finding-systems.ts';
import { loadAnalysisSystems } from '../analyses/analysis-systems.ts';
import type { ComparisonRow, ComparisonStatus, Finding } from '../../../engine/model/analysis.ts';
import { csvField } from '../../../engine/output/findings-csv.ts';
import { USER_TYPE_CHOICES, USER_TYPES } from '../../../contracts/user-types.ts';
import type { Database } from '../../db/database.ts';
import { coded } from '../../errors.ts';
import { loadExcelJs } from '../../importers/table-source.ts';
import type { ResourceContext } from '../../resources/define-resource.ts';
import { findScoped } from '../../resources/scoped-record.ts';
import { fileName, formatParam, gate, jsonParam, pageGate, rangeParam, sendContentRange, XLSX_TYPE } from './gate.ts';

export const compareGate = pageGate('comparisons', 'reports/compare');

/**
 * The columns of the comparison export, named like `segra analyze`'s (ID is the holder; ORG_VALUES
 * items `;`-joined as in its CSV); the findings' own status on each side, then the user's SAP user
 * type (issue 27 item 6; after the others, so a reader of the earlier columns reads on unchanged).
 */
export const COMPARISON_CSV_COLUMNS = [
  'LEVEL', 'ID', 'RISK_ID', 'STATUS', 'LEFT_RISK_LEVEL', 'RIGHT_RISK_LEVEL', 'LEVEL_CHANGED',
  'LEFT_ORG_VALUES', 'RIGHT_ORG_VALUES', 'ORG_VALUES_CHANGED', 'LEFT_FINDING_STATUS', 'RIGHT_FINDING_STATUS', 'USER_TYPE',
] as const;

type FindingStatus = 'open' | 'accepted' | 'mitigated' | 'deactivated';

/**
 * A comparison row with each side's finding status (DESIGN 6, rule 16; null where the finding is
 * absent) and, for a user, its SAP user type as the later analysis stored it, else the earlier
 * (issue 27 item 6: '' unknown; null for roles and profiles).
 */
export interface StatusedComparisonRow extends ComparisonRow {
  leftFindingStatus: FindingStatus | null;
  rightFindingStatus: FindingStatus | null;
  userType: string | null;
  /**
   * When either analysis covers several systems (DESIGN 5.18): the SIDs that met the finding's
   * functions and its CROSS_SYSTEM flag, part of what makes two findings the same (absent otherwise).
   */
  systems?: string[];
  crossSystem?: boolean;
}

interface SideRow {
  id: string;
  customer_id: string;
  name: string;
  status: string;
  analysis_date: string;
  system_period_id: string;
  risk_period_id: string;
  level: string;
  mode: string;
}

type Side = ReturnType<typeof side> & { systems?: string[] };

export interface Comparison {
  left: Side;
  right: Side;
  summary: { new: number; resolved: number; unchanged: number; levelChanged: number; orgValuesChanged: number; total: number };
  rows: StatusedComparisonRow[];
}

const side = (a: SideRow, findings: number) => ({
  id: a.id,
  name: a.name,
  analysisDate: a.analysis_date,
  systemPeriodId: a.system_period_id,
  riskPeriodId: a.risk_period_id,
  level: a.level,
  mode: a.mode,
  findings,
});

async function completedAnalysis(db: Database, ctx: ResourceContext, id: string, which: string): Promise<SideRow> {
  const a = await findScoped<SideRow>(
    db,
    'analyses',
    ctx,
    id,
    'id, customer_id, name, status, analysis_date, system_period_id, risk_period_id, level, mode',
    'analysis',
  );
  if (a.status !== 'completed') throw coded(409, 'NOT_COMPLETED', {}, `The ${which} analysis has not completed; only completed analyses can be compared`);
  return a;
}

type StoredKey = Finding & { orgItems: string[]; findingStatus: FindingStatus; userType: string | null; systems?: string[]; crossSystem?: boolean };

/** The stored findings of one analysis, reduced to what a comparison looks at. */
async function keys(db: Database, analysisId: string, withSystems = false): Promise<StoredKey[]> {
  const { rows } = await db.query<{ level: Finding['level']; holder: string; riskId: string; riskLevel: Finding['riskLevel']; orgItems: string[]; findingStatus: FindingStatus; userType: string | null }>(
    `SELECT level, holder, risk_id AS "riskId", risk_level AS "riskLevel", org_values AS "orgItems", status AS "findingStatus", user_type AS "userType"
            ${withSystems ? `, cross_system AS "crossSystem", ${findingSystemsSql()} AS systems` : ''}
     FROM findings WHERE analysis_id = $1`,
    [analysisId],
  );
  // compareFindings reads only level, holder, riskId, riskLevel and the org items given to it.
  return rows as unknown as StoredKey[];
}

/**
 * The findings of one side of a comparison in which some analysis covers several systems
 * (DESIGN 5.18), named as a cross-system analysis names them: a cross-system side as stored; an
 * analysis of one system (SID `sid`) with its roles and profiles as `SID/NAME`, its users as the
 * persons the customer's user mapping makes of them (else the BNAME), every finding met in `sid`.
 * The mapping is the one stored now: an analysis of one system keeps none.
 */
async function systemsKeys(db: Database, a: SideRow, systems: readonly string[]): Promise<StoredKey[]> {
  if (systems.length > 1) return keys(db, a.id, true);
  const found = await keys(db, a.id);
  const sid = systems[0];
  const { rows } = await db.query<{ bname: string; person: string }>('SELECT bname, person FROM user_map_entries WHERE customer_id = $1 AND system = $2', [a.customer_id, sid]);
  const persons = new Map(rows.map((r) => [r.bname, r.person]));
  return found.map((f) => ({
    ...f,
    holder: f.level === 'USER' ? (persons.get(f.holder) ?? f.holder) : `${sid}/${f.holder}`,
    systems: [sid],
    crossSystem: false,
  }));
}

/** The SIDs of an analysis: its systems when it covers several, else its own system's. */
async function sidsOf(db: Database, a: SideRow): Promise<string[]> {
  const several = await loadAnalysisSystems(db, a.id);
  if (several.length > 0) return several.map((s) => s.sid);
  const { rows } = await db.query<{ sid: string }>('SELECT s.sid FROM system_periods sp JOIN systems s ON s.id = sp.system_id WHERE sp.id = $1', [a.system_period_id]);
  return [rows[0]?.sid ?? ''];
}

const keyOf = (f: { level: string; holder: string; riskId: string }): string => `${f.level}\u0000${f.holder}\u0000${f.riskId}`;

/**
 * With a cross-system side, the holder the comparison keys by carries the systems that met the
 * finding and its flag (`PERSON␀ERP,SRM␀X`), so that the engine's comparison (by level, holder
 * and risk) never takes a cross-system finding for a finding of one system; read back by `unmark`.
 * A NUL is in no holder, and sorts the marked holders as their own names.
 */
const mark = (f: StoredKey): StoredKey => ({ ...f, holder: `${f.holder}\u0000${(f.systems ?? []).join(',')}\u0000${f.crossSystem ? 'X' : ''}` });
function unmark(holder: string): { holder: string; systems: string[]; crossSystem: boolean } {
  const [name, systems, flag] = holder.split('\u0000');
  return { holder: name, systems: systems ? systems.split(',') : [], crossSystem: flag === 'X' };
}

export async function compareAnalyses(db: Database, ctx: ResourceContext, leftId: unknown, rightId: unknown): Promise<Comparison> {
  if (typeof leftId !== 'string' || leftId === '' || typeof rightId !== 'string' || rightId === '') {
    const errors: Record<string, string> = {};
    if (typeof leftId !== 'string' || leftId === '') errors.left = 'Choose the first analysis';
    if (typeof rightId !== 'string' || rightId === '') errors.right = 'Choose the second analysis';
    throw coded(400, 'COMPARE_BOTH_REQUIRED', {}, 'Both risk results must be chosen to compare', errors);
  }
  const left = await completedAnalysis(db, ctx, leftId, 'first');
  const right = await completedAnalysis(db, ctx, rightId, 'second');
  // A SuperAdmin without X-Customer-Id sees every customer; a comparison stays within one.
  if (left.customer_id !== right.customer_id) throw coded(400, 'ANALYSES_CUSTOMERS_DIFFER', {}, 'Both analyses must belong to the same customer');
  const [leftSids, rightSids] = await Promise.all([sidsOf(db, left), sidsOf(db, right)]);
  // A side of several systems (DESIGN 5.18): findings are the same when their systems are too.
  const cross = leftSids.length > 1 || rightSids.length > 1;
  const [l, r] = cross
    ? await Promise.all([systemsKeys(db, left, leftSids).then((x) => x.map(mark)), systemsKeys(db, right, rightSids).then((x) => x.map(mark))])
    : await Promise.all([keys(db, left.id), keys(db, right.id)]);
  const leftStatus = new Map(l.map((f) => [keyOf(f), f.findingStatus]));
  const rightStatus = new Map(r.map((f) => [keyOf(f), f.findingStatus]));
  const userTypes = new Map<string, string>();
  for (const f of [...l, ...r]) if (f.level === 'USER') userTypes.set(cross ? unmark(f.holder).holder : f.holder, f.userType ?? '');
  // The stored ORG_VALUES items (sorted as the engine wrote them) stand for the engine's.
  const rows = compareFindings(l, r, (f) => f.orgItems ?? []).map((row) => {
    const named = cross ? unmark(row.holder) : null;
    return {
      ...row,
      ...(named ? { holder: named.holder } : {}),
      leftFindingStatus: leftStatus.get(keyOf(row)) ?? null,
      rightFindingStatus: rightStatus.get(keyOf(row)) ?? null,
      userType: row.level === 'USER' ? (userTypes.get(named?.holder ?? row.holder) ?? '') : null,
      ...(named ? { systems: named.systems, crossSystem: named.crossSystem } : {}),
    };
  });
  const count = (s: ComparisonStatus): number => rows.filter((x) => x.status === s).length;
  return {
    left: { ...side(left, l.length), ...(cross ? { systems: leftSids } : {}) },
    right: { ...side(right, r.length), ...(cross ? { systems: rightSids } : {}) },
    summary: {
      new: count('new'),
      resolved: count('resolved'),
      unchanged: count('unchanged'),
      levelChanged: rows.filter((x) => x.levelChanged).length,
      orgValuesChanged: rows.filter((x) => x.orgValuesChanged).length,
      total: rows.length,
    },
    rows,
  };
}

/** `filter={"status":…,"level":…,"levelChanged":…,"orgValuesChanged":…,"crossSystem":…,"userType":…,"q":…}` over comparison rows ('' userType: unknown). */
function filterRows(rows: StatusedComparisonRow[], raw: unknown): StatusedComparisonRow[] {
  const filter = jsonParam('filter', raw) ?? {};
  if (filter === null || typeof filter !== 'object' || Array.isArray(filter)) throw coded(400, 'PARAMETER_INVALID', { parameter: 'filter' }, 'The filter parameter must be a JSON object');
  let out = rows;
  const asList = (v: unknown): unknown[] => (Array.isArray(v) ? v : [v]);
  for (const [field, value] of Object.entries(filter as Record<string, unknown>)) {
    if (value === undefined || value === null) continue;
    if (field === 'userType') {
      const types = asList(value);
      if (types.length === 0 || !types.every((t) => typeof t === 'string' && USER_TYPE_CHOICES.includes(t))) {
        throw coded(400, 'PARAMETER_INVALID', { parameter: 'filter' }, `The filter parameter userType must be one or more of: ${USER_TYPES.join(', ')} or "" (unknown)`);
      }
      out = out.filter((row) => row.userType !== null && types.includes(row.userType));
    } else if (field === 'status' || field === 'level' || field === 'riskId') {
      const allowed = new Set(asList(value));
      out = out.filter((row) => allowed.has(row[field]));
    } else if (field === 'levelChanged' || field === 'orgValuesChanged') {
      if (typeof value !== 'boolean') throw coded(400, 'PARAMETER_INVALID', { parameter: 'filter' }, `The filter parameter ${field} must be true or false`);
      out = out.filter((row) => row[field] === value);
    } else if (field === 'crossSystem') {
      // Rows of a comparison of analyses of one system have no flag: none is cross-system.
      if (typeof value !== 'boolean') throw coded(400, 'PARAMETER_INVALID', { parameter: 'filter' }, 'The filter parameter crossSystem must be true or false');
      out = out.filter((row) => (row.crossSystem ?? false) === value);
    } else if (field === 'q') {
      if (typeof value !== 'string') throw coded(400, 'PARAMETER_INVALID', { parameter: 'filter' }, 'The filter parameter q must be a string');
      const q = value.trim().toLowerCase();
      if (q) out = out.filter((row) => row.holder.toLowerCase().includes(q) || row.riskId.toLowerCase().includes(q));
    } else {
      throw coded(400, 'PARAMETER_INVALID', { parameter: 'filter' }, `The filter parameter has an unknown field: ${field}`);
    }
  }
  return out;
}

/** One row's cells, in COMPARISON_CSV_COLUMNS order. */
const cells = (r: StatusedComparisonRow): string[] => [
  r.level, r.holder, r.riskId, r.status, r.leftRiskLevel ?? '', r.rightRiskLevel ?? '', r.levelChanged ? 'X' : '',
  (r.leftOrgValues ?? []).join(';'), (r.rightOrgValues ?? []).join(';'), r.orgValuesChanged ? 'X' : '',
  r.leftFindingStatus ?? '', r.rightFindingStatus ?? '', r.userType ?? '',
];

/** A comparison with a cross-system side (DESIGN 5.18) adds these, last, so the columns before read as ever. */
export const COMPARISON_SYSTEMS_COLUMNS = ['SYSTEMS', 'CROSS_SYSTEM'] as const;
const systemsCells = (r: StatusedComparisonRow): string[] => [(r.systems ?? []).join(';'), r.crossSystem ? 'X' : ''];

export function comparisonCsv(rows: readonly StatusedComparisonRow[], crossSystem = false): string {
  const lines: string[] = [[...COMPARISON_CSV_COLUMNS, ...(crossSystem ? COMPARISON_SYSTEMS_COLUMNS : [])].join(',')];
  for (const r of rows) lines.push([...cells(r), ...(crossSystem ? systemsCells(r) : [])].map(csvField).join(','));
  return lines.join('\n') + '\n';
}

async function comparisonXlsx(c: Comparison): Promise<Buffer> {
  const ExcelJS = await loadExcelJs();
  const workbook = new ExcelJS.Workbook();
  const crossSystem = c.left.systems !== undefined;
  const sheet = workbook.addWorksheet('COMPARISON');
  sheet.addRow([...COMPARISON_CSV_COLUMNS, ...(crossSystem ? COMPARISON_SYSTEMS_COLUMNS : [])]);
  sheet.getRow(1).font = { bold: true };
  for (const r of c.rows) sheet.addRow([...cells(r), ...(crossSystem ? systemsCells(r) : [])]);
  const summary = workbook.addWorksheet('SUMMARY');
  summary.addRow(['', 'LEFT', 'RIGHT']);
  summary.addRow(['Analysis', c.left.name, c.right.name]);
  summary.addRow(['Date', c.left.analysisDate, c.right.analysisDate]);
  summary.addRow(['Findings', c.left.findings, c.right.findings]);
  if (crossSystem) summary.addRow(['Systems', (c.left.systems ?? []).join(';'), (c.right.systems ?? []).join(';')]);
  summary.addRow([]);
  for (const [k, v] of Object.entries(c.summary)) summary.addRow([k, v]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * `GET /api/analyses/compare?left=…&right=…` (DESIGN 5.13): summary and rows, the rows
 * optionally filtered (`filter`) and paged (`range`, Content-Range `comparison a-b/total`);
 * `format=csv|xlsx` downloads the (filtered) rows instead.
 */
export function registerCompare(app: FastifyInstance, db: Database): void {
  app.get('/api/analyses/compare', { preHandler: app.authenticate, config: { page: 'reports/compare' } }, async (request, reply) => {
    const ctx = await gate(db, compareGate, request, 'read');
    const query = (request.query ?? {}) as Record<string, unknown>;
    const comparison = await compareAnalyses(db, ctx, query.left, query.right);
    const rows = filterRows(comparison.rows, query.filter);
    if (query.format !== undefined) {
      const format = formatParam(query.format);
      const file = `${fileName(`${comparison.left.name}-vs-${comparison.right.name}`, 'comparison')}.${format}`;
      reply.header('Content-Disposition', `attachment; filename="${file}"`);
      if (format === 'csv') return reply.header('Content-Type', 'text/csv; charset=utf-8').send(comparisonCsv(rows, comparison.left.systems !== undefined));
      return reply.header('Content-Type', XLSX_TYPE).send(await comparisonXlsx({ ...comparison, rows }));
    }
    const range = rangeParam(query.range, 5000);
    const page = range ? rows.slice(range[0], range[1] + 1) : rows;
    const start = range ? range[0] : 0;
    sendContentRange(reply, 'comparison', start, page.length, rows.length);
    return { left: comparison.left, right: comparison.right, summary: comparison.summary, total: rows.length, rows: page };
  });
}
