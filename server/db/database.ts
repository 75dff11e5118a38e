import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite, type Transaction as PGliteTransaction } from '@electric-sql/pglite';
import pg from 'pg';
import { from as copyFromStdin, to as copyToStdout } from 'pg-copy-streams';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Config } from '../config.ts';
import { lockDataDir } from './data-dir-lock.ts';

/** The one database interface the server uses; PGlite (embedded) and PostgreSQL implement it. */
export interface Database {
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
  /** Parameterless text, possibly several statements (migrations). */
  exec(sql: string): Promise<void>;
  /** Runs fn in a transaction: committed when fn resolves, rolled back when it throws. Nested calls use savepoints. */
  transaction<T>(fn: (tx: Database) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /**
   * Bulk load (COPY … FROM in text format): `chunks` are whole lines of tab-separated,
   * COPY-escaped fields (server/db/copy-text.ts). Runs in the handle's transaction, if any.
   */
  copyIn(table: string, columns: readonly string[], chunks: AsyncIterable<string> | Iterable<string>, options?: CopyInOptions): Promise<void>;
  /** Bulk read (COPY (select) TO in text format): the raw bytes, to be split by copy-text. */
  copyOut(select: string): AsyncIterable<Uint8Array>;
  kind: 'pglite' | 'postgres';
  /** The underlying PGlite instance (PGlite only; not set on transaction handles), for the job queue adapter. */
  pglite?: PGlite;
  /** The PostgreSQL connection string (PostgreSQL only; not set on transaction handles), for the job queue. */
  connectionString?: string;
}

export interface CopyInOptions {
  /**
   * COPY … WITH (FREEZE): the rows are written frozen and their pages all-visible, so no VACUUM
   * has to visit them before an index-only scan can use them. Only for a table created in the
   * handle's transaction (PostgreSQL refuses it otherwise).
   */
  freeze?: boolean;
}

const copyOptions = (options?: CopyInOptions): string => (options?.freeze ? ' WITH (FREEZE)' : '');

type DbConfig = Pick<Config, 'DATA_DIR' | 'DATABASE_URL'>;

/** PGlite data directory: `<DATA_DIR>/pglite` (./data/pglite by default); `memory://…` is used as is. */
export function pgliteDataDir(config: Pick<Config, 'DATA_DIR'>): string {
  return config.DATA_DIR.startsWith('memory://') ? config.DATA_DIR : path.join(config.DATA_DIR, 'pglite');
}

/** PostgreSQL when DATABASE_URL is set, otherwise the embedded PGlite under DATA_DIR. */
export async function openDatabase(config: DbConfig): Promise<Database> {
  if (config.DATABASE_URL) return openPostgres(config.DATABASE_URL);
  return openPglite(pgliteDataDir(config));
}

let savepointCounter = 0;

/** Nested transaction on an already-open transaction, through a savepoint. */
async function withSavepoint<T>(tx: Database, fn: (tx: Database) => Promise<T>): Promise<T> {
  const name = `segra_sp_${++savepointCounter}`;
  await tx.exec(`SAVEPOINT ${name}`);
  try {
    const result = await fn(tx);
    await tx.exec(`RELEASE SAVEPOINT ${name}`);
    return result;
  } catch (e) {
    await tx.exec(`ROLLBACK TO SAVEPOINT ${name}`);
    throw e;
  }
}

const quoteIdent = (name: string): string => {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Bad identifier for COPY: ${name}`);
  return `"${name}"`;
};
const copyTarget = (table: string, columns: readonly string[]): string =>
  `${quoteIdent(table)} (${columns.map(quoteIdent).join(', ')})`;

// PGlite reads COPY input from one in-memory blob: load in batches so a 5-million-row table
// never needs one giant buffer inside the WASM heap.
const PGLITE_COPY_BATCH = 32 << 20;

type PgliteRunner = Pick<PGlite, 'query'>;

async function pgliteCopyIn(
  runner: PgliteRunner,
  table: string,
  columns: readonly string[],
  chunks: AsyncIterable<string> | Iterable<string>,
  options?: CopyInOptions,
): Promise<void> {
  const sql = `COPY ${copyTarget(table, columns)} FROM '/dev/blob'${copyOptions(options)}`;
  let parts: string[] = [];
  let size = 0;
  const flush = async (): Promise<void> => {
    if (parts.length === 0) return;
    await runner.query(sql, [], { blob: new Blob(parts) });
    parts = [];
    size = 0;
  };
  for await (const chunk of chunks) {
    parts.push(chunk);
    size += chunk.length;
    if (size >= PGLITE_COPY_BATCH) await flush();
  }
  await flush();
}

async function* pgliteCopyOut(runner: PgliteRunner, select: string): AsyncIterable<Uint8Array> {
  const result = await runner.query(`COPY (${select}) TO '/dev/blob'`);
  const blob = result.blob;
  if (!blob) return;
  const reader = blob.stream().getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    yield value;
  }
}

async function postgresCopyIn(
  client: pg.PoolClient,
  table: string,
  columns: readonly string[],
  chunks: AsyncIterable<string> | Iterable<string>,
  options?: CopyInOptions,
): Promise<void> {
  const sink = client.query(copyFromStdin(`COPY ${copyTarget(table, columns)} FROM STDIN${copyOptions(options)}`));
  await pipeline(Readable.from(chunks, { objectMode: false }), sink);
}

async function* postgresCopyOut(client: pg.PoolClient, select: string): AsyncIterable<Uint8Array> {
  const source = client.query(copyToStdout(`COPY (${select}) TO STDOUT`));
  for await (const chunk of source) yield chunk as Uint8Array;
}

/** `loadDataDir`: a PGlite dump to start from (`segra restore`); the folder must hold no database yet. */
export async function openPglite(dataDir: string, options: { loadDataDir?: Blob } = {}): Promise<Database> {
  // A fresh clone has no data folder yet; PGlite creates only the last level itself.
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  // One process per data folder (DESIGN 7a): refused here, before PGlite touches a file.
  const unlock = dataDir.startsWith('memory://') ? () => {} : lockDataDir(dataDir);
  let db: PGlite;
  try {
    db = await PGlite.create(dataDir, options.loadDataDir ? { loadDataDir: options.loadDataDir } : {});
  } catch (e) {
    unlock();
    throw e;
  }
  const wrapTx = (tx: PGliteTransaction): Database => {
    const self: Database = {
      kind: 'pglite',
      query: async <T>(sql: string, params?: unknown[]) => ({ rows: (await tx.query<T>(sql, params as unknown[])).rows }),
      exec: async (sql: string) => {
        await tx.exec(sql);
      },
      transaction: (fn) => withSavepoint(self, fn),
      copyIn: (table, columns, chunks, options) => pgliteCopyIn(tx, table, columns, chunks, options),
      copyOut: (select) => pgliteCopyOut(tx, select),
      close: async () => {
        throw new Error('close() is not allowed inside a transaction');
      },
    };
    return self;
  };
  return {
    kind: 'pglite',
    copyIn: (table, columns, chunks, options) => pgliteCopyIn(db, table, columns, chunks, options),
    copyOut: (select) => pgliteCopyOut(db, select),
    pglite: db,
    query: async <T>(sql: string, params?: unknown[]) => ({ rows: (await db.query<T>(sql, params as unknown[])).rows }),
    exec: async (sql: string) => {
      await db.exec(sql);
    },
    transaction: <T>(fn: (tx: Database) => Promise<T>) => db.transaction((tx) => fn(wrapTx(tx))),
    close: async () => {
      try {
        await db.close();
      } finally {
        unlock();
      }
    },
  };
}

/** How long a new PostgreSQL connection may take before the request is answered 503. */
const CONNECT_TIMEOUT_MS = 5000;

export async function openPostgres(connectionString: string): Promise<Database> {
  const pool = new pg.Pool({
    connectionString,
    // A database that went away is answered within seconds (503, DESIGN 7b) rather than waited
    // for; a connection dead without a word (a half-open TCP link) ends in an error, not in silence.
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
  });
  // No lost connection ends the process (DESIGN 7b). An idle client's error reaches the pool's
  // listener; a checked-out client's (a restart in the middle of a transaction or a COPY, with no
  // query of its own running to take the error) reaches its own listener: its query in flight
  // rejects, and the pool discards it on release (it is no longer queryable). The next
  // connection is made afresh, so the pool reconnects by itself once the database is back.
  pool.on('error', () => {});
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  // Fail fast on a wrong URL rather than at the first request.
  const probe = await pool.connect();
  probe.release();
  const wrapClient = (client: pg.PoolClient): Database => {
    const self: Database = {
      kind: 'postgres',
      query: async <T>(sql: string, params?: unknown[]) => ({ rows: (await client.query(sql, params)).rows as T[] }),
      exec: async (sql: string) => {
        await client.query(sql);
      },
      transaction: (fn) => withSavepoint(self, fn),
      copyIn: (table, columns, chunks, options) => postgresCopyIn(client, table, columns, chunks, options),
      copyOut: (select) => postgresCopyOut(client, select),
      close: async () => {
        throw new Error('close() is not allowed inside a transaction');
      },
    };
    return self;
  };
  return {
    kind: 'postgres',
    async copyIn(table, columns, chunks, options) {
      const client = await pool.connect();
      let failed = false;
      try {
        await postgresCopyIn(client, table, columns, chunks, options);
      } catch (e) {
        failed = true;
        throw e;
      } finally {
        // A COPY broken off midway leaves the connection in an unknown state: discard it.
        client.release(failed ? true : undefined);
      }
    },
    async *copyOut(select) {
      const client = await pool.connect();
      let finished = false;
      try {
        yield* postgresCopyOut(client, select);
        finished = true;
      } finally {
        // A reader that stopped early leaves the COPY half-read: that connection is discarded.
        client.release(finished ? undefined : true);
      }
    },
    connectionString,
    query: async <T>(sql: string, params?: unknown[]) => ({ rows: (await pool.query(sql, params)).rows as T[] }),
    exec: async (sql: string) => {
      await pool.query(sql);
    },
    transaction: async <T>(fn: (tx: Database) => Promise<T>) => {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        await client.query('BEGIN');
        try {
          const result = await fn(wrapClient(client));
          await client.query('COMMIT');
          return result;
        } catch (e) {
          try {
            await client.query('ROLLBACK');
          } catch (rollbackError) {
            broken = rollbackError as Error; // the connection is unusable: discard it
          }
          throw e;
        }
      } finally {
        client.release(broken);
      }
    },
    close: () => pool.end(),
  };
}
