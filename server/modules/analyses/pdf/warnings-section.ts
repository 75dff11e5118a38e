import type { ReportFormat } from './format.ts';
import { COLOURS, contentWidth, ensureSpace, FONT_BOLD, FONT_REGULAR, heading, MARGIN, paragraph, type Doc } from './layout.ts';
import type { ReportData } from './report-data.ts';

/**
 * The input warnings that applied to the analysis (DESIGN 4.1b: every warning shown where the
 * result is read): each worded in the report's language, with its table, count and examples as
 * the files wrote them, right after what the analysis read.
 */
export function warningsSection(doc: Doc, data: ReportData, f: ReportFormat): void {
  const { t, num } = f;
  const warnings = data.input.warnings;
  heading(doc, t('input_warnings', { n: warnings === null ? '—' : num(warnings.length) }));
  if (warnings === null) return paragraph(doc, t('not_recorded'), COLOURS.muted);
  if (warnings.length === 0) return paragraph(doc, t('input_no_warnings'));
  paragraph(doc, t('input_warnings_intro'), COLOURS.muted);
  doc.moveDown(0.4);
  for (const w of warnings) {
    ensureSpace(doc, 34);
    doc.font(FONT_BOLD).fontSize(9).fillColor(COLOURS.text).text(f.warning(w.code), MARGIN, doc.y, { width: contentWidth(doc), continued: true });
    doc.font(FONT_REGULAR).fillColor(COLOURS.muted).text(` · ${w.code} · ${t('warning_table_count', { table: w.table, count: num(w.count) })}`);
    if (w.examples.length > 0) {
      const more = w.count > w.examples.length ? ', …' : '';
      doc.font(FONT_REGULAR).fontSize(8).fillColor(COLOURS.muted).text(t('warning_examples', { examples: w.examples.join(', ') + more }), MARGIN + 10, doc.y, { width: contentWidth(doc) - 10 });
    }
    doc.x = MARGIN;
    doc.moveDown(0.4);
  }
}
