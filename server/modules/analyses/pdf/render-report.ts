import { markCover } from '../evaluation-mark.ts';
import { acceptanceSection, deactivatedSection } from './acceptance-section.ts';
import { processSection, topHoldersSection } from './breakdown-section.ts';
import { coverSection } from './cover-section.ts';
import { excludedSection } from './excluded-section.ts';
import { reportFormat } from './format.ts';
import { inputSection } from './input-section.ts';
import { COLOURS, FONT_REGULAR, MARGIN, type Doc } from './layout.ts';
import type { ReportData } from './report-data.ts';
import { openByRiskSection, openListedSection } from './open-section.ts';
import type { ReportLanguage } from './report-strings.ts';
import { signOffSection } from './signoff-section.ts';
import { summarySection } from './summary-section.ts';
import { warningsSection } from './warnings-section.ts';

/** The PDF report of one analysis in one language (issue 15 item 3), the one an auditor files (issue 27). `generated.by`: who exported it, as the sign-off names them. */
export async function renderReport(
  data: ReportData,
  lang: ReportLanguage,
  generated: { at: string; by: string },
): Promise<Buffer> {
  // Loaded when first asked for, like exceljs: the server starts without it.
  const { default: PDFDocument } = await import('pdfkit');
  const f = reportFormat(lang);
  const doc: Doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    font: FONT_REGULAR,
    lang,
    info: { Title: `${f.t('title')} – ${data.cover.analysisName}`, Author: 'Segra', Subject: data.cover.customer },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  // Overview first, then the details an auditor checks one by one, then the sign-off (issue 27).
  coverSection(doc, data, f, generated);
  markCover(doc, data.cover.evaluation, lang);
  doc.addPage();
  inputSection(doc, data, f);
  warningsSection(doc, data, f);
  summarySection(doc, data, f);
  processSection(doc, data, f);
  topHoldersSection(doc, data, f);
  await openByRiskSection(doc, data, f);
  await openListedSection(doc, data, f);
  await acceptanceSection(doc, data, f);
  deactivatedSection(doc, data, f);
  await excludedSection(doc, data, f);
  signOffSection(doc, generated, f);

  // Page numbers once the page count is known.
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    const y = doc.page.height - MARGIN + 10;
    // Writing below the bottom margin would add a page; lift the margin for the footer.
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.font(FONT_REGULAR).fontSize(8).fillColor(COLOURS.muted);
    doc.text(data.cover.analysisName, MARGIN, y, { lineBreak: false });
    doc.text(f.t('page', { n: i - start + 1, m: count }), MARGIN, y, { width: doc.page.width - 2 * MARGIN, align: 'right', lineBreak: false });
    doc.page.margins.bottom = margin;
  }
  doc.end();
  return done;
}
