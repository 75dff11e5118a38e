import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SystemExtract } from '../../../engine/model/extract.ts';
import type { Database } from '../../../server/db/database.ts';
import { migrate } from '../../../server/db/migrate.ts';
import { generateLandscape } from '../../../generator/index.ts';
import { readSystemExtract } from '../../../server/importers/extract-reader.ts';
import { deleteImport, loadExtract, writeExtract } from '../../../server/periods/extract-store.ts';
import { PERIOD_TABLES } from '../../../contracts/period-tables.ts';
import { pgliteDatabase, postgresAdminUrl, postgresDatabase, type TestDatabase } from '../databases.ts';

const work = mkdtempSync(path.join(tmpdir(), 'segra-store-'));
let extract: SystemExtract;
beforeAll(async () => {
  await generateLandscape({ size: 'S', seed: 11, outDir: work });
  extract = await readSystemExtract(path.join(work, 'system'));
  // Values COPY must escape, and a null date and number, travel too.
  extract.roleTexts.push({ role: 'Z_ODD', text: 'tab\there, new\nline, back\\slash, \\N, quote"' });
  extract.users.push({ bname: 'ODD', ustyp: 'A', uflag: 0, validFrom: null, validTo: null, lastLogon: null, userGroup: '', codvn: '', pwdState: null, createdOn: null });
}, 60_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

const sortedRows = (rows: readonly object[]) => rows.map((r) => JSON.stringify(r)).sort();

function suite(target: TestDatabase): void {
  let db: Database;
  beforeAll(async () => {
    db = await target.open();
    await migrate(db);
  });
  afterAll(async () => {
    await db?.close();
    await target.teardown();
  });

  it('reads back exactly what it wrote, in file order where order matters, also when big tables are loaded in parallel slices', async () => {
    const id = crypto.randomUUID();
    const counts = await writeExtract(db, id, extract, undefined, { sliceRows: 5000 });
    expect(counts.AGR_1251).toBe(extract.roleAuthorisations.length);
    const back = await loadExtract(db, id);
    for (const t of PERIOD_TABLES) {
      if (t.objectColumn) expect(sortedRows(back[t.key]), t.sapName).toEqual(sortedRows(extract[t.key]));
      else expect(back[t.key], t.sapName).toEqual(extract[t.key]);
    }
    await deleteImport(db, id);
    expect((await loadExtract(db, id)).roleAuthorisations).toEqual([]);
  }, 60_000);

  it('reads only the objects asked for, and only the tables asked for', async () => {
    const id = crypto.randomUUID();
    await writeExtract(db, id, extract);
    const objects = new Set(['S_TCODE', "O'BRIEN"]);
    const back = await loadExtract(db, id, { objects });
    expect(back.roleAuthorisations.length).toBe(extract.roleAuthorisations.filter((r) => r.object === 'S_TCODE').length);
    expect(back.users).toEqual(extract.users);
    const onlyChecks = await loadExtract(db, id, { tables: ['TSTCA'] });
    expect(onlyChecks.tcodeChecks).toEqual(extract.tcodeChecks);
    expect(onlyChecks.users).toEqual([]);
    await deleteImport(db, id);
  }, 60_000);

  it('keeps AGR_1251 and UST12 of an import in partitions of their own, dropped with the import', async () => {
    const id = crypto.randomUUID();
    await writeExtract(db, id, extract);
    const partitions = async () =>
      (
        await db.query<{ name: string }>(
          `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid JOIN pg_class p ON p.oid = i.inhparent
           WHERE p.relname IN ('sap_agr_1251', 'sap_ust12') AND c.relname LIKE $1 ORDER BY 1`,
          [`%_p${id.replace(/-/g, '')}`],
        )
      ).rows.map((r) => r.name);
    expect(await partitions()).toEqual([`sap_agr_1251_p${id.replace(/-/g, '')}`, `sap_ust12_p${id.replace(/-/g, '')}`]);
    const n = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM sap_agr_1251 WHERE import_id = $1', [id]);
    expect(Number(n.rows[0].n)).toBe(extract.roleAuthorisations.length);
    await deleteImport(db, id);
    expect(await partitions()).toEqual([]);
  }, 60_000);

  it('refuses an import id that is not a uuid', async () => {
    await expect(writeExtract(db, "x'; DROP TABLE sap_usr02; --", extract)).rejects.toThrow(/uuid/);
    await expect(loadExtract(db, 'nope')).rejects.toThrow(/uuid/);
  });
}

describe('extract store on PGlite', () => suite(pgliteDatabase()));
describe.skipIf(!postgresAdminUrl)('extract store on PostgreSQL', () => suite(postgresDatabase()));
