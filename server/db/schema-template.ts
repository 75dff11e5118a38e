import { createHash, randomBytes } from 'node:crypto';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openPglite, type Database } from './database.ts';
import { loadMigrations, migrate } from './migrate.ts';

let hash: string | undefined;

/** Names the current set of migrations: a new or changed migration gives a new name. */
export function migrationsHash(): string {
  if (!hash) {
    const h = createHash('sha256');
    for (const m of loadMigrations()) h.update(m.version).update(m.sql);
    hash = h.digest('hex').slice(0, 16);
  }
  return hash;
}

/**
 * Where an in-memory PGlite with the application's schema is saved for the next one to load
 * (`<tmpdir>/<prefix>-<hash of the migrations>.tar`): initdb and the migrations take seconds
 * (9-12 s on a loaded 2-core machine), loading the dump a fraction of that. `prefix` keeps apart
 * the users of a dump that may be damaged on purpose (the sandbox's own test damages its file).
 */
export function schemaTemplateFile(prefix = 'segra-sandbox-schema'): string {
  return path.join(tmpdir(), `${prefix}-${migrationsHash()}.tar`);
}

/**
 * An in-memory PGlite with every migration applied: loaded from `template` when the file is
 * there, else built (initdb and the migrations) and saved there for the next one. A damaged
 * file (or one of another PGlite version) is removed and built again.
 */
export async function openMigratedPglite(template: string): Promise<Database> {
  const saved = await readFile(template).catch(() => undefined);
  if (saved) {
    try {
      return await openPglite('memory://', { loadDataDir: new Blob([saved]) });
    } catch {
      await rm(template, { force: true });
    }
  }
  const db = await openPglite('memory://');
  await migrate(db);
  const dump = Buffer.from(await (await db.pglite!.dumpDataDir('none')).arrayBuffer());
  // Written aside and renamed: a reader in another process sees the whole file or none.
  const partial = `${template}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await writeFile(partial, dump, { mode: 0o600 });
  await rename(partial, template);
  return db;
}
