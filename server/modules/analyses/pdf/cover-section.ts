import type { ReportData } from './report-data.ts';
import type { ReportFormat } from './format.ts';
import { COLOURS, FONT_BOLD, FONT_REGULAR, keyValues, MARGIN, type Doc } from './layout.ts';

/** The cover an auditor files: who, which system and period, which ruleset, when, how. */
export function coverSection(doc: Doc, data: ReportData, f: ReportFormat, generated: { at: string; by: string }): void {
  const { t, date } = f;
  const c = data.cover;
  doc.font(FONT_BOLD).fontSize(22).fillColor(COLOURS.text).text(t('title'), MARGIN, 120);
  doc.moveDown(0.3).font(FONT_REGULAR).fontSize(14).fillColor(COLOURS.muted).text(c.analysisName);
  doc.moveDown(2);
  const filter = Object.entries(c.filter).filter(([, v]) => v !== undefined);
  keyValues(doc, [
    [t('cover_customer'), c.customer],
    [t('cover_system'), c.system],
    [t('cover_system_period'), `${c.systemPeriod} (${date(c.periodDate)})`],
    [t('cover_ruleset'), c.ruleset],
    [t('cover_analysis_date'), date(c.analysisDate)],
    [t('cover_generated'), date(generated.at)],
    [t('cover_generated_by'), generated.by],
  ]);
  doc.moveDown(1).font(FONT_BOLD).fontSize(12).fillColor(COLOURS.text).text(t('cover_options'), MARGIN, doc.y);
  doc.moveDown(0.4);
  const yesNo = (b: boolean) => t(b ? 'yes' : 'no');
  keyValues(doc, [
    [t('option_level'), t(c.level === 'action' ? 'level_action' : 'level_permission')],
    [t('option_mode'), t(c.mode === 'union' ? 'mode_union' : 'mode_same-instance')],
    [t('option_include_locked'), yesNo(c.includeLocked)],
    [t('option_include_expired'), yesNo(c.includeExpired)],
    [
      t('cover_filter'),
      filter.length === 0 ? t('cover_no_filter') : filter.map(([k, v]) => `${k} = ${Array.isArray(v) ? v.join(', ') : String(v)}`).join('; '),
    ],
  ]);
}
