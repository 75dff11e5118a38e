import type { ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import type { Database } from '../../db/database.ts';
import { AppError, coded } from '../../errors.ts';
import { PERIOD_TABLES, type PeriodTable } from '../../../contracts/period-tables.ts';
import { isUuid } from '../../../contracts/ids.ts';
import type { WorkerReply, WorkerRequest } from './sandbox-messages.ts';
import { queryRefused, SANDBOX_VIEWS, timedOut, type SandboxOptions, type SandboxResult } from './sandbox.ts';
import { tokenize } from './sql-guard.ts';
import { forkModule } from './fork-module.ts';
import { schemaTemplateFile } from '../../db/schema-template.ts';

/**
 * Stored queries on the embedded database (DESIGN 7, docs/decisions/2026-11-25-sandbox-worker.md).
 * PGlite runs one statement at a time and cannot interrupt it, so a query run on the server's
 * own PGlite would hold every request of every tenant until it ends. Here it runs in a child
 * process with a PGlite of its own, holding the application's schema and only the rows of the
 * one import the query reads, copied with COPY in slices short enough not to hold the server's
 * database; at the timeout the process is killed. A worker stays warm for the next query on
 * the same import for a minute.
 */

const IDLE_MS = 60_000;
/** Workers at once (each holds its own database in memory); beyond, a run is asked to wait. */
export const MAX_SANDBOX_WORKERS = 3;
/** Rows copied per statement: tens of milliseconds of the server's database each (5 000 AGR_1251 rows took 40-100 ms on a loaded 2-core machine). */
const SLICE_ROWS = 2_000;

const WORKER_ENTRY = new URL(import.meta.url.endsWith('.ts') ? './sandbox-worker.ts' : './sandbox-worker.js', import.meta.url);

class SandboxWorker {
  private readonly worker: ChildProcess;
  private pending: { resolve: (r: WorkerReply) => void; reject: (e: Error) => void } | undefined;
  private tail: Promise<unknown> = Promise.resolve();
  private idle: NodeJS.Timeout | undefined;
  private readonly ready: Promise<void>;
  readonly loaded = new Set<string>();
  dead = false;
  busy = 0;
  lastUsed = Date.now();

  constructor(private readonly onDead: () => void) {
    this.worker = forkModule(WORKER_ENTRY);
    this.worker.unref();
    this.worker.channel?.unref();
    this.worker.on('message', (reply: WorkerReply) => {
      const p = this.pending;
      this.pending = undefined;
      p?.resolve(reply);
    });
    this.worker.on('error', (e) => this.kill(e));
    this.worker.on('exit', () => this.kill(new Error('The sandbox process stopped')));
    this.ready = this.request({ type: 'init', template: schemaTemplateFile() }).then(() => {});
    // An init that fails is reported by the run waiting for it. A damaged schema dump (or one of
    // another PGlite version) can kill the process outright: it goes, and the next one rebuilds it.
    this.ready.catch(() => rmSync(schemaTemplateFile(), { force: true }));
  }

  private request(message: WorkerRequest): Promise<WorkerReply> {
    return new Promise((resolve, reject) => {
      if (this.dead) return reject(new Error('The sandbox process stopped'));
      this.pending = { resolve, reject };
      this.worker.send(message);
    }).then((reply) => {
      const r = reply as WorkerReply;
      if (r.type !== 'error') return r;
      if (r.statusCode && r.code) throw new AppError(r.statusCode, r.code, r.message, undefined, r.params);
      throw new Error(r.message);
    });
  }

  kill(reason = new Error('The sandbox worker was stopped')): void {
    if (this.dead) return;
    this.dead = true;
    clearTimeout(this.idle);
    this.pending?.reject(reason);
    this.pending = undefined;
    this.worker.kill('SIGKILL');
    this.onDead();
  }

  /** Runs fn when the runs before it on this worker have ended (a PGlite runs one at a time). */
  exclusive<T>(fn: () => Promise<T>): Promise<T> {
    this.busy++;
    clearTimeout(this.idle);
    const run = this.tail.then(fn, fn).finally(() => {
      this.busy--;
      this.lastUsed = Date.now();
      if (this.busy === 0 && !this.dead) {
        this.idle = setTimeout(() => this.kill(), IDLE_MS);
        this.idle.unref();
      }
    });
    this.tail = run.catch(() => {});
    return run;
  }

  async load(db: Database, importId: string, spec: PeriodTable): Promise<void> {
    await this.ready;
    const columns = ['import_id', 'seq', ...spec.columns.map((c) => c.column)];
    const select = `SELECT ${columns.map((c) => `"${c}"`).join(', ')} FROM "${spec.table}" WHERE import_id = '${importId}'`;
    // An import numbers each table's rows 0, 1, 2… (extract-store.ts): slices of seq keep every
    // statement short (the partitioned tables are indexed on seq, the others are smaller).
    const { rows } = await db.query<{ n: number | null }>(`SELECT max(seq)::int AS n FROM "${spec.table}" WHERE import_id = $1`, [importId]);
    const last = rows[0]?.n ?? -1;
    const slices: string[] = [];
    for (let from = 0; from <= last; from += SLICE_ROWS) slices.push(`${select} AND seq >= ${from} AND seq < ${from + SLICE_ROWS}`);
    for (const slice of slices) {
      const parts: Uint8Array[] = [];
      for await (const part of db.copyOut(slice)) parts.push(part);
      const data = concat(parts);
      if (data.length === 0) continue;
      await this.request({ type: 'load', table: spec.table, columns, data });
    }
    this.loaded.add(spec.table);
  }

  async run(importId: string, text: string, o: Required<SandboxOptions>): Promise<SandboxResult> {
    await this.ready;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        reject(timedOut(o.timeoutMs));
        this.kill();
      }, o.timeoutMs);
    });
    try {
      const reply = await Promise.race([this.request({ type: 'run', importId, text, options: o }), timeout]);
      if (reply.type !== 'result') throw new Error(`Unexpected sandbox reply ${reply.type}`);
      return reply.result;
    } finally {
      clearTimeout(timer);
    }
  }
}

