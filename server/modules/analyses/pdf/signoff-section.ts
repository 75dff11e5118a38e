import type { ReportFormat } from './format.ts';
import { COLOURS, contentWidth, ensureSpace, FONT_BOLD, FONT_REGULAR, heading, keyValues, MARGIN, type Doc } from './layout.ts';

/**
 * The report's end (issue 27 item 2): who prepared it and when (the user who exported it), and
 * lines for the reviewer's name, the date and the signatures, kept together on one page.
 */
export function signOffSection(doc: Doc, generated: { at: string; by: string }, f: ReportFormat): void {
  const { t, dateTime } = f;
  ensureSpace(doc, 230);
  heading(doc, t('signoff_title'));
  keyValues(doc, [
    [t('prepared_by'), generated.by],
    [t('prepared_at'), dateTime(generated.at)],
  ]);
  signatureLine(doc, t('signature'));
  doc.moveDown(1);
  for (const label of [t('reviewed_by'), t('review_date'), t('signature')]) signatureLine(doc, label);
}

/** A label and a line to write on. */
function signatureLine(doc: Doc, label: string): void {
  const labelWidth = 170;
  const y = doc.y + 14;
  doc.font(FONT_BOLD).fontSize(10).fillColor(COLOURS.muted).text(label, MARGIN, y, { width: labelWidth - 10 });
  doc.moveTo(MARGIN + labelWidth, y + 11).lineTo(MARGIN + contentWidth(doc), y + 11).lineWidth(0.7).strokeColor(COLOURS.text).stroke();
  doc.font(FONT_REGULAR);
  doc.x = MARGIN;
  doc.y = y + 18;
}
