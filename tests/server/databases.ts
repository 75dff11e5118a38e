import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openPglite, openPostgres, type Database } from '../../server/db/database.ts';
import { migrate } from '../../server/db/migrate.ts';
import { migrationsHash, openMigratedPglite, schemaTemplateFile } from '../../server/db/schema-template.ts';

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

/**
 * `migrated` (the default): the database starts with every migration applied, copied from a
 * template made once per set of migrations, so a suite's own `migrate(db)` finds nothing to do
 * (docs/decisions/2026-11-28-test-suite-speed.md). `false`: an empty database, for the tests of
 * the migrations themselves.
 */
export interface DatabaseOptions {
  migrated?: boolean;
}

// The tests' own dump, apart from the sandbox's (whose test damages its file on purpose).
const PGLITE_TEMPLATE = schemaTemplateFile('segra-test-schema');

export const pgliteDatabase = ({ migrated = true }: DatabaseOptions = {}): TestDatabase => ({
  open: () => (migrated ? openMigratedPglite(PGLITE_TEMPLATE) : openPglite('memory://')),
  teardown: async () => {},
});

/**
 * The migrated PostgreSQL database new ones are copied from (CREATE DATABASE … TEMPLATE), made
 * once per set of migrations and kept between runs. Built under a name of its own and renamed
 * at the end, so no copy is ever taken of a half-migrated one; of two runs building it at once,
 * the second to finish drops its own.
 */
let postgresTemplate: Promise<string> | undefined;

async function buildPostgresTemplate(): Promise<string> {
  const name = `segra_template_${migrationsHash()}`;
  const admin = new pg.Client({ connectionString: postgresAdminUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (rows.length > 0) return name;
    const building = `${name}_${randomBytes(4).toString('hex')}`;
    await admin.query(`CREATE DATABASE ${building}`);
    const url = new URL(postgresAdminUrl!);
    url.pathname = `/${building}`;
    const db = await openPostgres(url.toString());
    try {
      await migrate(db);
    } finally {
      await db.close();
    }
    try {
      await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
    } catch (e) {
      await admin.query(`DROP DATABASE IF EXISTS ${building}`);
      if ((e as { code?: string }).code !== '42P04') throw e; // 42P04: built meanwhile by another run
    }
    return name;
  } finally {
    await admin.end();
  }
}

/** A fresh PostgreSQL database per suite, dropped afterwards; `prefix` tells whose it is. */
export function postgresDatabase(prefix = 'segra_test', { migrated = true }: DatabaseOptions = {}): TestDatabase {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  return {
    async open() {
      const template = migrated ? await (postgresTemplate ??= buildPostgresTemplate()) : undefined;
      await adminQuery(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
      const url = new URL(postgresAdminUrl!);
      url.pathname = `/${name}`;
      return openPostgres(url.toString());
    },
    teardown: () => adminQuery(`DROP DATABASE IF EXISTS ${name}`),
  };
}
