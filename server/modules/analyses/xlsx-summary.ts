import type { Workbook } from 'exceljs';
import { HOLDER_LEVELS, RISK_LEVELS } from '../../../contracts/levels.ts';
import { licenceCell } from './evaluation-mark.ts';
import type { ReportData } from './pdf/report-data.ts';

interface SummaryRow {
  level: string;
  riskLevel: string;
  businessProcess: string;
  /** open | accepted | mitigated (issue 16) | deactivated (issue 27); each counted apart. */
  status: string;
  crossSystem: boolean;
}

/** Every finding has exactly one (DESIGN 6, migration 0031): the counts add up to FINDINGS. */
const STATUSES = ['open', 'accepted', 'mitigated', 'deactivated'];

/**
 * The SUMMARY sheet of the findings xlsx (issue 15 item 3), before the details: the analysis's
 * metadata, then counts of the exported rows (the list's filter applied) by status, and by
 * level, risk level and business process each split by status. Labels are the column-name style of the
 * details sheet, so a spreadsheet reads them the same in every language.
 */
export function addSummarySheet(workbook: Workbook, meta: Pick<ReportData, 'cover' | 'usersInScope' | 'excluded'>, rows: readonly SummaryRow[]): void {
  const sheet = workbook.addWorksheet('SUMMARY');
  const c = meta.cover;
  const filter = Object.entries(c.filter).filter(([, v]) => v !== undefined);
  const counted = (status: string, of: readonly SummaryRow[] = rows) => of.filter((r) => r.status === status).length;
  for (const pair of [
    ['ANALYSIS', c.analysisName],
    ['CUSTOMER', c.customer],
    ['SYSTEM', c.system],
    ['SYSTEM_PERIOD', c.systemPeriod],
    ['PERIOD_DATE', c.periodDate],
    // A cross-system analysis (DESIGN 5.18): every system it covers, `SID: period (date)`.
    ...(c.systems.length > 1 ? [['SYSTEMS', c.systems.map((x) => `${x.sid}: ${x.period} (${x.periodDate})`).join('; ')]] : []),
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
    ...STATUSES.map((status) => [status.toUpperCase(), counted(status)]),
    ...(c.systems.length > 1 ? [['CROSS_SYSTEM', rows.filter((r) => r.crossSystem).length]] : []),
  ]) {
    sheet.addRow(pair);
  }
  const table = (header: string, keys: readonly string[], key: (r: SummaryRow) => string) => {
    sheet.addRow([]);
    sheet.addRow([header, 'FINDINGS', ...STATUSES.map((status) => status.toUpperCase())]).font = { bold: true };
    for (const k of keys) {
      const of = rows.filter((r) => key(r) === k);
      sheet.addRow([k, of.length, ...STATUSES.map((status) => counted(status, of))]);
    }
  };
  table('LEVEL', HOLDER_LEVELS, (r) => r.level);
  table('RISK_LEVEL', RISK_LEVELS, (r) => r.riskLevel);
  const processes = new Map<string, number>();
  for (const r of rows) processes.set(r.businessProcess, (processes.get(r.businessProcess) ?? 0) + 1);
  // Busiest process first, as the dashboard and the PDF order them.
  const byCount = [...processes].sort(([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0)).map(([p]) => p);
  table('BUSINESS_PROCESS', byCount, (r) => r.businessProcess);
  sheet.getColumn(1).width = 22;
  sheet.getColumn(2).width = 40;
}
