import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Database } from '../../db/database.ts';
import { AppError, coded } from '../../errors.ts';
import { closeSandboxWorkers, runInSandboxWorker } from './pglite-sandbox.ts';
import { checkReadOnlyQuery, SqlGuardError } from './sql-guard.ts';

/**
 * Runs a special SQL query on one import's SAP data (DESIGN 7), on PGlite and PostgreSQL.
 * Layers (docs/decisions/2026-11-21-special-sql-sandbox.md):
 *  1. sql-guard: one statement that reads; no function that could leave the sandbox; no
 *     catalogue name (pg_…), so no statistics of other tenants' tables;
 *  2. one transaction that always rolls back, made read-only before the query runs;
 *  3. the scope row (sql_sandbox_scope) written by the server before it switches role; the
 *     views of schema sql_sandbox show only that import and run with their owner's rights;
 *  4. SET LOCAL ROLE segra_sql_reader: may read those views and nothing else;
 *  5. a statement timeout, a row limit and a result-size limit. PGlite cannot interrupt a running
 *     statement and runs one statement at a time, so there the query runs in a child process on
 *     its own copy of the period's data, which is killed at the timeout (pglite-sandbox.ts;
 *     docs/decisions/2026-11-25-sandbox-worker.md): no query ever delays another request.
 */

export const SQL_TIMEOUT_MS = 5_000;
export const SQL_ROW_LIMIT = 10_000;
/** Bytes of JSON text the rows of one result may take; the result is cut (truncated) beyond. */
export const SQL_MAX_RESULT_BYTES = 16 * 1024 * 1024;
export const READER_ROLE = 'segra_sql_reader';
/** The views the reader may query, one per SAP table (server/db/migrations/0009_sql_sandbox.sql). */
export const SANDBOX_VIEWS = [
  'usr02',
  'agr_users',
  'agr_1251',
  'agr_define',
  'agr_agrs',
  'agr_1252',
  'agr_texts',
  'agr_1016',
  'ust04',
  'ust10c',
  'ust10s',
  'ust12',
  'usrefus',
  'usr06',
  'user_addr',
  'tstct',
  'tstca',
  'cvers',
  't000',
] as const;

export interface SandboxOptions {
  timeoutMs?: number;
  rowLimit?: number;
  maxResultBytes?: number;
}

export interface SandboxResult {
  columns: string[];
  rows: unknown[][];
  rowCount: number;
  /** More rows than the limit, or more bytes than the result may take: the rest was left off. */
  truncated: boolean;
  /** Why the result was cut, when it was. */
  truncatedBy?: 'rowLimit' | 'size';
  rowLimit: number;
  durationMs: number;
}

interface Step {
  rows: unknown[][];
  fields: string[];
}
export type Runner = (sql: string, params?: unknown[]) => Promise<Step>;

/** What a refusal of the user's query was for: the UI words it from this code (DESIGN 6). */
export type RefusalCode = 'SQL_QUERY_REFUSED' | 'SQL_READ_ONLY' | 'SQL_SYNTAX' | 'SQL_VIEWS' | 'SQL_ROLE' | 'SQL_FAILED';
export const queryRefused = (code: RefusalCode, message: string): AppError => coded(400, code, {}, message);
export const timedOut = (timeoutMs: number): AppError =>
  coded(400, 'SQL_QUERY_TIMEOUT', { seconds: timeoutMs / 1000 }, `The query ran longer than ${timeoutMs / 1000} s and was stopped`);

