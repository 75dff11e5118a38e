import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';

/**
 * The embedded database's folder belongs to one process (DESIGN 7a): a second PGlite on the same
 * files corrupts them ("unexpected data beyond EOF"). The opener writes its pid to `<dir>.lock`,
 * created exclusively; a lock whose process is gone (a crash) is taken over.
 */
export class DataDirLockedError extends Error {
  constructor(
    readonly pid: number,
    readonly lockFile: string,
  ) {
    super(
      `the data folder is in use by process ${pid} (lock file ${lockFile}); stop that process first, ` +
        'or remove the lock file if no Segra runs under that process id',
    );
  }
}

/** Lock files this process holds (the pid in a file may be ours from an earlier run, e.g. pid 1 in a container). */
const held = new Set<string>();

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    // A process that has ended but is not yet reaped by its parent (a zombie, Linux) holds nothing.
    try {
      return !/^\d+ \(.*\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
    } catch {
      return true;
    }
  } catch (e) {
    // EPERM: the process exists but belongs to someone else.
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const readPid = (file: string): number => {
  try {
    return Number.parseInt(readFileSync(file, 'utf8'), 10) || 0;
  } catch {
    return 0;
  }
};

const releaseAll = (): void => {
  for (const file of held) if (readPid(file) === process.pid) rmSync(file, { force: true });
  held.clear();
};

/** Locks `dataDir` for this process; throws DataDirLockedError naming the holder. Returns the release. */
export function lockDataDir(dataDir: string): () => void {
  const file = `${dataDir.replace(/[\\/]+$/, '')}.lock`;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      try {
        writeSync(fd, `${process.pid}\n`);
      } finally {
        closeSync(fd);
      }
      if (held.size === 0) process.once('exit', releaseAll);
      held.add(file);
      return () => {
        if (!held.delete(file)) return;
        if (readPid(file) === process.pid) rmSync(file, { force: true });
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const pid = readPid(file);
      const stale = pid === 0 || (pid === process.pid ? !held.has(file) : !isAlive(pid));
      if (!stale) throw new DataDirLockedError(pid, file);
      rmSync(file, { force: true });
    }
  }
  throw new DataDirLockedError(readPid(file), file);
}
