import type { ReportData } from './report-data.ts';
import type { ReportFormat } from './format.ts';
import { COLOURS, heading, paragraph, table, tableInTurns, type Doc } from './layout.ts';

/** Accepted findings with who accepted them, why, and until when (DESIGN 5.12); mitigated ones with their controls (5.16). */
export async function acceptanceSection(doc: Doc, data: ReportData, f: ReportFormat): Promise<void> {
  const { t, num, date } = f;
  heading(doc, t('accepted_title'));
  if (data.accepted.length === 0) return paragraph(doc, t('none_accepted'));
  await tableInTurns(
    doc,
    [
      { header: t('risk'), width: 2.4 },
      { header: t('holder'), width: 2.6 },
      { header: t('status'), width: 1.1 },
      { header: t('decision_by'), width: 2.3 },
      { header: t('valid_until'), width: 1.3 },
      { header: t('message'), width: 1.8 },
    ],
    data.accepted.map((r) => [
      r.riskDescription ? `${r.riskId} – ${r.riskDescription}` : r.riskId,
      // The holder's name whole on its line, its level under it (role names run to 30 characters).
      `${r.holder}\n${t(`holder_${r.level as 'USER'}`)}`,
      t(r.status),
      r.status === 'mitigated' ? r.controls.join(', ') : r.acceptedBy,
      r.status === 'mitigated' ? '—' : r.validTo ? date(r.validTo) : t('unlimited'),
      r.message,
    ]),
    7,
  );
  if (data.acceptedTotal > data.accepted.length) paragraph(doc, t('more_rows', { n: num(data.acceptedTotal - data.accepted.length) }), COLOURS.muted);
}

/** Risks the customer deactivated, with who, when and why, and how many findings each has under the filter (issue 27 item 3). */
export function deactivatedSection(doc: Doc, data: ReportData, f: ReportFormat): void {
  const { t, num, dateTime } = f;
  heading(doc, t('deactivated_title'));
  paragraph(doc, t('deactivated_intro'), COLOURS.muted);
  doc.moveDown(0.4);
  if (data.deactivatedRisks.length === 0) return paragraph(doc, t('none_deactivated'));
  table(
    doc,
    [
      { header: t('risk'), width: 3 },
      { header: t('level'), width: 1 },
      { header: t('findings'), width: 1, align: 'right' },
      { header: t('deactivated_by'), width: 2 },
      { header: t('deactivated_on'), width: 1.6 },
      { header: t('message'), width: 2.4 },
    ],
    data.deactivatedRisks.map((r) => [
      r.riskDescription ? `${r.riskId} – ${r.riskDescription}` : r.riskId,
      t(`risk_${r.riskLevel as 'HIGH'}`),
      num(r.findings),
      r.by,
      dateTime(r.at),
      r.message,
    ]),
  );
}