/** Turns a database error of the user's query into a 400 that says what was refused. */
function mapQueryError(e: unknown, timeoutMs: number): never {
  if (e instanceof AppError) throw e;
  const err = e as { code?: string; message?: string } | null;
  const code = typeof err?.code === 'string' ? err.code : '';
  const message = err?.message ?? 'unknown error';
  if (code === '57014') throw timedOut(timeoutMs);
  if (code === '25006') throw queryRefused('SQL_READ_ONLY', `The query must only read: ${message}`);
  if (code === '42501') {
    throw queryRefused('SQL_VIEWS', `The query may only read the period views (${SANDBOX_VIEWS.join(', ')}): ${message}`);
  }
  if (code === '42P01')
    throw queryRefused('SQL_VIEWS', `The query reads an unknown table: ${message}. The period views are: ${SANDBOX_VIEWS.join(', ')}`);
  if (code === '42601') throw queryRefused('SQL_SYNTAX', `The query has a syntax error: ${message}`);
  // Other errors of the query itself: undefined column or function, bad cast, division by zero,
  // feature not supported, too much memory, …
  if (/^(42|22|21|0A|2F|53|54|XX000)/.test(code)) throw queryRefused('SQL_FAILED', `The query failed: ${message}`);
  throw e;
}

const quoteIdent = (name: string): string => `"${name.replace(/"/g, '""')}"`;

/** A JSON-safe cell: dates as ISO text, big integers and bytes as text. */
function cell(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'bigint') return value.toString();
  return value;
}

/** The statements of one sandboxed run, on a connection already inside a fresh transaction. */
export async function runInTransaction(
  run: Runner,
  importId: string,
  text: string,
  o: Required<SandboxOptions>,
): Promise<SandboxResult> {
  // As the server's role: the scope, then the settings the query runs under (it cannot change
  // them: sql-guard refuses SET and set_config, and read-only mode cannot be turned off again).
  await run('INSERT INTO sql_sandbox_scope (import_id) VALUES ($1)', [importId]);
  await run('SET LOCAL search_path = sql_sandbox, pg_temp');
  await run('SET LOCAL transaction_read_only = on');
  await run(`SET LOCAL ROLE ${READER_ROLE}`);
  await run(`SET LOCAL statement_timeout = ${Math.max(1, Math.floor(o.timeoutMs))}`);

  const started = performance.now();
  try {
    // The columns (also of an empty result), then the rows as JSON text under positional names,
    // cut where their running size passes the limit.
    const described = await run(`SELECT * FROM (\n${text}\n) AS segra_q LIMIT 0`);
    const columns = described.fields;
    const aliases = columns.length ? `(${columns.map((_, i) => quoteIdent(`c${i}`)).join(', ')})` : '';
    const cap = Math.floor(o.maxResultBytes);
    const main = await run(
      `SELECT CASE WHEN t.segra_total <= ${cap} THEN t.segra_row END AS segra_row
       FROM (
         SELECT r.segra_row, sum(octet_length(r.segra_row)) OVER (ROWS UNBOUNDED PRECEDING) AS segra_total
         FROM (SELECT row_to_json(segra_q.*)::text AS segra_row FROM (\n${text}\n) AS segra_q${aliases} LIMIT ${o.rowLimit + 1}) r
       ) t
       WHERE t.segra_total - octet_length(t.segra_row) <= ${cap}`,
    );
    const durationMs = Math.round(performance.now() - started);
    // The server's own check that the query changed neither role nor read-only mode.
    const after = await run(`SELECT current_user::text, current_setting('transaction_read_only')`);
    if (after.rows[0]?.[0] !== READER_ROLE || after.rows[0]?.[1] !== 'on') {
      throw queryRefused('SQL_ROLE', 'The query must not change its database role or transaction mode');
    }
    let truncatedBy: SandboxResult['truncatedBy'];
    const rows: unknown[][] = [];
    for (const [json] of main.rows) {
      if (json === null || json === undefined) {
        truncatedBy = 'size';
        break;
      }
      if (rows.length === o.rowLimit) {
        truncatedBy = 'rowLimit';
        break;
      }
      const record = JSON.parse(String(json)) as Record<string, unknown>;
      rows.push(columns.map((_, i) => cell(record[`c${i}`])));
    }
    return {
      columns,
      rows,
      rowCount: rows.length,
      truncated: truncatedBy !== undefined,
      ...(truncatedBy ? { truncatedBy } : {}),
      rowLimit: o.rowLimit,
      durationMs,
    };
  } catch (e) {
    mapQueryError(e, o.timeoutMs);
  }
}

