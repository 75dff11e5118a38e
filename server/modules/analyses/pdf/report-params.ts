import { coded } from '../../../errors.ts';
import { REPORT_LANGUAGES, type ReportLanguage } from './report-strings.ts';

export const PDF_TYPE = 'application/pdf';

/** `format=csv|xlsx|pdf` of the findings export; csv when absent. */
export function findingsExportFormat(raw: unknown): 'csv' | 'xlsx' | 'pdf' {
  const format = raw ?? 'csv';
  if (format !== 'csv' && format !== 'xlsx' && format !== 'pdf') {
    throw coded(400, 'PARAMETER_INVALID', { parameter: 'format' }, 'The format parameter must be csv, xlsx or pdf', { format: 'Choose csv, xlsx or pdf' });
  }
  return format;
}

/** `lang=tr|en|de`, the UI's language the report is written in; Turkish when absent (DESIGN 8). */
export function reportLanguage(raw: unknown): ReportLanguage {
  const lang = raw ?? 'tr';
  if (!REPORT_LANGUAGES.includes(lang as ReportLanguage)) {
    throw coded(400, 'PARAMETER_INVALID', { parameter: 'lang' }, 'The lang parameter must be tr, en or de', { lang: 'Choose tr, en or de' });
  }
  return lang as ReportLanguage;
}
