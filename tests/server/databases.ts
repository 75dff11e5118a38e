import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openPglite, openPostgres, type Database } from '../../server/db/database.ts';

// PostgreSQL runs when a local server accepts trust connections at 127.0.0.1:5432 (as on CI
// and dev machines with a PostgreSQL), or at TEST_DATABASE_URL; without one those blocks are
// skipped, not failed, and PGlite still covers the same tests.
const ADMIN_URLS = [
  process.env.TEST_DATABASE_URL,
  'postgres://postgres@127.0.0.1:5432/postgres',
  'postgres://root@127.0.0.1:5432/root',
].filter((u): u is string => Boolean(u));

async function findAdminUrl(): Promise<string | undefined> {
  for (const url of ADMIN_URLS) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
    try {
      await client.connect();
      await client.query('SELECT 1');
      return url;
    } catch {
      // try the next one
    } finally {
      await client.end().catch(() => {});
    }
  }
  return undefined;
}

// SEGRA_TEST_DB=pglite (npm run test:server:pglite) leaves PostgreSQL out even when one runs.
export const postgresAdminUrl = process.env.SEGRA_TEST_DB === 'pglite' ? undefined : await findAdminUrl();

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: postgresAdminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export interface TestDatabase {
  open(): Promise<Database>;
  teardown(): Promise<void>;
}

export const pgliteDatabase = (): TestDatabase => ({ open: () => openPglite('memory://'), teardown: async () => {} });

/** A fresh PostgreSQL database per suite, dropped afterwards; `prefix` tells whose it is. */
export function postgresDatabase(prefix = 'segra_test'): TestDatabase {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  return {
    async open() {
      await adminQuery(`CREATE DATABASE ${name}`);
      const url = new URL(postgresAdminUrl!);
      url.pathname = `/${name}`;
      return openPostgres(url.toString());
    },
    teardown: () => adminQuery(`DROP DATABASE IF EXISTS ${name}`),
  };
}
