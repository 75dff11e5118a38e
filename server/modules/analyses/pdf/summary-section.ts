import { HOLDER_LEVELS, RISK_LEVELS } from '../../../../contracts/levels.ts';
import type { ReportData } from './report-data.ts';
import type { ReportFormat } from './format.ts';
import { barChart, COLOURS, heading, keyValues, subheading, type Doc } from './layout.ts';

/** Executive summary: the headline figures and the two charts of the dashboard, as vector bars. */
export function summarySection(doc: Doc, data: ReportData, f: ReportFormat): void {
  const { t, num } = f;
  heading(doc, t('summary'));
  const sum = (pick: (r: ReportData['byLevelAndRisk'][number]) => boolean) =>
    data.byLevelAndRisk.filter(pick).reduce((n, r) => n + r.findings, 0);
  keyValues(doc, [
    [t('total_findings'), num(data.totals.findings)],
    [t('accepted'), num(data.totals.accepted)],
    [t('mitigated'), num(data.totals.mitigated)],
    [t('deactivated'), num(data.totals.deactivated)],
    [t('open'), num(data.totals.findings - data.totals.accepted - data.totals.mitigated - data.totals.deactivated)],
    ...(data.crossSystem === null ? [] : ([[t('cross_system_findings'), num(data.crossSystem)]] as [string, string][])),
    ...(data.usersInScope === null ? [] : ([[t('users_in_scope'), num(data.usersInScope)]] as [string, string][])),
    [t('users_excluded'), num(data.excluded.length)],
  ]);
  if (data.execution) {
    subheading(doc, t('execution_title'));
    keyValues(doc, [
      [t('execution_potential'), num(data.execution.potential)],
      [t('execution_FULL'), num(data.execution.full)],
      [t('execution_PARTIAL'), num(data.execution.partial)],
      [t('execution_NONE'), num(data.execution.none)],
    ]);
  }
  subheading(doc, t('by_risk_level'));
  barChart(
    doc,
    RISK_LEVELS.map((level) => {
      const value = sum((r) => r.riskLevel === level);
      return { label: t(`risk_${level}`), value, colour: COLOURS[level], text: num(value) };
    }),
  );
  subheading(doc, t('by_level'));
  barChart(
    doc,
    HOLDER_LEVELS.map((level) => {
      const value = sum((r) => r.level === level);
      return { label: t(`holder_${level}`), value, colour: COLOURS.open, text: num(value) };
    }),
  );
}
