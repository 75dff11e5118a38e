import type { FastifyInstance } from 'fastify';
import { compareHolderRows } from '../../../engine/analysis/order.ts';
import { csvField, FINDINGS_CSV_COLUMNS, findingsCsvColumns } from '../../../engine/output/findings-csv.ts';
import type { Database } from '../../db/database.ts';
import { coded } from '../../errors.ts';
import { filterConditions } from '../../resources/list-filter.ts';
import { jsonParam, XLSX_TYPE } from '../../resources/query-params.ts';
import { loadExcelJs } from '../../importers/table-source.ts';
import { resourceContext } from '../../resources/define-resource.ts';
import { findScoped } from '../../resources/scoped-record.ts';
import { findingsResource } from './findings-resource.ts';
import { findingSystemsSql } from './finding-systems.ts';
import { analysisCover, reportData } from './pdf/report-data.ts';
import { findingsExportFormat, PDF_TYPE, reportLanguage } from './pdf/report-params.ts';
import { renderReport } from './pdf/render-report.ts';
import { addSummarySheet } from './xlsx-summary.ts';
import { addWarningsSheet, storedWarnings, warningsHeader, WARNINGS_HEADER } from './warnings-export.ts';
import type { ReportLanguage } from './pdf/report-strings.ts';
import { analysisUsesUsage, USAGE_COLUMNS, usageCells } from '../usage/usage-export.ts';

interface ExportRow {
  level: string;
  holder: string;
  riskId: string;
  riskLevel: string;
  riskType: string;
  businessProcess: string;
  functions: string;
  sources: string;
  accepted: boolean;
  acceptedBy: string | null;
  message: string | null;
  /** ORG_VALUES items (`BUKRS=1000`); empty for risks without org fields. */
  orgValues: string[];
  holderName: string;
  /** USR02-USTYP of a user finding's holder as analysed (issue 27 item 6): '' unknown, null for roles and profiles. */
  userType: string | null;
  riskDescription: string;
  /** EXECUTION and REMEDIATION (DESIGN 5.17); null for role and profile findings or without usage. */
  execution: string | null;
  remediation: string | null;
  /** DESIGN 6: open | accepted | mitigated | deactivated (issue 27), with the mitigating controls that apply. */
  status: string;
  controls: string[];
  /** CROSS_SYSTEM (DESIGN 5.18): no single system's user meets the whole risk. */
  crossSystem: boolean;
  /** A cross-system analysis's export: the SIDs of the systems that met the finding's functions (absent otherwise). */
  systems?: string[];
}

/**
 * The findings of a completed analysis in the CSV order of `segra analyze` (DESIGN 11); with the
 * findings list's `filter`, exactly the rows the list shows under it (DESIGN 6).
 */
export async function exportRows(db: Database, analysisId: string, filter: unknown = {}, withSystems = false): Promise<ExportRow[]> {
  const params: unknown[] = [analysisId];
  const where = ['analysis_id = $1', ...filterConditions(findingsResource, filter, params)];
  const { rows } = await db.query<ExportRow>(
    `SELECT level, holder, risk_id AS "riskId", risk_level AS "riskLevel", risk_type AS "riskType", business_process AS "businessProcess",
            functions, sources, accepted, accepted_by AS "acceptedBy", message, org_values AS "orgValues",
            holder_name AS "holderName", user_type AS "userType", risk_description AS "riskDescription",
            execution, remediation, status, controls, cross_system AS "crossSystem"${withSystems ? `, ${findingSystemsSql()} AS systems` : ''}
     FROM findings WHERE ${where.join(' AND ')}`,
    params,
  );
  // Code-point order, as the command line sorts; a database collation would differ.
  return rows.sort(compareHolderRows);
}

