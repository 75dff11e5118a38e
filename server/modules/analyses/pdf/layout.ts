import { createRequire } from 'node:module';
import path from 'node:path';
import type PDFKit from 'pdfkit';
import { nextTurn } from '../../../db/next-turn.ts';

export type Doc = PDFKit.PDFDocument;

// DejaVu covers Turkish (ş ğ ı İ) and German (ä ö ü ß); the 14 standard PDF fonts cannot.
const fontDir = path.join(path.dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf');
export const FONT_REGULAR = path.join(fontDir, 'DejaVuSans.ttf');
export const FONT_BOLD = path.join(fontDir, 'DejaVuSans-Bold.ttf');
/** For hashes: every character as wide as the next, so 64 hex digits read and compare as one run. */
export const FONT_MONO = path.join(fontDir, 'DejaVuSansMono.ttf');

export const MARGIN = 50;
export const COLOURS = {
  text: '#1a1a1a',
  muted: '#666666',
  rule: '#cccccc',
  header: '#eef2f7',
  CRITICAL: '#8e24aa',
  HIGH: '#d32f2f',
  MEDIUM: '#f57c00',
  LOW: '#388e3c',
  accepted: '#388e3c',
  open: '#1976d2',
} as const;

export const contentWidth = (doc: Doc): number => doc.page.width - 2 * MARGIN;
const bottom = (doc: Doc): number => doc.page.height - MARGIN - 20; // room for the footer

/** A new page when fewer than `height` points are left on this one. */
export function ensureSpace(doc: Doc, height: number): void {
  if (doc.y + height > bottom(doc)) doc.addPage();
}

export function heading(doc: Doc, text: string): void {
  ensureSpace(doc, 60);
  doc.moveDown(0.8).font(FONT_BOLD).fontSize(14).fillColor(COLOURS.text).text(text, MARGIN, doc.y);
  doc.moveDown(0.4).font(FONT_REGULAR).fontSize(9);
}

export function subheading(doc: Doc, text: string): void {
  ensureSpace(doc, 40);
  doc.moveDown(0.5).font(FONT_BOLD).fontSize(11).fillColor(COLOURS.text).text(text, MARGIN, doc.y);
  doc.moveDown(0.3).font(FONT_REGULAR).fontSize(9);
}

export function paragraph(doc: Doc, text: string, colour: string = COLOURS.text): void {
  ensureSpace(doc, 20);
  doc.font(FONT_REGULAR).fontSize(9).fillColor(colour).text(text, MARGIN, doc.y, { width: contentWidth(doc) });
}

/** Label and value pairs, one a line (the cover). */
export function keyValues(doc: Doc, rows: [string, string][], labelWidth = 170): void {
  for (const [label, value] of rows) {
    ensureSpace(doc, 18);
    const y = doc.y;
    doc.font(FONT_BOLD).fontSize(10).fillColor(COLOURS.muted).text(label, MARGIN, y, { width: labelWidth - 10 });
    const afterLabel = doc.y;
    doc.font(FONT_REGULAR).fillColor(COLOURS.text).text(value, MARGIN + labelWidth, y, { width: contentWidth(doc) - labelWidth });
    doc.y = Math.max(doc.y, afterLabel) + 3;
  }
}

export interface Column {
  header: string;
  /** Share of the content width. */
  width: number;
  align?: 'left' | 'right';
}

/** Draws a table a row at a time: a shaded header row, repeated on every page it runs onto. */
function tableDrawer(doc: Doc, columns: Column[], fontSize: number) {
  const total = columns.reduce((n, c) => n + c.width, 0);
  const widths = columns.map((c) => (c.width / total) * contentWidth(doc));
  const pad = 3;
  const rowHeight = (cells: string[], font: string) => {
    doc.font(font).fontSize(fontSize);
    return Math.max(...cells.map((cell, i) => doc.heightOfString(cell || ' ', { width: widths[i] - 2 * pad }))) + 2 * pad;
  };
  const drawRow = (cells: string[], font: string, fill?: string) => {
    const h = rowHeight(cells, font);
    const y = doc.y;
    if (fill) doc.rect(MARGIN, y, contentWidth(doc), h).fill(fill);
    let x = MARGIN;
    doc.font(font).fontSize(fontSize).fillColor(COLOURS.text);
    cells.forEach((cell, i) => {
      doc.text(cell, x + pad, y + pad, { width: widths[i] - 2 * pad, align: columns[i].align ?? 'left' });
      x += widths[i];
    });
    doc.moveTo(MARGIN, y + h).lineTo(MARGIN + contentWidth(doc), y + h).lineWidth(0.5).strokeColor(COLOURS.rule).stroke();
    doc.x = MARGIN;
    doc.y = y + h;
  };
  const headers = columns.map((c) => c.header);
  return {
    start() {
      ensureSpace(doc, rowHeight(headers, FONT_BOLD) + 20);
      drawRow(headers, FONT_BOLD, COLOURS.header);
    },
    row(cells: string[]) {
      if (doc.y + rowHeight(cells, FONT_REGULAR) > bottom(doc)) {
        doc.addPage();
        drawRow(headers, FONT_BOLD, COLOURS.header);
      }
      drawRow(cells, FONT_REGULAR);
    },
    end() {
      doc.moveDown(0.5);
    },
  };
}

/** A table with a shaded header row, repeated on every page it runs onto; 8 pt unless `fontSize` says. */
export function table(doc: Doc, columns: Column[], rows: string[][], fontSize = 8): void {
  const t = tableDrawer(doc, columns, fontSize);
  t.start();
  for (const row of rows) t.row(row);
  t.end();
}

/** Rows drawn between two turns of the event loop by tableInTurns: some 2 ms of CPU each on a quiet core. */
const ROWS_PER_TURN = 10;

/**
 * A table as `table` draws it, for the long lists (hundreds of rows): a thousand rows take
 * seconds of CPU, during which no other request of this API node would be answered (DESIGN 10),
 * so the event loop is served every ROWS_PER_TURN rows.
 */
export async function tableInTurns(doc: Doc, columns: Column[], rows: string[][], fontSize = 8): Promise<void> {
  const t = tableDrawer(doc, columns, fontSize);
  t.start();
  for (const [i, row] of rows.entries()) {
    if (i > 0 && i % ROWS_PER_TURN === 0) await nextTurn();
    t.row(row);
  }
  t.end();
}

export interface Bar {
  label: string;
  value: number;
  colour: string;
  /** What is written at the bar's end (the formatted value). */
  text: string;
}

/** A horizontal bar chart drawn as vector rectangles, one bar a line. */
export function barChart(doc: Doc, bars: Bar[]): void {
  const labelWidth = 120;
  const barHeight = 14;
  const gap = 6;
  const max = Math.max(1, ...bars.map((b) => b.value));
  const room = contentWidth(doc) - labelWidth - 60;
  ensureSpace(doc, bars.length * (barHeight + gap) + 10);
  for (const b of bars) {
    const y = doc.y;
    doc.font(FONT_REGULAR).fontSize(9).fillColor(COLOURS.text).text(b.label, MARGIN, y + 2, { width: labelWidth - 8 });
    const w = (b.value / max) * room;
    if (w > 0) doc.rect(MARGIN + labelWidth, y, w, barHeight).fill(b.colour);
    doc.fillColor(COLOURS.text).text(b.text, MARGIN + labelWidth + w + 4, y + 2, { lineBreak: false });
    doc.x = MARGIN;
    doc.y = y + barHeight + gap;
  }
  doc.moveDown(0.3);
}
