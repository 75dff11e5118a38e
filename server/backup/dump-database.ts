import type { Database } from '../db/database.ts';

/** The last migration applied to `db` (the manifest's `migration`). */
export async function migrationLevel(db: Database): Promise<string> {
  const { rows } = await db.query<{ version: string | null }>('SELECT max(version) AS version FROM schema_migrations');
  const version = rows[0]?.version;
  if (!version) throw new Error('the database has no migrations applied; there is nothing to back up');
  return version;
}

/**
 * A hot, consistent dump of the embedded database: PGlite's own tarball of its data folder.
 *
 * Why consistent: PGlite is one backend in this process; its dump reads the files while no
 * statement runs. Holding a transaction of our own around it (PGlite runs one transaction at a
 * time, and every write of Segra and of pg-boss is one statement, one exec or one
 * `transaction()`) makes the dump wait until no other transaction is open, so it never holds
 * half of one; the idle BEGIN it sits in is rolled back on restore and changed nothing.
 * The checkpoint first writes the shared buffers out, so a restore replays little WAL.
 */
export async function dumpPglite(db: Database): Promise<{ database: Uint8Array; migration: string }> {
  const pglite = db.pglite;
  if (db.kind !== 'pglite' || !pglite) throw new Error('dumpPglite needs the top-level embedded (PGlite) database');
  const migration = await migrationLevel(db);
  await pglite.exec('CHECKPOINT');
  const blob = await pglite.transaction(() => pglite.dumpDataDir('gzip'));
  return { database: new Uint8Array(await blob.arrayBuffer()), migration };
}
