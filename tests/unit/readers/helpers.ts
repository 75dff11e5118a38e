import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { zipSync } from 'fflate';
import { expect } from 'vitest';
import { InputError } from '../../../server/importers/input-error.ts';

/** A fresh temporary folder. */
export function tempDir(prefix = 'segra-readers-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/** Writes `files` (name → text) into a new temporary folder and returns it. */
export function folderOf(files: Record<string, string>): string {
  const dir = tempDir();
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text, 'utf8');
  }
  return dir;
}

/** The bytes of a zip holding `files` (name → text). */
export function zipOf(files: Record<string, string>): Uint8Array {
  const encoder = new TextEncoder();
  return zipSync(Object.fromEntries(Object.entries(files).map(([n, t]) => [n, encoder.encode(t)])));
}

/** The bytes of an xlsx with one sheet per entry, each row an array of cell values. */
export async function xlsxOf(sheets: Record<string, (string | number | Date | null)[][]>): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  for (const [name, rows] of Object.entries(sheets)) {
    const sheet = workbook.addWorksheet(name);
    for (const row of rows) sheet.addRow(row);
  }
  return new Uint8Array((await workbook.xlsx.writeBuffer()) as ArrayBuffer);
}

/** Writes bytes to a new file in a new temporary folder and returns its path. */
export function fileOf(name: string, data: Uint8Array | string): string {
  const file = path.join(tempDir(), name);
  fs.writeFileSync(file, data);
  return file;
}

/** Comma-separated text from rows, LF line ends. */
export function csv(rows: string[][]): string {
  return rows.map((r) => r.join(',')).join('\n') + '\n';
}

/** Awaits a rejection and checks it is an InputError with this file, line and column. */
export async function expectInputError(
  promise: Promise<unknown>,
  where: { file: string; line?: number; column?: string | number; message?: RegExp },
): Promise<InputError> {
  let error: unknown;
  try {
    await promise;
  } catch (e) {
    error = e;
  }
  expect(error, 'expected the read to fail').toBeInstanceOf(InputError);
  const e = error as InputError;
  expect({ file: e.file, line: e.line, column: e.column }).toEqual({
    file: where.file,
    line: where.line,
    column: where.column,
  });
  if (where.message) expect(e.message).toMatch(where.message);
  return e;
}

/** The three mandatory tables of an extract, small and valid. */
export const MINIMAL_EXTRACT: Record<string, string> = {
  'USR02.csv': 'BNAME,USTYP,UFLAG\nALICE,A,0\n',
  'AGR_USERS.csv': 'AGR_NAME,UNAME,FROM_DAT,TO_DAT\nZ_ROLE,ALICE,20240101,99991231\n',
  'AGR_1251.csv': 'AGR_NAME,OBJECT,AUTH,FIELD,LOW,HIGH,DELETED\nZ_ROLE,S_TCODE,T-1,TCD,FB01,,\n',
};
