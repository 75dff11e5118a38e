import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../server/analysis-pipeline/harness.ts';
import { freePort } from './private-postgres.ts';

// DESIGN 7b / issue 28 item 6: `segra backup --out FILE` copies the embedded database while
// `segra serve` runs (a copy of the running folder would not start), `segra restore FILE` brings
// it back into an empty DATA_DIR, and the restored server shows the same findings, byte for byte.
const BIN = path.resolve('bin/segra.js');
const PASSWORD = 'backup-pass';

/** The environment of a child: the embedded database unless the test names PostgreSQL. */
function childEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const out = { ...process.env };
  delete out.DATABASE_URL;
  return { ...out, ...env };
}

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function segra(args: string[], env: NodeJS.ProcessEnv): Promise<Run> {
  const child = spawn(process.execPath, [BIN, ...args], { env: childEnv(env) });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr })));
}

class Server {
  private output = '';
  readonly child: ChildProcess;
  readonly base: string;
  private headers: Record<string, string> = {};

  constructor(dataDir: string, port: number) {
    this.base = `http://127.0.0.1:${port}`;
    this.child = spawn(process.execPath, [BIN, 'serve'], {
      env: childEnv({
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        SEED_DEMO: 'true',
        SEGRA_ADMIN_PASSWORD: PASSWORD,
        LOG_LEVEL: 'warn',
        JOB_POLL_SECONDS: '0.5',
      }),
    });
    this.child.stdout!.on('data', (d: Buffer) => (this.output += d.toString()));
    this.child.stderr!.on('data', (d: Buffer) => (this.output += d.toString()));
  }

  log = (): string => this.output;