function concat(parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

const pools = new WeakMap<Database, Map<string, SandboxWorker>>();

function poolOf(db: Database): Map<string, SandboxWorker> {
  let pool = pools.get(db);
  if (!pool) pools.set(db, (pool = new Map()));
  return pool;
}

/** The warm worker of this import, or a new one (the least recently used idle one makes room). */
function workerFor(db: Database, importId: string): SandboxWorker {
  const pool = poolOf(db);
  const known = pool.get(importId);
  if (known && !known.dead) return known;
  if (pool.size >= MAX_SANDBOX_WORKERS) {
    const idle = [...pool.values()].filter((w) => w.busy === 0).sort((a, b) => a.lastUsed - b.lastUsed)[0];
    if (!idle) throw coded(429, 'SQL_QUERY_BUSY', { limit: MAX_SANDBOX_WORKERS }, `${MAX_SANDBOX_WORKERS} special queries are running already; try again in a moment`);
    idle.kill();
  }
  const worker: SandboxWorker = new SandboxWorker(() => {
    if (pool.get(importId) === worker) pool.delete(importId);
  });
  pool.set(importId, worker);
  return worker;
}

/** The period tables a query names (views are named as their tables without sap_). */
function tablesRead(text: string): PeriodTable[] {
  const names = new Set(tokenize(text).filter((t) => t.kind === 'word' || t.kind === 'quoted').map((t) => t.text.toLowerCase()));
  const views = SANDBOX_VIEWS.filter((v) => names.has(v));
  return PERIOD_TABLES.filter((t) => views.some((v) => t.table === `sap_${v}`));
}

/** Runs an already checked query text on import `importId` in a sandbox worker (see above). */
export async function runInSandboxWorker(db: Database, importId: string, text: string, o: Required<SandboxOptions>): Promise<SandboxResult> {
  if (!isUuid(importId)) throw new Error('runInSandboxWorker: importId must be a uuid');
  for (let attempt = 0; ; attempt++) {
    const worker = workerFor(db, importId);
    const outcome = await worker.exclusive(async () => {
      // Stopped while this run waited (the run before it timed out): a fresh worker takes it.
      if (worker.dead) return undefined;
      let started = false;
      try {
        for (const spec of tablesRead(text)) if (!worker.loaded.has(spec.table)) await worker.load(db, importId, spec);
        started = true;
        return await worker.run(importId, text, o);
      } catch (e) {
        if (e instanceof AppError) throw e;
        worker.kill();
        // Died before the query ran (a damaged schema dump, …): once more with a fresh one.
        if (!started && attempt === 0) return undefined;
        // Died under the query (out of memory, …): a fresh one serves the next run.
        throw queryRefused('SQL_FAILED', 'The query failed: the sandbox stopped it');
      }
    });
    if (outcome) return outcome;
  }
}

/** Stops the sandbox workers of this database (the server closing). */
export function closeSandboxWorkers(db: Database): void {
  for (const worker of poolOf(db).values()) worker.kill();
  pools.delete(db);
}
