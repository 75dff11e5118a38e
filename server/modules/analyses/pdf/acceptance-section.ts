import type { ReportData } from './report-data.ts';
import type { ReportFormat } from './format.ts';
import { COLOURS, heading, paragraph, table, type Doc } from './layout.ts';

/** Accepted findings with who accepted them, why, and until when (DESIGN 5.12). */
export function acceptanceSection(doc: Doc, data: ReportData, f: ReportFormat): void {
  const { t, num, date } = f;
  heading(doc, t('accepted_title'));
  if (data.accepted.length === 0) return paragraph(doc, t('none_accepted'));
  table(
    doc,
    [
      { header: t('risk'), width: 2.4 },
      { header: t('level'), width: 0.9 },
      { header: t('holder'), width: 2.4 },
      { header: t('accepted_by'), width: 2.2 },
      { header: t('valid_until'), width: 1.2 },
      { header: t('message'), width: 2.2 },
    ],
    data.accepted.map((r) => [
      r.riskDescription ? `${r.riskId} – ${r.riskDescription}` : r.riskId,
      t(`holder_${r.level as 'USER'}`),
      r.holder,
      r.acceptedBy,
      r.validTo ? date(r.validTo) : t('unlimited'),
      r.message,
    ]),
  );
  if (data.acceptedTotal > data.accepted.length) paragraph(doc, t('more_rows', { n: num(data.acceptedTotal - data.accepted.length) }), COLOURS.muted);
}
