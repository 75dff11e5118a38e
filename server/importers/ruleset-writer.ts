/** Writes a ruleset in the multi-file form (DESIGN 4.2): a folder of CSV files, a .zip or an .xlsx. */
import fs from 'node:fs';
import path from 'node:path';
import { zipSync } from 'fflate';
import { csvField } from '../../engine/output/findings-csv.ts';
import type { Ruleset } from '../../engine/model/ruleset.ts';
import { RULESET_FILES, rulesetToTables, type RulesetFileName } from '../../engine/rulesets/ruleset-tables.ts';
import { loadExcelJs } from './xlsx-tables.ts';

const FILE_NAMES = Object.keys(RULESET_FILES) as RulesetFileName[];

/** A table as comma-delimited CSV, CRLF line ends (RFC 4180), UTF-8 without BOM. */
export function tableToCsv(rows: readonly (readonly string[])[]): string {
  return rows.map((r) => r.map(csvField).join(',')).join('\r\n') + '\r\n';
}

/** The ruleset as the CSV text of each file of the multi-file form. */
export function rulesetToCsvFiles(ruleset: Ruleset): Record<`${RulesetFileName}.csv`, string> {
  const tables = rulesetToTables(ruleset);
  const files = {} as Record<`${RulesetFileName}.csv`, string>;
  for (const name of FILE_NAMES) files[`${name}.csv`] = tableToCsv(tables[name]);
  return files;
}

/** The ruleset as a .zip of the multi-file form's CSV files. */
export function rulesetToZip(ruleset: Ruleset): Uint8Array {
  const encoder = new TextEncoder();
  const entries: Record<string, Uint8Array> = {};
  for (const [name, text] of Object.entries(rulesetToCsvFiles(ruleset))) entries[name] = encoder.encode(text);
  return zipSync(entries);
}

/** The ruleset as an .xlsx workbook, one sheet per file of the multi-file form. */
export async function rulesetToXlsx(ruleset: Ruleset): Promise<Uint8Array> {
  const ExcelJS = await loadExcelJs();
  const workbook = new ExcelJS.Workbook();
  const tables = rulesetToTables(ruleset);
  for (const name of FILE_NAMES) {
    const sheet = workbook.addWorksheet(name);
    for (const row of tables[name]) sheet.addRow(row);
    sheet.getRow(1).font = { bold: true };
  }
  const buffer = await workbook.xlsx.writeBuffer();
  return new Uint8Array(buffer as ArrayBuffer);
}

/**
 * Writes the ruleset to `out`: a folder of CSV files (created if needed; the five files are
 * replaced), a .zip, or an .xlsx.
 */
export async function writeRuleset(ruleset: Ruleset, out: string, format: 'dir' | 'zip' | 'xlsx'): Promise<void> {
  switch (format) {
    case 'dir': {
      await fs.promises.mkdir(out, { recursive: true });
      for (const [name, text] of Object.entries(rulesetToCsvFiles(ruleset))) {
        await fs.promises.writeFile(path.join(out, name), text, 'utf8');
      }
      return;
    }
    case 'zip':
      await fs.promises.writeFile(out, rulesetToZip(ruleset));
      return;
    case 'xlsx':
      await fs.promises.writeFile(out, await rulesetToXlsx(ruleset));
      return;
    default: {
      const never: never = format;
      throw new Error(`unknown ruleset format ${String(never)}`);
    }
  }
}