/** Rolls back whatever fn did, also when it succeeded. */
class Rollback extends Error {
  constructor(readonly result: SandboxResult) {
    super('rollback');
  }
}

export async function runOnPglite(pglite: PGlite, fn: (run: Runner) => Promise<SandboxResult>): Promise<SandboxResult> {
  try {
    // PGlite's transaction() holds its exclusive lock: no other query of the app runs inside it,
    // and it ends with ROLLBACK when the callback throws.
    await pglite.transaction(async (tx) => {
      const run: Runner = async (sql, params = []) => {
        const r = await tx.query<unknown[]>(sql, params, { rowMode: 'array' });
        return { rows: r.rows, fields: r.fields.map((f) => f.name) };
      };
      throw new Rollback(await fn(run));
    });
  } catch (e) {
    if (e instanceof Rollback) return e.result;
    throw e;
  }
  throw new Error('unreachable');
}

const pools = new WeakMap<Database, pg.Pool>();

/** A small pool of its own (PostgreSQL), so a sandbox session can be reset or dropped freely. */
export function sandboxPool(db: Database): pg.Pool {
  let pool = pools.get(db);
  if (!pool) {
    if (!db.connectionString) throw new Error('The sandbox needs the PostgreSQL connection string');
    pool = new pg.Pool({ connectionString: db.connectionString, max: 4 });
    pool.on('error', () => {});
    pools.set(db, pool);
  }
  return pool;
}

export async function closeSandboxPool(db: Database): Promise<void> {
  closeSandboxWorkers(db);
  const pool = pools.get(db);
  pools.delete(db);
  await pool?.end();
}

async function runOnPostgres(db: Database, fn: (run: Runner) => Promise<SandboxResult>): Promise<SandboxResult> {
  const client = await sandboxPool(db).connect();
  let broken: Error | undefined;
  try {
    await client.query('BEGIN');
    try {
      const run: Runner = async (sql, params = []) => {
        // The extended protocol: one statement per call, whatever the text holds.
        // (queryMode is supported by pg 8.23 but missing from its types.)
        const config = { text: sql, values: params, rowMode: 'array', queryMode: 'extended' } as pg.QueryArrayConfig;
        const r = await client.query<unknown[]>(config);
        return { rows: r.rows, fields: r.fields.map((f) => f.name) };
      };
      return await fn(run);
    } finally {
      await client.query('ROLLBACK');
      // Session state that outlives a transaction (advisory locks, …) goes with the session.
      await client.query('DISCARD ALL');
    }
  } catch (e) {
    if (!(e instanceof AppError)) broken = e as Error;
    throw e;
  } finally {
    // A connection that failed other than by a refused query is dropped, not reused.
    client.release(broken);
  }
}

/**
 * Checks and runs `sql` as the sandbox reader on the rows of import `importId`. Throws AppError
 * 400 (SQL_QUERY_REFUSED or SQL_QUERY_TIMEOUT) with a message naming what was refused.
 */
export async function runSandboxedQuery(
  db: Database,
  importId: string,
  sql: string,
  options: SandboxOptions = {},
): Promise<SandboxResult> {
  const o: Required<SandboxOptions> = {
    timeoutMs: options.timeoutMs ?? SQL_TIMEOUT_MS,
    rowLimit: options.rowLimit ?? SQL_ROW_LIMIT,
    maxResultBytes: options.maxResultBytes ?? SQL_MAX_RESULT_BYTES,
  };
  let text: string;
  try {
    text = checkReadOnlyQuery(sql);
  } catch (e) {
    if (e instanceof SqlGuardError) throw queryRefused(e.code, e.message);
    throw e;
  }
  if (db.kind === 'pglite') return runInSandboxWorker(db, importId, text, o);
  return runOnPostgres(db, (run) => runInTransaction(run, importId, text, o));
}
