import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database.ts';
import { migrate } from '../../../server/db/migrate.ts';
import { sweepUploads } from '../../../server/jobs/upload-sweep.ts';
import { sweepStaleWork } from '../../../server/jobs/workers.ts';
import { pgliteDatabase, postgresAdminUrl, postgresDatabase, type TestDatabase } from '../databases.ts';

// Issue 11 / DESIGN 7a: uploads of crashed imports are removed at the next start.
function suite(target: TestDatabase): void {
  let db: Database;
  let uploads: string;
  const running = crypto.randomUUID();
  const crashed = crypto.randomUUID();

  const upload = (id: string, ageSeconds = 0): void => {
    const dir = path.join(uploads, id);
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'extract.zip'), 'PK');
    const then = new Date(Date.now() - ageSeconds * 1000);
    utimesSync(dir, then, then);
  };

  beforeAll(async () => {
    db = await target.open();
    await migrate(db);
    uploads = path.join(mkdtempSync(path.join(tmpdir(), 'segra-sweep-')), 'uploads');
    const c = await db.query<{ id: string }>(`INSERT INTO customers (name) VALUES ('Acme') RETURNING id`);
    const s = await db.query<{ id: string }>(
      `INSERT INTO systems (customer_id, sid, sap_version, hw_key, installation_number, system_number) VALUES ($1, 'PRD', 'S/4', 'HW', '0020000001', '00') RETURNING id`,
      [c.rows[0].id],
    );
    await db.query(
      `INSERT INTO system_periods (customer_id, system_id, name, period_date, status, importing_id) VALUES ($1, $2, 'running', '2026-06-30', 'importing', $3), ($1, $2, 'crashed', '2026-05-31', 'importing', $4)`,
      [c.rows[0].id, s.rows[0].id, running, crashed],
    );
  }, 60_000);
  afterAll(async () => {
    await db?.close();
    await target.teardown();
    rmSync(path.dirname(uploads), { recursive: true, force: true });
  });

  it('keeps the upload of a running import and young ones, removes the rest', async () => {
    expect(await sweepUploads(db, uploads, 300)).toBe(0); // no folder yet
    upload(running, 3600);
    upload(crashed, 3600);
    upload(crypto.randomUUID(), 3600); // a ruleset upload (or a refused one) left behind
    const young = crypto.randomUUID();
    upload(young, 0);
    expect(await sweepUploads(db, uploads, 300)).toBe(1);
    expect(existsSync(path.join(uploads, running))).toBe(true);
    expect(existsSync(path.join(uploads, crashed))).toBe(true);
    expect(existsSync(path.join(uploads, young))).toBe(true);
  });

  it('at the start of the embedded database, after the stale sweep, removes every upload of no running import', async () => {
    await db.query(`UPDATE system_periods SET updated_at = now() - interval '1 hour' WHERE importing_id = $1`, [crashed]);
    await sweepStaleWork(db, 60);
    expect(await sweepUploads(db, uploads, 0)).toBe(2);
    expect(existsSync(path.join(uploads, running))).toBe(true);
    expect(existsSync(path.join(uploads, crashed))).toBe(false);
  });
}

describe('upload sweep on PGlite', () => suite(pgliteDatabase()));
describe.skipIf(!postgresAdminUrl)('upload sweep on PostgreSQL', () => suite(postgresDatabase()));
