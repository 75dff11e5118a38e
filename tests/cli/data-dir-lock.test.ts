import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataDirLockedError } from '../../server/db/data-dir-lock.ts';
import { openPglite, pgliteDataDir } from '../../server/db/database.ts';

// DESIGN 7a / issue 11: the embedded database's folder is locked by the process that opened it.
const BIN = path.resolve('bin/segra.js');
let dir: string;
let initialised: string;

// One database folder made (initdb, seconds of WASM) and closed; every test locks a copy of it,
// as the lock is the subject here, not a folder's first start.
beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'segra-lock-'));
  initialised = path.join(dir, 'initialised', 'pglite');
  await (await openPglite(initialised)).close();
}, 120_000);

/** A closed, initialised database folder at `data`. */
function folderAt(data: string): string {
  cpSync(initialised, data, { recursive: true });
  return data;
}
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The pid of a process that has ended. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

describe('the data folder lock', () => {
  it('refuses a second opener of the same folder, naming the process that holds it, until the first closes', async () => {
    const data = folderAt(path.join(dir, 'one', 'pglite'));
    const first = await openPglite(data);
    try {
      expect(readFileSync(`${data}.lock`, 'utf8').trim()).toBe(String(process.pid));
      const second = openPglite(data);
      await expect(second).rejects.toBeInstanceOf(DataDirLockedError);
      await expect(second).rejects.toThrow(`the data folder is in use by process ${process.pid}`);
      // The first opener is untouched.
      expect((await first.query<{ n: number }>('SELECT 1 AS n')).rows).toEqual([{ n: 1 }]);
    } finally {
      await first.close();
    }
    expect(existsSync(`${data}.lock`)).toBe(false);
    const again = await openPglite(data);
    await again.close();
  }, 120_000);

  it('takes over the lock of a process that has ended (a crash)', async () => {
    const data = folderAt(path.join(dir, 'stale', 'pglite'));
    writeFileSync(`${data}.lock`, `${deadPid()}\n`);
    const db = await openPglite(data);
    expect(readFileSync(`${data}.lock`, 'utf8').trim()).toBe(String(process.pid));
    await db.close();
  }, 120_000);

  it('a second segra serve on the same DATA_DIR exits 2 naming the holder, and the first keeps its data', async () => {
    const dataDir = path.join(dir, 'serve');
    const held = await openPglite(folderAt(pgliteDataDir({ DATA_DIR: dataDir })));
    try {
      await held.exec('CREATE TABLE keep (v int); INSERT INTO keep VALUES (42)');
      const child = spawn(process.execPath, [BIN, 'serve'], {
        env: { ...process.env, DATA_DIR: dataDir, PORT: '9102', SEED_DEMO: 'false', LOG_LEVEL: 'silent' },
      });
      let stderr = '';
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
      expect(code).toBe(2);
      expect(stderr).toContain(`segra serve: the data folder is in use by process ${process.pid}`);
      expect((await held.query<{ v: number }>('SELECT v FROM keep')).rows).toEqual([{ v: 42 }]);
    } finally {
      await held.close();
    }
  }, 120_000);
});
