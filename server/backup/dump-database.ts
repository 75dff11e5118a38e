import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { Database } from '../db/database.ts';

const gzipAsync = promisify(gzip);

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
 * Every query waits while the files are read (about 1 s for a 75 MB folder): the tarball is
 * taken uncompressed and gzipped afterwards off the event loop (zlib's thread pool), which
 * halves that wait against PGlite's own gzip inside it.
 */
export async function dumpPglite(db: Database): Promise<{ database: Uint8Array; migration: string }> {
  const pglite = db.pglite;
  if (db.kind !== 'pglite' || !pglite) throw new Error('dumpPglite needs the top-level embedded (PGlite) database');
  const migration = await migrationLevel(db);
  await pglite.exec('CHECKPOINT');
  const tar = await pglite.transaction(() => pglite.dumpDataDir('none'));
  return { database: new Uint8Array(await gzipAsync(new Uint8Array(await tar.arrayBuffer()))), migration };
}
