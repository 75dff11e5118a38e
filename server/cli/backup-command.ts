import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { packBackup, readBackup } from '../backup/backup-file.ts';
import { requestBackup } from '../backup/backup-socket.ts';
import { dumpPglite, migrationLevel } from '../backup/dump-database.ts';
import { loadConfig, type Config } from '../config.ts';
import { DataDirLockedError } from '../db/data-dir-lock.ts';
import { openPglite, pgliteDataDir } from '../db/database.ts';
import { loadMigrations } from '../db/migrate.ts';
import { InputError } from '../importers/input-error.ts';
import { PROJECT_ROOT } from '../project-root.ts';
import { parseFlags, requireFlag } from './options.ts';
import { UsageError } from './usage-error.ts';
import { PG_DUMP, PG_RESTORE } from './usage.ts';

const segraVersion = (): string =>
  (JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as { version: string }).version;

/** The embedded database's folder, or the exit status 2 with what to do instead. */
function embeddedOnly(config: Config, command: 'backup' | 'restore'): string | number {
  if (config.DATABASE_URL) {
    process.stderr.write(
      `segra ${command}: DATABASE_URL is set, so the database is PostgreSQL's: ` +
        `${command === 'backup' ? 'back it up with' : 'restore it with'}\n  ${command === 'backup' ? PG_DUMP : PG_RESTORE}\n` +
        '(segra backup and segra restore handle the embedded database in DATA_DIR)\n',
    );
    return 2;
  }
  if (config.DATA_DIR.startsWith('memory://')) {
    process.stderr.write(
      `segra ${command}: DATA_DIR ${config.DATA_DIR} is in memory; there is no folder to ${command}\n`,
    );
    return 2;
  }
  return pgliteDataDir(config);
}

/**
 * `segra backup --out FILE`: a consistent copy of the embedded database. While `segra serve`
 * runs, the server makes the dump (it alone may open the data folder) and hands it over its
 * local socket; otherwise this process opens the folder itself, holding its lock meanwhile.
 */
export async function backupCommand(args: string[]): Promise<number> {
  const flags = parseFlags(args, { out: { type: 'string' } });
  const out = requireFlag(flags.out, 'out');
  if (existsSync(out)) throw new UsageError(`${out} exists already; a backup is never overwritten`);
  const config = loadConfig();
  const dataDir = embeddedOnly(config, 'backup');
  if (typeof dataDir === 'number') return dataDir;

  let dump = await requestBackup(config.DATA_DIR);
  const from = dump ? 'the running server' : 'the data folder (no server running)';
  if (!dump) {
    if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
      throw new InputError('holds no Segra database (no pglite folder): nothing to back up', { file: config.DATA_DIR });
    }
    let db;
    try {
      db = await openPglite(dataDir);
    } catch (e) {
      if (!(e instanceof DataDirLockedError)) throw e;
      throw new InputError(
        `is in use by process ${e.pid}, which does not hand out backups (only segra serve does, once started); ` +
          'wait until it has started or stopped, then run segra backup again',
        { file: config.DATA_DIR },
      );
    }
    try {
      dump = await dumpPglite(db);
    } finally {
      await db.close();
    }
  }
  const { bytes, manifest } = packBackup(dump.database, { segraVersion: segraVersion(), migration: dump.migration });
  // Written aside and renamed: FILE is never a half-written backup.
  const partial = `${out}.partial-${process.pid}`;
  try {
    writeFileSync(partial, bytes, { flag: 'wx', mode: 0o600 });
    renameSync(partial, out);
  } catch (e) {
    rmSync(partial, { force: true });
    throw e;
  }
  process.stderr.write(
    `segra backup: wrote ${out} (${bytes.byteLength} bytes) from ${from}: migration ${manifest.migration}, ` +
      `${manifest.database.file} SHA-256 ${manifest.database.sha256}\n`,
  );
  return 0;
}

/**
 * `segra restore FILE`: brings a backup back into an empty DATA_DIR (never over data), checks
 * it first (manifest, size, SHA-256, a migration level this Segra knows) and opens it once;
 * `segra serve` then applies whatever migrations are newer than the backup.
 */
export async function restoreCommand(args: string[]): Promise<number> {
  let positionals: string[];
  try {
    ({ positionals } = parseArgs({ args, options: {}, allowPositionals: true, strict: true }));
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
  if (positionals.length !== 1)
    throw new UsageError(
      positionals.length === 0 ? 'the backup FILE is required' : `one backup FILE, got ${positionals.length}`,
    );
  const [file] = positionals;
  const config = loadConfig();
  const dataDir = embeddedOnly(config, 'restore');
  if (typeof dataDir === 'number') return dataDir;

  const { manifest, database } = readBackup(file);
  const known = loadMigrations().at(-1)?.version ?? '';
  if (manifest.migration > known) {
    throw new InputError(
      `was made by a newer Segra (${manifest.segraVersion}, migration ${manifest.migration}); this one knows migrations up to ${known}: restore it with that version or a newer one`,
      { file },
    );
  }
  const target = config.DATA_DIR;
  const existed = existsSync(target);
  if (existed) {
    if (!statSync(target).isDirectory()) throw new InputError('is not a folder', { file: target });
    const entries = readdirSync(target);
    if (entries.length > 0) {
      throw new InputError(
        `is not empty (it holds ${entries.slice(0, 5).join(', ')}${entries.length > 5 ? ', …' : ''}): segra restore only fills an empty DATA_DIR, ` +
          'so that nothing is overwritten; set DATA_DIR to a new folder, or move this one away first',
        { file: target },
      );
    }
  }
  mkdirSync(target, { recursive: true });
  try {
    const db = await openPglite(dataDir, {
      loadDataDir: new Blob([database as Uint8Array<ArrayBuffer>], { type: 'application/gzip' }),
    });
    try {
      const level = await migrationLevel(db);
      if (level !== manifest.migration)
        throw new InputError(
          `is damaged: its database is at migration ${level}, the manifest says ${manifest.migration}`,
          { file },
        );
    } finally {
      await db.close();
    }
  } catch (e) {
    // Nothing half-restored stays behind: DATA_DIR is left as it was found, empty or absent.
    for (const entry of readdirSync(target)) rmSync(path.join(target, entry), { recursive: true, force: true });
    if (!existed) rmSync(target, { recursive: true, force: true });
    throw e;
  }
  const newer = loadMigrations().filter((m) => m.version > manifest.migration).length;
  process.stderr.write(
    `segra restore: restored the backup of ${manifest.createdAt} (Segra ${manifest.segraVersion}, migration ${manifest.migration}) into ${target}; ` +
      `start segra serve on it${newer > 0 ? ` (it applies the ${newer} newer migration(s) of this Segra)` : ''}\n`,
  );
  return 0;
}
