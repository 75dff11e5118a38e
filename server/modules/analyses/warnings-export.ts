import type { Workbook } from 'exceljs';
import { WARNING_TEXTS } from '../../../contracts/warning-texts.ts';
import type { InputWarning } from '../../../engine/model/controls.ts';
import type { Database } from '../../db/database.ts';
import type { ReportLanguage } from './pdf/report-strings.ts';

/**
 * The input warnings of an analysis in its exports (DESIGN 4.1b; docs/decisions/
 * 2026-11-28-warnings-on-the-analysis.md): a WARNINGS sheet in the xlsx, and beside the CSV,
 * whose lines stay those of `segra analyze`, a response header, as the command line says them
 * on stderr beside its CSV on stdout.
 */

/** The warnings stored with the analysis when it ran; null for one run before they were kept (migration 0040). */
export async function storedWarnings(db: Database, analysisId: string): Promise<InputWarning[] | null> {
  const { rows } = await db.query<{ warnings: InputWarning[] | null }>('SELECT warnings FROM analyses WHERE id = $1', [analysisId]);
  return rows[0]?.warnings ?? null;
}

/** The response header beside the CSV: each warning as `CODE TABLE COUNT`, comma-separated (ASCII: codes and SAP table names). */
export const WARNINGS_HEADER = 'Segra-Warnings';

export function warningsHeader(warnings: readonly InputWarning[]): string {
  return warnings.map((w) => `${w.code} ${w.table} ${w.count}`.replace(/[^\x20-\x7e]/g, '?')).join(', ');
}

/**
 * The WARNINGS sheet: code, table, count and examples as stored, then what the code means in the
 * export's language (the UI's; the words the screens and the PDF use).
 */
export function addWarningsSheet(workbook: Workbook, warnings: readonly InputWarning[] | null, lang: ReportLanguage): void {
  const sheet = workbook.addWorksheet('WARNINGS');
  sheet.addRow(['CODE', 'TABLE', 'COUNT', 'EXAMPLES', 'DESCRIPTION']).font = { bold: true };
  const texts: Readonly<Record<string, string>> = WARNING_TEXTS[lang];
  for (const w of warnings ?? []) {
    sheet.addRow([w.code, w.table, w.count, w.examples.join(', '), Object.hasOwn(texts, w.code) ? texts[w.code] : '']);
  }
  sheet.getColumn(1).width = 28;
  sheet.getColumn(4).width = 40;
  sheet.getColumn(5).width = 80;
}
