import type { Workbook } from 'exceljs';
import { licenceCell } from './evaluation-mark.ts';
import type { ReportData } from './pdf/report-data.ts';

interface SummaryRow {
  level: string;
  riskLevel: string;
  businessProcess: string;
  accepted: boolean;
  /** open | accepted | mitigated (issue 16); mitigated findings are counted apart. */
  status?: string;
}

const LEVELS = ['USER', 'ROLE', 'PROFILE'];
const RISK_LEVELS = ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW'];

/**
 * The SUMMARY sheet of the findings xlsx (issue 15 item 3), before the details: the analysis's
 * metadata, then counts of the exported rows (the list's filter applied) by level, risk level and
 * business process, each with its accepted share. Labels are the column-name style of the
 * details sheet, so a spreadsheet reads them the same in every language.
 */
export function addSummarySheet(workbook: Workbook, meta: Pick<ReportData, 'cover' | 'usersInScope' | 'excluded'>, rows: readonly SummaryRow[]): void {
  const sheet = workbook.addWorksheet('SUMMARY');
  const c = meta.cover;
  const filter = Object.entries(c.filter).filter(([, v]) => v !== undefined);
  const mitigated = rows.filter((r) => r.status === 'mitigated').length;
  const accepted = rows.filter((r) => r.accepted && r.status !== 'mitigated').length;
  for (const pair of [
    ['ANALYSIS', c.analysisName],
    ['CUSTOMER', c.customer],
    ['SYSTEM', c.system],
    ['SYSTEM_PERIOD', c.systemPeriod],
    ['PERIOD_DATE', c.periodDate],
    ['RULESET', c.ruleset],
    ['ANALYSIS_DATE', c.analysisDate],
    ['LEVEL', c.level],
    ['MODE', c.mode],
    ['INCLUDE_LOCKED', c.includeLocked ? 'X' : ''],
    ['INCLUDE_EXPIRED', c.includeExpired ? 'X' : ''],
    ['FILTER', filter.length === 0 ? '' : JSON.stringify(Object.fromEntries(filter))],
    ['USERS_IN_SCOPE', meta.usersInScope ?? ''],
    ['USERS_EXCLUDED', meta.excluded.length],
    ['LICENCE', licenceCell(c.evaluation)],
    [],
    ['FINDINGS', rows.length],
    ['ACCEPTED', accepted],
    ['MITIGATED', mitigated],
    ['OPEN', rows.length - accepted - mitigated],
  ]) {
    sheet.addRow(pair);
  }
  const table = (header: string, keys: string[], key: (r: SummaryRow) => string) => {
    sheet.addRow([]);
    sheet.addRow([header, 'FINDINGS', 'ACCEPTED', 'OPEN']).font = { bold: true };
    for (const k of keys) {
      const of = rows.filter((r) => key(r) === k);
      const acc = of.filter((r) => r.accepted).length;
      sheet.addRow([k, of.length, acc, of.length - acc]);
    }
  };
  table('LEVEL', LEVELS, (r) => r.level);
  table('RISK_LEVEL', RISK_LEVELS, (r) => r.riskLevel);
  const processes = new Map<string, number>();
  for (const r of rows) processes.set(r.businessProcess, (processes.get(r.businessProcess) ?? 0) + 1);
  // Busiest process first, as the dashboard and the PDF order them.
  const byCount = [...processes].sort(([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0)).map(([p]) => p);
  table('BUSINESS_PROCESS', byCount, (r) => r.businessProcess);
  sheet.getColumn(1).width = 22;
  sheet.getColumn(2).width = 40;
}
