import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Database } from './database.ts';
import { PROJECT_ROOT } from '../project-root.ts';

export const MIGRATIONS_DIR = path.join(PROJECT_ROOT, 'server', 'db', 'migrations');

export interface Migration {
  version: string;
  sql: string;
}

/** `NNNN_name.sql` files of the directory, in version order. */
export function loadMigrations(dir: string = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f))
    .sort()
    .map((f) => ({ version: f.replace(/\.sql$/, ''), sql: readFileSync(path.join(dir, f), 'utf8') }));
}

// One advisory lock serialises runners (several `segra serve` nodes starting on one PostgreSQL).
const LOCK = 'SELECT pg_advisory_xact_lock(5372019)';

/**
 * Applies the migrations not yet recorded in schema_migrations, in order, each in its own
 * transaction together with its record. Returns the versions applied (empty when up to date).
 */
export async function migrate(db: Database, migrations: Migration[] = loadMigrations()): Promise<string[]> {
  await db.transaction(async (tx) => {
    await tx.query(LOCK);
    await tx.exec(
      'CREATE TABLE IF NOT EXISTS schema_migrations (version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
  });
  const applied: string[] = [];
  for (const migration of migrations) {
    const done = await db.transaction(async (tx) => {
      await tx.query(LOCK);
      const { rows } = await tx.query('SELECT 1 FROM schema_migrations WHERE version = $1', [migration.version]);
      if (rows.length > 0) return false;
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO schema_migrations (version, applied_at) VALUES ($1, now())', [migration.version]);
      return true;
    });
    if (done) applied.push(migration.version);
  }
  return applied;
}
