import type { ReportData, RankedHolder } from './report-data.ts';
import type { ReportFormat } from './format.ts';
import { heading, paragraph, subheading, table, type Doc } from './layout.ts';
import { HOLDER_LEVELS } from '../../../../contracts/levels.ts';

/** Findings by business process (rows) and holder level (columns), busiest process first. */
export function processSection(doc: Doc, data: ReportData, f: ReportFormat): void {
  const { t, num } = f;
  heading(doc, t('by_process'));
  const byProcess = new Map<string, Map<string, number>>();
  for (const r of data.byProcessAndLevel) {
    const levels = byProcess.get(r.businessProcess) ?? new Map<string, number>();
    levels.set(r.level, (levels.get(r.level) ?? 0) + r.findings);
    byProcess.set(r.businessProcess, levels);
  }
  const total = (levels: Map<string, number>) => [...levels.values()].reduce((n, v) => n + v, 0);
  const rows = [...byProcess]
    .sort(([a, x], [b, y]) => total(y) - total(x) || (a < b ? -1 : a > b ? 1 : 0))
    .map(([process, levels]) => [process || '—', ...HOLDER_LEVELS.map((l) => num(levels.get(l) ?? 0)), num(total(levels))]);
  if (rows.length === 0) return paragraph(doc, t('none'));
  table(
    doc,
    [
      { header: t('business_process'), width: 4 },
      ...HOLDER_LEVELS.map((l) => ({ header: t(`holder_${l}`), width: 1.3, align: 'right' as const })),
      { header: t('total'), width: 1.3, align: 'right' },
    ],
    rows,
  );
}

function ranking(doc: Doc, title: string, holders: RankedHolder[], f: ReportFormat): void {
  const { t, num } = f;
  subheading(doc, title);
  if (holders.length === 0) return paragraph(doc, t('none'));
  table(
    doc,
    [
      { header: '#', width: 0.5, align: 'right' },
      { header: t('holder'), width: 3 },
      { header: t('name'), width: 3 },
      { header: t('critical'), width: 1.2, align: 'right' },
      { header: t('high'), width: 1.2, align: 'right' },
      { header: t('findings'), width: 1.2, align: 'right' },
    ],
    holders.map((h, i) => [String(i + 1), h.holder, h.name, num(h.critical), num(h.high), num(h.findings)]),
  );
}

/** The ten users and the ten roles with most critical and high findings. */
export function topHoldersSection(doc: Doc, data: ReportData, f: ReportFormat): void {
  ranking(doc, f.t('top_users'), data.topUsers, f);
  ranking(doc, f.t('top_roles'), data.topRoles, f);
}
