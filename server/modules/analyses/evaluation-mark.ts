import type { ReportLanguage } from './pdf/report-strings.ts';
import { COLOURS, contentWidth, FONT_BOLD, MARGIN, type Doc } from './pdf/layout.ts';

/*
 * The marking of a report whose customer is in evaluation (no licence file; issue 27,
 * docs/decisions/2026-11-27-evaluation-and-user-limits.md). Kept apart from the report's
 * sections so that they call it at one line each. The CSV export carries no marking: it stays
 * the command line's text, column for column (DESIGN 11).
 */

const MARK: Record<ReportLanguage, string> = {
  tr: 'DEĞERLENDİRME SÜRÜMÜ — bu müşteri için lisans yüklenmedi',
  en: 'EVALUATION — no licence has been uploaded for this customer',
  de: 'TESTVERSION — für diesen Kunden wurde keine Lizenz hochgeladen',
};

/** The PDF marking in the report's language, or null for a licensed customer. */
export function evaluationMarking(evaluation: boolean, lang: ReportLanguage): string | null {
  return evaluation ? MARK[lang] : null;
}

/** Writes the marking above the cover's title (the cover is the current page); nothing when licensed. */
export function markCover(doc: Doc, evaluation: boolean, lang: ReportLanguage): void {
  const text = evaluationMarking(evaluation, lang);
  if (text === null) return;
  const y = doc.y;
  doc.font(FONT_BOLD).fontSize(13).fillColor(COLOURS.HIGH).text(text, MARGIN, 80, { width: contentWidth(doc), lineBreak: false });
  doc.y = y;
}

/** The SUMMARY sheet's LICENCE cell: language-neutral, as the sheet's other labels. */
export const licenceCell = (evaluation: boolean): string => (evaluation ? 'EVALUATION' : 'LICENSED');