  /** Up, logged in as SuperAdmin, working in the (demo) customer's data. */
  async ready(): Promise<void> {
    await waitFor(
      () =>
        fetch(`${this.base}/api/health`).then(
          (r) => r.ok,
          () => false,
        ),
      (up) => up,
      120_000,
    );
    const login = await fetch(`${this.base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@segra.local', password: PASSWORD }),
    });
    expect(login.status, this.log()).toBe(200);
    this.headers = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
    const customers = (await this.get('/api/customers')) as { id: string }[];
    expect(customers).toHaveLength(1);
    this.headers['x-customer-id'] = customers[0].id;
  }

  async get(route: string): Promise<unknown> {
    const r = await fetch(`${this.base}${route}`, { headers: this.headers });
    expect(r.status, `${route}: ${this.log()}`).toBe(200);
    return r.json();
  }

  async post(route: string, body: object): Promise<Record<string, string>> {
    const r = await fetch(`${this.base}${route}`, {
      method: 'POST',
      headers: { ...this.headers, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(r.status, `${route}: ${await r.clone().text()}`).toBe(201);
    return (await r.json()) as Record<string, string>;
  }

  /** The findings as the CSV export gives them: the bytes compared. */
  async findingsCsv(analysisId: string): Promise<Buffer> {
    const r = await fetch(`${this.base}/api/analyses/${analysisId}/export?format=csv`, { headers: this.headers });
    expect(r.status, this.log()).toBe(200);
    return Buffer.from(await r.arrayBuffer());
  }

  async analysis(id: string): Promise<{
    id: string;
    status: string;
    counts: { findings: number } | null;
    systemPeriodId: string;
    riskPeriodId: string;
  }> {
    return (await this.get(`/api/analyses/${id}`)) as never;
  }

  /** The analysis once it has finished, one way or another. */
  settled(id: string) {
    return waitFor(
      () => this.analysis(id),
      (a) => ['completed', 'failed', 'canceled'].includes(a.status),
      120_000,
    );
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.kill('SIGTERM');
    await exited;
  }
}

let work: string;
beforeAll(() => {
  work = mkdtempSync(path.join(os.tmpdir(), 'segra-backup-'));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('segra backup and segra restore of the embedded database', () => {
  const servers: Server[] = [];
  afterAll(async () => {
    for (const s of servers) await s.stop();
  }, 30_000);

  it('a backup taken while the server serves and writes restores into a new DATA_DIR with identical findings', async () => {
    const original = new Server(path.join(work, 'original'), await freePort());
    servers.push(original);
    await original.ready();
    const [demo] = (await original.get('/api/analyses')) as { id: string; status: string }[];
    expect(demo.status).toBe('completed');
    const before = await original.analysis(demo.id);
    const csv = await original.findingsCsv(demo.id);
    expect(before.counts!.findings).toBeGreaterThan(100);
    expect(csv.toString('utf8').split('\n').filter(Boolean).length).toBe(before.counts!.findings + 1);

    // A write while the backup is made: a second analysis, its job writing findings meanwhile.
    const second = await original.post('/api/analyses', {
      name: 'during the backup',
      systemPeriodId: before.systemPeriodId,
      riskPeriodId: before.riskPeriodId,
    });
    const file = path.join(work, 'segra.backup');
    const backup = await segra(['backup', '--out', file], { DATA_DIR: path.join(work, 'original') });
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stderr).toContain('from the running server');
    expect(original.log()).toContain('backup: handed over a dump');
    // Nothing besides the backup: no half-written file left next to it.
    expect(readdirSync(work).sort()).toEqual(['original', 'segra.backup']);

    const secondDone = await original.settled(second.id);
    expect(secondDone.status).toBe('completed');
    const secondCsv = await original.findingsCsv(second.id);
    // The original keeps serving after the backup: its findings are unchanged by it.
    expect((await original.findingsCsv(demo.id)).equals(csv)).toBe(true);
    await original.stop();

    // With no server running the command opens the folder itself, and lets go of it afterwards.
    const offline = await segra(['backup', '--out', path.join(work, 'offline.backup')], {
      DATA_DIR: path.join(work, 'original'),
    });
    expect(offline.code, offline.stderr).toBe(0);
    expect(offline.stderr).toContain('from the data folder (no server running)');
    expect(existsSync(path.join(work, 'original', 'pglite.lock'))).toBe(false);
    const manifest = (file: string) =>
      JSON.parse(Buffer.from(unzipSync(readFileSync(file))['segra-backup.json']).toString('utf8')) as {
        migration: string;
      };
    expect(manifest(path.join(work, 'offline.backup')).migration).toBe(manifest(file).migration);
    rmSync(path.join(work, 'offline.backup'));

    const restoredDir = path.join(work, 'restored');
    const restore = await segra(['restore', file], { DATA_DIR: restoredDir });
    expect(restore.code, restore.stderr).toBe(0);
    expect(restore.stderr).toContain(`into ${restoredDir}`);

    const restored = new Server(restoredDir, await freePort());
    servers.push(restored);
    await restored.ready();
    expect(restored.log()).not.toContain('First start');
    expect(await restored.analysis(demo.id)).toEqual(before);
    const again = await restored.findingsCsv(demo.id);
    expect(again.length).toBe(csv.length);
    expect(again.equals(csv)).toBe(true);

    // The analysis that was running when the dump was made is in the backup as it stood then,
    // never half: finished later on the restored server or failed there, and when completed its
    // findings are those the original computed.
    const secondThere = await restored.settled(second.id);
    if (secondThere.status === 'completed')
      expect((await restored.findingsCsv(second.id)).equals(secondCsv)).toBe(true);
    await restored.stop();
  }, 400_000);

  it('refuses a DATA_DIR that is not empty, touching nothing in it', async () => {
    const file = path.join(work, 'segra.backup');
    expect(existsSync(file)).toBe(true);
    const full = path.join(work, 'full');
    mkdirSync(full);
    writeFileSync(path.join(full, 'keep.txt'), 'mine');
    const run = await segra(['restore', file], { DATA_DIR: full });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`segra restore: ${full}: is not empty (it holds keep.txt)`);
    expect(readdirSync(full)).toEqual(['keep.txt']);
    expect(readFileSync(path.join(full, 'keep.txt'), 'utf8')).toBe('mine');
  }, 60_000);

  it('refuses a file that is not a Segra backup, or a damaged one, and leaves no DATA_DIR behind', async () => {
    const target = path.join(work, 'never');
    const text = path.join(work, 'notes.txt');
    writeFileSync(text, 'not a backup\n');
    const otherZip = path.join(work, 'extract.zip');
    writeFileSync(otherZip, zipSync({ 'AGR_1251.txt': new TextEncoder().encode('AGR_NAME\n') }));
    const members = unzipSync(readFileSync(path.join(work, 'segra.backup')));
    const tampered = new Uint8Array(members['pglite.tar.gz']);
    tampered[tampered.length >> 1] ^= 0xff;
    const damaged = path.join(work, 'damaged.backup');
    writeFileSync(damaged, zipSync({ ...members, 'pglite.tar.gz': tampered }));

    const cases: [string, string][] = [
      [text, `${text}: is not a Segra backup: not a zip archive`],
      [otherZip, `${otherZip}: is not a Segra backup: it has no segra-backup.json`],
      [damaged, `${damaged}: is damaged: the SHA-256 of pglite.tar.gz is`],
      [path.join(work, 'missing.backup'), 'cannot be read (ENOENT)'],
    ];
    for (const [file, message] of cases) {
      const run = await segra(['restore', file], { DATA_DIR: target });
      expect(run.code, file).toBe(2);
      expect(run.stderr).toContain(message);
      expect(existsSync(target)).toBe(false);
    }
  }, 60_000);

  it('answers --help with status 0, refuses an existing --out, and names pg_dump on PostgreSQL', async () => {
    for (const command of ['backup', 'restore']) {
      const help = await segra([command, '--help'], {});
      expect(help.code).toBe(0);
      expect(help.stdout).toContain('segra backup --out FILE');
      expect(help.stdout).toContain('pg_dump --format=custom');
    }
    const exists = await segra(['backup', '--out', path.join(work, 'segra.backup')], {
      DATA_DIR: path.join(work, 'original'),
    });
    expect(exists.code).toBe(2);
    expect(exists.stderr).toContain('exists already; a backup is never overwritten');

    const postgres = await segra(['backup', '--out', path.join(work, 'pg.backup')], {
      DATABASE_URL: 'postgres://segra@127.0.0.1:5432/segra',
    });
    expect(postgres.code).toBe(2);
    expect(postgres.stderr).toContain('pg_dump --format=custom --file=FILE "$DATABASE_URL"');
    const pgRestore = await segra(['restore', path.join(work, 'segra.backup')], {
      DATABASE_URL: 'postgres://segra@127.0.0.1:5432/segra',
    });
    expect(pgRestore.code).toBe(2);
    expect(pgRestore.stderr).toContain('pg_restore --exit-on-error --no-owner --dbname="$DATABASE_URL" FILE');

    const empty = await segra(['backup', '--out', path.join(work, 'nothing.backup')], {
      DATA_DIR: path.join(work, 'empty'),
    });
    expect(empty.code).toBe(2);
    expect(empty.stderr).toContain('holds no Segra database');
  }, 60_000);
});
