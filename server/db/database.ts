import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite, type Transaction as PGliteTransaction } from '@electric-sql/pglite';
import pg from 'pg';
import type { Config } from '../config.ts';

/** The one database interface the server uses; PGlite (embedded) and PostgreSQL implement it. */
export interface Database {
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
  /** Parameterless text, possibly several statements (migrations). */
  exec(sql: string): Promise<void>;
  /** Runs fn in a transaction: committed when fn resolves, rolled back when it throws. Nested calls use savepoints. */
  transaction<T>(fn: (tx: Database) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  kind: 'pglite' | 'postgres';
  /** The underlying PGlite instance (PGlite only; not set on transaction handles), for the job queue adapter. */
  pglite?: PGlite;
  /** The PostgreSQL connection string (PostgreSQL only; not set on transaction handles), for the job queue. */
  connectionString?: string;
}

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

export async function openPglite(dataDir: string): Promise<Database> {
  // A fresh clone has no data folder yet; PGlite creates only the last level itself.
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const db = await PGlite.create(dataDir);
  const wrapTx = (tx: PGliteTransaction): Database => {
    const self: Database = {
      kind: 'pglite',
      query: async <T>(sql: string, params?: unknown[]) => ({ rows: (await tx.query<T>(sql, params as unknown[])).rows }),
      exec: async (sql: string) => {
        await tx.exec(sql);
      },
      transaction: (fn) => withSavepoint(self, fn),
      close: async () => {
        throw new Error('close() is not allowed inside a transaction');
      },
    };
    return self;
  };
  return {
    kind: 'pglite',
    pglite: db,
    query: async <T>(sql: string, params?: unknown[]) => ({ rows: (await db.query<T>(sql, params as unknown[])).rows }),
    exec: async (sql: string) => {
      await db.exec(sql);
    },
    transaction: <T>(fn: (tx: Database) => Promise<T>) => db.transaction((tx) => fn(wrapTx(tx))),
    close: () => db.close(),
  };
}

export async function openPostgres(connectionString: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => {});
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
      close: async () => {
        throw new Error('close() is not allowed inside a transaction');
      },
    };
    return self;
  };
  return {
    kind: 'postgres',
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
