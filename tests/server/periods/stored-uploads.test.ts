/**
 * Uploads kept in the database (issue 12 item 6, server/uploads/stored-uploads.ts): files go in
 * and come out in 1 MiB chunks, byte for byte; a worker's fetch removes the stored copy; uploads
 * of no running import are swept. On PGlite and PostgreSQL (the server stores uploads in the
 * database on PostgreSQL only; the store itself works on both).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database.ts';
import { migrate } from '../../../server/db/migrate.ts';
import {
  fetchJobUpload,
  releaseJobUpload,
  fetchUploadFiles,
  keepUpload,
  storeUploadFiles,
  sweepStoredUploads,
  UPLOAD_CHUNK_BYTES,
} from '../../../server/uploads/stored-uploads.ts';
import { pgliteDatabase, postgresAdminUrl, postgresDatabase, type TestDatabase } from '../databases.ts';

function suite(target: TestDatabase): void {
  let db: Database;
  const work = mkdtempSync(path.join(tmpdir(), 'segra-stored-uploads-'));
  const count = async (sql: string, params: unknown[] = []): Promise<number> => Number((await db.query<{ n: string }>(sql, params)).rows[0].n);

  beforeAll(async () => {
    db = await target.open();
    await migrate(db);
  }, 60_000);
  afterAll(async () => {
    await db?.close();
    await target.teardown();
    rmSync(work, { recursive: true, force: true });
  });

  it('keeps several files in chunks and gives them back byte for byte in their order, elsewhere', async () => {
    const id = crypto.randomUUID();
    const from = path.join(work, 'api', id);
    mkdirSync(from, { recursive: true });
    const big = randomBytes(2 * UPLOAD_CHUNK_BYTES + 12345);
    writeFileSync(path.join(from, 'AGR_1251.csv'), big);
    writeFileSync(path.join(from, 'USR02.csv'), 'BNAME\nU1\n');
    writeFileSync(path.join(from, 'EMPTY.csv'), '');
    await storeUploadFiles(db, id, from, ['USR02.csv', 'AGR_1251.csv', 'EMPTY.csv']);
    expect(await count(`SELECT count(*) AS n FROM stored_upload_chunks c JOIN stored_uploads u ON u.id = c.file_id WHERE u.upload_id = $1 AND u.name = 'AGR_1251.csv'`, [id])).toBe(3);
    rmSync(from, { recursive: true });
    const to = path.join(work, 'worker', id);
    expect(await fetchUploadFiles(db, id, to)).toEqual(['USR02.csv', 'AGR_1251.csv', 'EMPTY.csv']);
    expect(readFileSync(path.join(to, 'AGR_1251.csv')).equals(big)).toBe(true);
    expect(readFileSync(path.join(to, 'USR02.csv'), 'utf8')).toBe('BNAME\nU1\n');
    expect(readFileSync(path.join(to, 'EMPTY.csv')).length).toBe(0);
    await expect(fetchUploadFiles(db, crypto.randomUUID(), path.join(work, 'none'))).rejects.toThrow(/not in the database/);
  });

  it('moves an upload into the database on PostgreSQL, and a job fetches it into its own folder; the stored copy goes when the job has ended', async () => {
    const id = crypto.randomUUID();
    const from = path.join(work, 'api2', id);
    mkdirSync(from, { recursive: true });
    writeFileSync(path.join(from, 'extract.zip'), randomBytes(1000));
    const location = await keepUpload(db, id, { dir: from, files: ['extract.zip'] });
    if (db.kind === 'pglite') {
      // The embedded database's own process imports: the folder stays where it is.
      expect(location).toEqual({ dir: from, input: path.join(from, 'extract.zip') });
      return;
    }
    expect(location).toEqual({ dir: '', input: '', storedUpload: id });
    expect(existsSync(from)).toBe(false);
    const job = await fetchJobUpload(db, { periodId: 'p', ...location }, path.join(work, 'worker-uploads'));
    expect(job.dir).toBe(path.join(work, 'worker-uploads', id));
    expect(job.input).toBe(path.join(job.dir, 'extract.zip'));
    expect(readFileSync(job.input).length).toBe(1000);
    // The stored copy stays while the job may be retried (its worker died, DESIGN 7b): a second attempt fetches it again.
    rmSync(job.dir, { recursive: true });
    expect(readFileSync((await fetchJobUpload(db, { periodId: 'p', ...location }, path.join(work, 'worker-uploads'))).input).length).toBe(1000);
    rmSync(job.dir, { recursive: true });
    // Once the job has ended for good it goes: a later fetch fails and leaves no folder.
    await releaseJobUpload(db, location);
    expect(await count('SELECT count(*) AS n FROM stored_uploads WHERE upload_id = $1', [id])).toBe(0);
    await expect(fetchJobUpload(db, { periodId: 'p', ...location }, path.join(work, 'worker-uploads'))).rejects.toThrow();
    expect(existsSync(job.dir)).toBe(false);
  });

  it('sweeps stored uploads of no running import once they are old enough', async () => {
    const c = await db.query<{ id: string }>(`INSERT INTO customers (name) VALUES ('Sweep') RETURNING id`);
    const s = await db.query<{ id: string }>(
      `INSERT INTO systems (customer_id, sid, sap_version, hw_key, installation_number, system_number) VALUES ($1, 'PRD', 'S/4', 'HW', '0020000001', '00') RETURNING id`,
      [c.rows[0].id],
    );
    const running = crypto.randomUUID();
    const stale = crypto.randomUUID();
    const usage = crypto.randomUUID();
    const period = await db.query<{ id: string }>(
      `INSERT INTO system_periods (customer_id, system_id, name, period_date, status, importing_id) VALUES ($1, $2, 'running', '2026-06-30', 'importing', $3) RETURNING id`,
      [c.rows[0].id, s.rows[0].id, running],
    );
    // A queued usage upload of the period (issue 17) is kept too.
    await db.query(`INSERT INTO system_period_usage (system_period_id, customer_id, status, importing_id) VALUES ($1, $2, 'importing', $3)`, [period.rows[0].id, c.rows[0].id, usage]);
    const dir = path.join(work, 'sweep');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'x.csv'), 'A\n1\n');
    for (const id of [running, stale, usage]) await storeUploadFiles(db, id, dir, ['x.csv']);
    expect(await sweepStoredUploads(db, 300)).toBe(0); // young
    await db.query(`UPDATE stored_uploads SET created_at = now() - interval '1 hour' WHERE upload_id IN ($1, $2, $3)`, [running, stale, usage]);
    expect(await sweepStoredUploads(db, 300)).toBe(1);
    const kept = await db.query<{ upload_id: string }>('SELECT upload_id FROM stored_uploads WHERE upload_id IN ($1, $2, $3)', [running, stale, usage]);
    expect(kept.rows.map((r) => r.upload_id).sort()).toEqual([running, usage].sort());
    expect(await count('SELECT count(*) AS n FROM stored_upload_chunks c WHERE NOT EXISTS (SELECT 1 FROM stored_uploads u WHERE u.id = c.file_id)')).toBe(0);
  });
}

describe('stored uploads on PGlite', () => suite(pgliteDatabase()));
describe.skipIf(!postgresAdminUrl)('stored uploads on PostgreSQL', () => suite(postgresDatabase('wt_b2')));
