import type { ImportFile } from '../../../uploads/import-files.ts';
import type { ReportFormat } from './format.ts';
import { COLOURS, contentWidth, ensureSpace, FONT_BOLD, FONT_MONO, FONT_REGULAR, heading, keyValues, MARGIN, paragraph, subheading, type Doc } from './layout.ts';
import type { ReportData } from './report-data.ts';

/**
 * What the analysis read and how (issue 27 item 2): system and period, the ruleset and its
 * version, the options, who ran it and when, and the uploaded files with their SHA-256, so a
 * reader can check the files they hold are the ones analysed.
 */
export function inputSection(doc: Doc, data: ReportData, f: ReportFormat): void {
  const { t, date, dateTime } = f;
  const c = data.cover;
  const input = data.input;
  heading(doc, t('input_title'));
  const yesNo = (b: boolean) => t(b ? 'yes' : 'no');
  const ran = [input.startedAt, input.finishedAt].filter((v): v is string => v !== null).map(dateTime).join(' – ');
  keyValues(doc, [
    [t('cover_system'), c.system],
    [t('cover_system_period'), `${c.systemPeriod} (${date(c.periodDate)})`],
    [t('input_ruleset'), `${c.ruleset} (${date(c.rulesetDate)})`],
    [t('option_level'), t(c.level === 'action' ? 'level_action' : 'level_permission')],
    [t('option_mode'), t(c.mode === 'union' ? 'mode_union' : 'mode_same-instance')],
    [t('option_include_locked'), yesNo(c.includeLocked)],
    [t('option_include_expired'), yesNo(c.includeExpired)],
    [t('input_run_by'), input.runBy ?? '—'],
    [t('input_run_at'), ran || '—'],
  ]);
  files(doc, t('input_system_files'), input.systemFiles, f);
  files(doc, t('input_ruleset_files'), input.rulesetFiles, f);
}

function files(doc: Doc, title: string, list: ImportFile[] | null, f: ReportFormat): void {
  const { t, num, dateTime } = f;
  subheading(doc, title);
  if (list === null) return paragraph(doc, t('not_recorded'), COLOURS.muted);
  for (const file of list) {
    ensureSpace(doc, 34);
    const uploaded = t('input_uploaded', { at: dateTime(file.uploadedAt), by: file.uploadedBy ?? '—' });
    doc.font(FONT_BOLD).fontSize(9).fillColor(COLOURS.text).text(file.name, MARGIN, doc.y, { width: contentWidth(doc), continued: true });
    doc.font(FONT_REGULAR).fillColor(COLOURS.muted).text(` · ${t('bytes', { n: num(file.size) })} · ${uploaded}`);
    // The hash on a line of its own, in one run: 64 hex digits at 8 pt fit the width whole.
    doc.font(FONT_REGULAR).fontSize(8).fillColor(COLOURS.muted).text('SHA-256 ', MARGIN + 10, doc.y, { continued: true });
    doc.font(FONT_MONO).fillColor(COLOURS.text).text(file.sha256, { lineBreak: false });
    doc.x = MARGIN;
    doc.moveDown(0.5);
  }
}