/** Whether the analysis's ruleset has an active org-level risk: then exports carry ORG_VALUES, as `segra analyze` does. */
export async function hasOrgLevelRisks(db: Database, analysisId: string): Promise<boolean> {
  const { rows } = await db.query<{ org: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM risks r JOIN analyses a ON a.risk_period_id = r.risk_period_id
                    WHERE a.id = $1 AND r.active AND cardinality(r.org_fields) > 0) AS org`,
    [analysisId],
  );
  return rows[0]?.org ?? false;
}

/** Whether the analysis covers several systems (DESIGN 5.18): then exports carry CROSS_SYSTEM, as `segra analyze --system SID=DIR …` does. */
export async function isCrossSystem(db: Database, analysisId: string): Promise<boolean> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM analysis_systems WHERE analysis_id = $1', [analysisId]);
  return Number(rows[0]?.n ?? 0) > 1;
}

/** Whether the customer of the analysis keeps mitigations: then exports carry STATUS,CONTROLS, as `segra analyze --mitigations` does. */
export async function hasMitigations(db: Database, analysisId: string): Promise<boolean> {
  const { rows } = await db.query<{ any: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM mitigations m JOIN analyses a ON a.customer_id = m.customer_id WHERE a.id = $1) AS any',
    [analysisId],
  );
  return rows[0]?.any ?? false;
}

/**
 * What was decided of each finding (issue 27), after the command line's columns: its status
 * (OPEN, ACCEPTED, MITIGATED or DEACTIVATED, as the list shows it) and the acceptance with who
 * accepted it. The acceptance's message, free text that may break a line, is in the xlsx and the PDF.
 */
export const DECISION_CSV_COLUMNS = ['FINDING_STATUS', 'ACCEPTED', 'ACCEPTED_BY'] as const;

/**
 * Each line starts with exactly the text `segra analyze --format csv` writes for the same inputs
 * (DESIGN 6 and 11, so both compare line by line): with `mitigations`, as `--mitigations` with
 * the customer's mitigations writes it (STATUS,CONTROLS); with `usage`, as `--usage`
 * (EXECUTION,REMEDIATION), in the command line's column order. The DECISION_CSV_COLUMNS follow.
 */
export function findingsCsv(rows: readonly ExportRow[], orgValues = false, mitigations = false, usage = false, crossSystem = false): string {
  const lines = [[...findingsCsvColumns(orgValues, crossSystem), ...(mitigations ? ['STATUS', 'CONTROLS'] : []), ...(usage ? USAGE_COLUMNS : []), ...DECISION_CSV_COLUMNS].join(',')];
  for (const r of rows) {
    const row = [r.level, r.holder, r.riskId, r.riskLevel, r.riskType, r.functions, r.sources];
    if (orgValues) row.push(r.orgValues.join(';'));
    if (crossSystem) row.push(r.crossSystem ? 'X' : '');
    // The command line's STATUS knows mitigation only (it reads no acceptances).
    if (mitigations) row.push(r.status === 'mitigated' ? 'MITIGATED' : 'OPEN', r.controls.join(';'));
    if (usage) row.push(...usageCells(r));
    row.push(r.status.toUpperCase(), r.accepted ? 'X' : '', r.acceptedBy ?? '');
    lines.push(row.map(csvField).join(','));
  }
  return lines.join('\n') + '\n';
}

async function findingsXlsx(
  db: Database,
  analysisId: string,
  rows: readonly ExportRow[],
  orgValues: boolean,
  filter: Record<string, unknown>,
  crossSystem: boolean,
  lang: ReportLanguage,
): Promise<Buffer> {
  const meta = await analysisCover(db, analysisId, filter);
  const ExcelJS = await loadExcelJs();
  const workbook = new ExcelJS.Workbook();
  addSummarySheet(workbook, meta, rows);
  const sheet = workbook.addWorksheet('FINDINGS');
  const org = [...(orgValues ? ['ORG_VALUES'] : []), ...(crossSystem ? ['CROSS_SYSTEM'] : [])];
  const usage = await analysisUsesUsage(db, analysisId);
  sheet.addRow([...FINDINGS_CSV_COLUMNS, ...org, ...(usage ? USAGE_COLUMNS : []), 'HOLDER_NAME', 'USER_TYPE', 'RISK_DESCRIPTION', 'BUSINESS_PROCESS', 'ACCEPTED', 'ACCEPTED_BY', 'MESSAGE', 'STATUS', 'CONTROLS', ...(crossSystem ? ['SYSTEMS'] : [])]);
  sheet.getRow(1).font = { bold: true };
  for (const r of rows) {
    const orgCell = [...(orgValues ? [r.orgValues.join(';')] : []), ...(crossSystem ? [r.crossSystem ? 'X' : ''] : [])];
    sheet.addRow([
      ...[r.level, r.holder, r.riskId, r.riskLevel, r.riskType, r.functions, r.sources, ...orgCell, ...(usage ? usageCells(r) : [])],
      ...[r.holderName, r.userType ?? '', r.riskDescription, r.businessProcess, r.accepted ? 'X' : '', r.acceptedBy ?? '', r.message ?? ''],
      ...[r.status.toUpperCase(), r.controls.join(';')],
      // Last, so that the columns before read as in an analysis of one system.
      ...(crossSystem ? [(r.systems ?? []).join(';')] : []),
    ]);
  }
  // What the rows are read with (DESIGN 4.1b); last, so that FINDINGS stays the second sheet for whoever reads it by position.
  addWarningsSheet(workbook, await storedWarnings(db, analysisId), lang);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * `GET /api/analyses/:id/export?format=csv|xlsx|pdf&filter={…}&lang=tr|en|de`: the findings list's
 * filter applies to every format; `lang` is the language of the PDF report and of the xlsx's
 * warning descriptions (the UI's). The CSV answers its input warnings in the Segra-Warnings header.
 */
export function registerAnalysisExport(app: FastifyInstance, db: Database): void {
  app.get('/api/analyses/:id/export', { preHandler: app.authenticate }, async (request, reply) => {
    const ctx = await resourceContext(db, findingsResource, request, 'read');
    const { id } = request.params as { id: string };
    const analysis = await findScoped<{ status: string; name: string }>(db, 'analyses', ctx, id, 'status, name', 'analysis');
    const query = request.query as { format?: string; filter?: unknown; lang?: string };
    const format = findingsExportFormat(query.format);
    const lang = reportLanguage(query.lang);
    const filter = (jsonParam('filter', query.filter) ?? {}) as Record<string, unknown>;
    if (analysis.status !== 'completed') throw coded(409, 'NOT_COMPLETED', {}, 'Only a completed analysis has findings to export');
    const file = `${analysis.name.replace(/[^\w.-]+/g, '_') || 'findings'}.${format}`;
    reply.header('Content-Disposition', `attachment; filename="${file}"`);
    if (format === 'pdf') {
      const data = await reportData(db, id, filter);
      // The user who exports prepares the report: its cover and its sign-off name them.
      const generated = { at: new Date().toISOString(), by: request.user.name ? `${request.user.name} (${request.user.email})` : request.user.email };
      return reply.header('Content-Type', PDF_TYPE).send(await renderReport(data, lang, generated));
    }
    const crossSystem = await isCrossSystem(db, id);
    const [rows, orgValues, mitigations, usage, warnings] = await Promise.all([
      // The CSV stays the command line's; the xlsx of a cross-system analysis adds the systems of each finding.
      exportRows(db, id, filter, crossSystem && format === 'xlsx'),
      hasOrgLevelRisks(db, id),
      hasMitigations(db, id),
      analysisUsesUsage(db, id),
      storedWarnings(db, id),
    ]);
    if (format === 'csv') {
      // The lines stay `segra analyze`'s; the warnings go beside them, as the command line writes them on stderr.
      if (warnings && warnings.length > 0) reply.header(WARNINGS_HEADER, warningsHeader(warnings));
      return reply.header('Content-Type', 'text/csv; charset=utf-8').send(findingsCsv(rows, orgValues, mitigations, usage, crossSystem));
    }
    return reply.header('Content-Type', XLSX_TYPE).send(await findingsXlsx(db, id, rows, orgValues, filter, crossSystem, lang));
  });
}
