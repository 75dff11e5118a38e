import { LISTED_ROWS_LIMIT, type ReportData } from './report-data.ts';
import type { ReportFormat } from './format.ts';
import { COLOURS, heading, paragraph, tableInTurns, type Doc } from './layout.ts';

/** Users left out of the analysis with their reasons: counted and listed, never silently dropped (DESIGN 5.2). */
export async function excludedSection(doc: Doc, data: ReportData, f: ReportFormat): Promise<void> {
  const { t, num } = f;
  heading(doc, `${t('excluded_title')} (${num(data.excluded.length)})`);
  paragraph(doc, t('excluded_intro'), COLOURS.muted);
  doc.moveDown(0.4);
  if (data.excluded.length === 0) return paragraph(doc, t('none_excluded'));
  const reason = (r: string) => (['locked', 'expired', 'not-yet-valid'].includes(r) ? t(`reason_${r as 'locked'}`) : r);
  const listed = data.excluded.slice(0, LISTED_ROWS_LIMIT);
  await tableInTurns(
    doc,
    [
      { header: t('user'), width: 1 },
      { header: t('reasons'), width: 2 },
    ],
    listed.map((u) => [u.bname, u.reasons.map(reason).join(', ')]),
  );
  if (data.excluded.length > listed.length) paragraph(doc, t('more_rows', { n: num(data.excluded.length - listed.length) }), COLOURS.muted);
}
