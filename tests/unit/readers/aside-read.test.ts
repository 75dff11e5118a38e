import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataWarning } from '../../../server/importers/data-warnings.ts';
import { readSystemExtract } from '../../../server/importers/extract-reader.ts';
import { folderOf } from './helpers.ts';

/**
 * Issue 12: `segra analyze` reads a folder's AGR_1251 beside the other tables (its thread splits
 * it meanwhile). The read must be the one in order (SEGRA_READ_THREADS=0): the same extract,
 * warnings and row counts, and for several clients the same error naming the same file and line.
 */
type Outcome = { extract: unknown; warnings: DataWarning[]; rowCounts: Record<string, number> } | { error: string };

const saved = { min: process.env.SEGRA_READ_THREAD_MIN_BYTES, on: process.env.SEGRA_READ_THREADS };
beforeAll(() => void (process.env.SEGRA_READ_THREAD_MIN_BYTES = String(1 << 20)));
afterAll(() => {
  if (saved.min === undefined) delete process.env.SEGRA_READ_THREAD_MIN_BYTES;
  else process.env.SEGRA_READ_THREAD_MIN_BYTES = saved.min;
  if (saved.on === undefined) delete process.env.SEGRA_READ_THREADS;
  else process.env.SEGRA_READ_THREADS = saved.on;
});

async function read(dir: string, aside: boolean, client?: string): Promise<Outcome> {
  process.env.SEGRA_READ_THREADS = aside ? '1' : '0';
  try {
    const warnings: DataWarning[] = [];
    const rowCounts: Record<string, number> = {};
    const extract = await readSystemExtract(dir, { objects: new Set(['S_TCODE']), warnings, rowCounts, client });
    return { extract, warnings, rowCounts };
  } catch (e) {
    return { error: `${(e as Error).message} ${JSON.stringify(e)}` };
  }
}

/** A folder with an AGR_1251 of 7 MB (read in a thread) and the tables around it, each with MANDT. */
function extract(files: Record<string, string> = {}, agr1251Mandt = (_i: number) => '100'): string {
  // A MANDT ending in '#' is the whole row (less the '#').
  const rows = Array.from({ length: 160_000 }, (_, i) => {
    const mandt = agr1251Mandt(i);
    return mandt.endsWith('#') ? mandt.slice(0, -1) : `${mandt},Z_R${i >> 9},${i % 3 ? 'S_SERVICE' : 'S_TCODE'},T-${i >> 4},TCD,V${i % 77},,`;
  });
  const users = Array.from({ length: 300 }, (_, i) => `100,U${i},A,0`);
  const assignments = Array.from({ length: 300 }, (_, i) => `100,Z_R${i % 313},U${i},20240101,99991231`);
  const dir = folderOf({
    'AGR_1016.csv': 'MANDT,AGR_NAME,PROFILE\n100,Z_R1,T-1\n',
    'USR02.csv': `MANDT,BNAME,USTYP,UFLAG\n${users.join('\n')}\n`,
    'AGR_USERS.csv': `MANDT,AGR_NAME,UNAME,FROM_DAT,TO_DAT\n${assignments.join('\n')}\n`,
    'UST04.csv': 'MANDT,BNAME,PROFILE\n100,U1,SAP_ALL\n',
    ...files,
  });
  writeFileSync(path.join(dir, 'AGR_1251.csv'), `MANDT,AGR_NAME,OBJECT,AUTH,FIELD,LOW,HIGH,DELETED\n${rows.join('\n')}\n`);
  return dir;
}

describe('AGR_1251 read beside the other tables (issue 12)', () => {
  it('gives the read in order: extract, warnings, row counts', async () => {
    const dir = extract();
    try {
      const aside = await read(dir, true);
      expect(aside).toEqual(await read(dir, false));
      if ('error' in aside) throw new Error(aside.error);
      expect(aside.rowCounts.AGR_1251).toBe(160_000);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('reads AGR_1251 while the other tables are read (their progress comes before its end)', async () => {
    const dir = extract();
    try {
      process.env.SEGRA_READ_THREADS = '1';
      const events: string[] = [];
      await readSystemExtract(dir, { objects: new Set(['S_TCODE']), onProgress: (p) => events.push(`${p.table}:${p.rows}`) });
      const end = events.indexOf('AGR_1251:160000');
      // In order, USR02 (after AGR_1251 by name) would come only after AGR_1251's last report.
      expect(events.indexOf('USR02:300')).toBeGreaterThanOrEqual(0);
      expect(events.indexOf('USR02:300')).toBeLessThan(end);
      // Skipped rows still count: the reports at each 65,536 rows are there.
      expect(events).toEqual(expect.arrayContaining(['AGR_1251:65536', 'AGR_1251:131072']));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it.each([
    ['a second client in a table after AGR_1251', { 'USR02.csv': 'MANDT,BNAME,USTYP,UFLAG\n100,U0,A,0\n200,U1,A,0\n' }, undefined],
    ['a second client in a table before AGR_1251', { 'AGR_1016.csv': 'MANDT,AGR_NAME,PROFILE\n200,Z_R1,T-1\n' }, undefined],
    ['a second client late in AGR_1251', {}, (i: number) => (i === 150_000 ? '200' : '100')],
    ['an error in a later table and a second client in AGR_1251', { 'UST04.csv': 'MANDT,BNAME\n100,U1\n' }, (i: number) => (i === 9 ? '300' : '100')],
    ['an error in an earlier table and in AGR_1251', { 'AGR_1016.csv': 'MANDT,AGR_NAME\n100,Z_R1\n' }, (i: number) => (i === 9 ? '300' : '100')],
    // Found in review: each named another error than the read in order before it read again in order.
    ['a second client in an earlier table and an empty AUTH in AGR_1251', { 'AGR_1016.csv': 'MANDT,AGR_NAME,PROFILE\n100,Z_R1,T-1\n200,Z_R2,T-2\n' }, (i: number) => (i === 9 ? '100,Z_X,S_TCODE, ,TCD,A,,#' : '100')],
    ['a header error in an earlier table and an empty AUTH in AGR_1251', { 'AGR_1016.csv': 'MANDT,AGR_NAME\n100,Z_R1\n' }, (i: number) => (i === 9 ? '100,Z_X,S_TCODE,,TCD,A,,#' : '100')],
    ['a second client early in AGR_1251 and an empty AUTH after it', {}, (i: number) => (i === 0 ? '200' : i === 3 ? '100,Z_X,S_TCODE,,TCD,A,,#' : '100')],
    ['a second client in USR02 and a bad date after it', { 'USR02.csv': 'MANDT,BNAME,USTYP,UFLAG,GLTGV\n200,U0,A,0,\n200,U1,A,0,NOTADATE\n' }, undefined],
  ] as const)('refuses %s as the read in order does', async (_name, files, mandt) => {
    const dir = extract(files, mandt);
    try {
      const aside = await read(dir, true);
      expect('error' in aside).toBe(true);
      expect(aside).toEqual(await read(dir, false));
      // With --client the other client's rows are left out instead.
      expect(await read(dir, true, '100')).toEqual(await read(dir, false, '100'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
