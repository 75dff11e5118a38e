import { filterWords } from './filter-words.ts';
import type { ReportFormat } from './format.ts';
import { COLOURS, contentWidth, FONT_BOLD, FONT_REGULAR, keyValues, MARGIN, type Doc } from './layout.ts';
import { LISTED_ROWS_LIMIT, type ReportData } from './report-data.ts';

/**
 * The cover an auditor files: whose system, which period and ruleset, when it was made and by
 * whom, the filter in words, and what the report holds (issue 27: not "all findings" when it
 * lists only some of them).
 */
export function coverSection(doc: Doc, data: ReportData, f: ReportFormat, generated: { at: string; by: string }): void {
  const { t, date, dateTime, num } = f;
  const c = data.cover;
  doc.font(FONT_BOLD).fontSize(22).fillColor(COLOURS.text).text(t('title'), MARGIN, 110);
  doc.moveDown(0.3).font(FONT_REGULAR).fontSize(14).fillColor(COLOURS.muted).text(c.analysisName);
  doc.moveDown(1.5);
  const filter = filterWords(c.filter, f);
  keyValues(doc, [
    [t('cover_customer'), c.customer],
    // A cross-system analysis (DESIGN 5.18) names every system with its period.
    ...((c.systems.length > 1
      ? [[t('cover_systems'), c.systems.map((s) => `${s.sid} (${s.sapVersion}): ${s.period} (${date(s.periodDate)})`).join('\n')]]
      : [
          [t('cover_system'), c.system],
          [t('cover_system_period'), `${c.systemPeriod} (${date(c.periodDate)})`],
        ]) as [string, string][]),
    [t('cover_ruleset'), `${c.ruleset} (${date(c.rulesetDate)})`],
    [t('cover_analysis_date'), date(c.analysisDate)],
    [t('cover_generated'), dateTime(generated.at)],
    [t('cover_generated_by'), generated.by],
    [t('cover_filter'), filter.length === 0 ? t('cover_no_filter') : filter.join('\n')],
  ]);
  doc.moveDown(1).font(FONT_BOLD).fontSize(12).fillColor(COLOURS.text).text(t('cover_contents'), MARGIN, doc.y);
  doc.moveDown(0.3).font(FONT_REGULAR).fontSize(10);
  const contents = [
    t('contents_counts'),
    t('contents_open', { n: num(data.openListedLimit) }),
    t('contents_decided', { n: num(LISTED_ROWS_LIMIT) }),
    t('contents_input'),
    t('contents_excluded'),
    t('contents_signoff'),
  ];
  doc.list(contents, MARGIN + 10, doc.y, { width: contentWidth(doc) - 10, bulletRadius: 2, textIndent: 12 });
  doc.moveDown(0.6).fillColor(COLOURS.muted).text(t('contents_exports'), MARGIN, doc.y, { width: contentWidth(doc) });
}
