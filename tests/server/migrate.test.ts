import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/database.ts';
import { pgliteDatabase, postgresAdminUrl, postgresDatabase } from './databases.ts';
import { loadMigrations, migrate } from '../../server/db/migrate.ts';

/** The same checks on both databases: one migration set, one SQL. */
function migrationSuite(open: () => Promise<Database>, teardown: () => Promise<void> = async () => {}): void {
  let db: Database;
  beforeAll(async () => {
    db = await open();
  });
  afterAll(async () => {
    await db?.close();
    await teardown();
  });

  it('applies every migration in order, then nothing on a re-run', async () => {
    const versions = loadMigrations().map((m) => m.version);
    expect(versions[0]).toBe('0001_foundation');
    expect(await migrate(db)).toEqual(versions);
    expect(await migrate(db)).toEqual([]);
    const { rows } = await db.query<{ version: string; applied_at: Date }>(
      'SELECT version, applied_at FROM schema_migrations ORDER BY version',
    );
    expect(rows.map((r) => r.version)).toEqual(versions);
    expect(rows[0].applied_at).toBeInstanceOf(Date);
  });

  it('creates the tables of the migrations', async () => {
    const { rows } = await db.query<{ table_name: string }>(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name",
    );
    // Later migrations add tables; these are the ones the first three promise.
    expect(rows.map((r) => r.table_name)).toEqual(
      expect.arrayContaining(['app_settings', 'app_users', 'customers', 'departments', 'schema_migrations']),
    );
  });

  it('enforces defaults, the role check, the unique email and the customer reference', async () => {
    const { rows: customers } = await db.query<{ id: string; status: string }>(
      "INSERT INTO customers (name, vkn) VALUES ('Acme', '1234567890') RETURNING id, status",
    );
    const customerId = customers[0].id;
    expect(customerId).toMatch(/^[0-9a-f-]{36}$/);
    const insertUser = (email: string, role: string, customer: string | null = customerId) =>
      db.query('INSERT INTO app_users (customer_id, email, username, password_hash, role) VALUES ($1, $2, $3, $4, $5)', [
        customer,
        email,
        email.split('@')[0],
        'x',
        role,
      ]);
    await insertUser('admin@acme.test', 'Admin');
    await insertUser('root@segra.test', 'SuperAdmin', null);
    await expect(insertUser('bad@acme.test', 'Owner')).rejects.toThrow(/check constraint/i);
    await expect(insertUser('admin@acme.test', 'User')).rejects.toThrow(/unique|duplicate/i);
    await expect(insertUser('ghost@acme.test', 'User', '00000000-0000-0000-0000-000000000000')).rejects.toThrow(
      /foreign key/i,
    );
    const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM app_users');
    expect(rows[0].n).toBe(2);
  });

  it('rolls a transaction back when it throws and commits when it resolves', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query("INSERT INTO customers (name) VALUES ('Rolled back')");
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect((await db.query("SELECT 1 FROM customers WHERE name = 'Rolled back'")).rows).toHaveLength(0);

    const id = await db.transaction(async (tx) => {
      const { rows } = await tx.query<{ id: string }>("INSERT INTO customers (name) VALUES ('Kept') RETURNING id");
      // A nested transaction is a savepoint: its failure undoes only its own work.
      await expect(
        tx.transaction(async (inner) => {
          await inner.query("INSERT INTO customers (name) VALUES ('Inner')");
          throw new Error('inner');
        }),
      ).rejects.toThrow('inner');
      return rows[0].id;
    });
    const names = (await db.query<{ name: string }>("SELECT name FROM customers WHERE name IN ('Kept', 'Inner')")).rows;
    expect(names.map((r) => r.name)).toEqual(['Kept']);
    expect((await db.query('SELECT 1 FROM customers WHERE id = $1', [id])).rows).toHaveLength(1);
  });

  it('rolls back a failing migration with its record', async () => {
    const broken = [...loadMigrations(), { version: '9999_broken', sql: 'CREATE TABLE half_done (id int); SELECT no_such_fn();' }];
    await expect(migrate(db, broken)).rejects.toThrow();
    const { rows } = await db.query("SELECT 1 FROM information_schema.tables WHERE table_name = 'half_done'");
    expect(rows).toHaveLength(0);
    expect((await db.query("SELECT 1 FROM schema_migrations WHERE version = '9999_broken'")).rows).toHaveLength(0);
  });
}

describe('migrations on PGlite (in memory)', () => {
  migrationSuite(pgliteDatabase({ migrated: false }).open);
});

describe.skipIf(!postgresAdminUrl)('migrations on PostgreSQL (127.0.0.1:5432)', () => {
  const pgDb = postgresDatabase('segra_test', { migrated: false });
  migrationSuite(pgDb.open, pgDb.teardown);
});
