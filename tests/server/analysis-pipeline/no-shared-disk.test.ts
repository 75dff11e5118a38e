import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database.ts';
import { generateLandscape } from '../../../generator/index.ts';
import { postgresAdminUrl, postgresDatabase } from '../databases.ts';
import { folderFiles, multipart, seedCustomer, waitFor, zipFolder } from './harness.ts';

const BIN = path.resolve('bin/segra.js');
const DATE = '2026-06-30';
const PORT = Number(process.env.E2E_PORT ?? process.env.PORT ?? 18202);

/**
 * Issue 12 item 6: `segra serve --no-worker` and two `segra worker` processes that share no
 * folder (each its own DATA_DIR and working directory), only DATABASE_URL. An upload goes into
 * PostgreSQL; whichever worker takes the job fetches it into its own folder.
 */
describe.skipIf(!postgresAdminUrl)('API and workers sharing nothing but PostgreSQL', () => {
  const target = postgresDatabase('wt_b2');
  const work = mkdtempSync(path.join(tmpdir(), 'segra-no-shared-disk-'));
  const landscape = path.join(work, 'landscape');
  const homes = { api: path.join(work, 'api'), w1: path.join(work, 'w1'), w2: path.join(work, 'w2') };
  const children: ChildProcess[] = [];
  let db: Database;
  let url: string;
  let headers: Record<string, string>;
  let systemId: string;
  const base = `http://127.0.0.1:${PORT}`;

  const start = (args: string[], home: string, env: Record<string, string>, readyText: string): Promise<ChildProcess> => {
    mkdirSync(home, { recursive: true });
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd: home,
      env: { ...process.env, DATABASE_URL: url, DATA_DIR: path.join(home, 'data'), LOG_LEVEL: 'warn', JOB_POLL_SECONDS: '0.5', SEED_DEMO: 'false', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    return new Promise((resolve, reject) => {
      let out = '';
      const seen = (d: Buffer): void => {
        out += d.toString();
        if (out.includes(readyText)) resolve(child);
      };
      child.stdout!.on('data', seen);
      child.stderr!.on('data', seen);
      child.once('exit', (code) => reject(new Error(`${args[0]} exited ${code}: ${out}`)));
    });
  };
  const api = async (method: string, route: string, body?: object) => {
    const r = await fetch(`${base}${route}`, { method, headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
    return r.headers.get('content-type')?.includes('json') ? r.json() : r.text();
  };
  const upload = async (route: string, files: Record<string, Uint8Array>) => {
    const form = await multipart(files);
    const r = await fetch(`${base}${route}`, { method: 'POST', headers: { ...headers, ...form.headers }, body: new Uint8Array(form.payload) });
    expect(r.status).toBe(202);
  };
  const storedUploads = async () => Number((await db.query<{ n: string }>('SELECT count(*) AS n FROM stored_uploads')).rows[0].n);
  const files = (dir: string): string[] => {
    try {
      return readdirSync(dir);
    } catch {
      return [];
    }
  };

  beforeAll(async () => {
    await generateLandscape({ size: 'S', seed: 4, outDir: landscape });
    db = await target.open();
    url = (db as Database & { connectionString: string }).connectionString;
    await start(['serve', '--no-worker'], homes.api, { PORT: String(PORT), HOST: '127.0.0.1', SEGRA_ADMIN_PASSWORD: 'admin-pass' }, 'First start: SuperAdmin');
    await waitFor(() => fetch(`${base}/api/health`).then((r) => r.ok, () => false), (up) => up, 60_000);
    const { customerId, systemId: sys } = await seedCustomer(db, 'Acme');
    systemId = sys;
    const login = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin@segra.local', password: 'admin-pass' }) });
    const { token } = (await login.json()) as { token: string };
    headers = { authorization: `Bearer ${token}`, 'x-customer-id': customerId };
  }, 180_000);

  afterAll(async () => {
    for (const c of children) c.kill('SIGKILL');
    await db?.close();
    await target.teardown();
    rmSync(work, { recursive: true, force: true });
  });

  it('imports uploads and runs an analysis on workers that never see the API’s folder', async () => {
    // No worker yet: the upload waits in PostgreSQL, not in the API's folder.
    const june = await api('POST', '/api/system-periods', { name: 'June', periodDate: DATE, systemId });
    await upload(`/api/system-periods/${june.id}/extract`, { 'extract.zip': zipFolder(path.join(landscape, 'system')) });
    const rules = await api('POST', '/api/risk-periods', { name: 'Rules', periodDate: DATE });
    await upload(`/api/risk-periods/${rules.id}/ruleset`, folderFiles(path.join(landscape, 'rules')));
    await upload(`/api/system-periods/${june.id}/usage`, { 'usage.csv': new TextEncoder().encode('BNAME,TCODE,COUNT\nNOBODY,FB60,3\n') });
    expect(await storedUploads()).toBeGreaterThan(2);
    expect(files(path.join(homes.api, 'data', 'uploads'))).toEqual([]);

    const shards = { ANALYSIS_SHARDS: '2', ANALYSIS_SHARD_MIN_USERS: '1', SEGRA_TEST_ANALYSIS_PAUSE_MS: '1500' };
    await Promise.all([start(['worker'], homes.w1, shards, 'taking jobs'), start(['worker'], homes.w2, shards, 'taking jobs')]);
    const ready = await waitFor(() => api('GET', `/api/system-periods/${june.id}`), (p) => p.status !== 'importing', 120_000);
    expect(ready).toMatchObject({ status: 'ready' });
    expect(ready.rowCounts.AGR_1251).toBeGreaterThan(1000);
    expect(await waitFor(() => api('GET', `/api/risk-periods/${rules.id}`), (p) => p.status !== 'importing', 60_000)).toMatchObject({ status: 'ready' });

    // Two more extracts at once, on two periods: both workers import.
    const more = await Promise.all(['July', 'August'].map((name, i) => api('POST', '/api/system-periods', { name, periodDate: `2026-0${7 + i}-15`, systemId })));
    await Promise.all(more.map((p) => upload(`/api/system-periods/${p.id}/extract`, { 'extract.zip': zipFolder(path.join(landscape, 'system')) })));
    for (const p of more) expect(await waitFor(() => api('GET', `/api/system-periods/${p.id}`), (r) => r.status !== 'importing', 120_000)).toMatchObject({ status: 'ready' });

    // An analysis split in two shards, one on each worker.
    const analysis = await api('POST', '/api/analyses', { name: 'split', systemPeriodId: june.id, riskPeriodId: rules.id });
    const done = await waitFor(() => api('GET', `/api/analyses/${analysis.id}`), (a) => ['completed', 'failed', 'canceled'].includes(a.status), 120_000);
    expect(done.status).toBe('completed');
    expect(done.counts.findings).toBeGreaterThan(0);
    const log = (await db.query<{ shard_log: { worker: string }[] }>('SELECT shard_log FROM analyses WHERE id = $1', [analysis.id])).rows[0].shard_log;
    expect(new Set(log.map((e) => e.worker)).size).toBe(2);

    // The usage export (issue 17) went the same way: stored in PostgreSQL, imported by a worker.
    const usageDone = await waitFor(() => api('GET', `/api/system-periods/${june.id}/usage`), (u) => u.status !== 'importing', 60_000);
    expect(usageDone).toMatchObject({ status: 'ready' });

    // Nothing left behind: no stored upload, no fetched folder.
    expect(await storedUploads()).toBe(0);
    for (const home of [homes.api, homes.w1, homes.w2]) expect(files(path.join(home, 'data', 'uploads'))).toEqual([]);
  }, 400_000);
});
