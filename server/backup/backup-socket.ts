import { createHash } from 'node:crypto';
import { chmodSync, mkdirSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { Database } from '../db/database.ts';
import { dumpPglite } from './dump-database.ts';

/**
 * `segra backup` while `segra serve` runs: the server holds the embedded database (its data
 * folder is locked, DESIGN 7a), so the dump is made by the server and handed over a local
 * socket. Who may connect is decided by the file system, as for PostgreSQL's own socket: the
 * socket is the owner's alone (0600) and sits in DATA_DIR, whose files are the database anyway.
 */
const SOCKET_NAME = 'backup.sock';
/** Unix socket paths are limited to about 104 bytes (macOS) / 108 (Linux). */
const MAX_SOCKET_PATH = 100;

/** Where the server of `dataDir` (DATA_DIR) listens; the same answer in the server and the CLI. */
export function backupSocketPath(dataDir: string): string {
  const absolute = path.resolve(dataDir);
  const tag = createHash('sha256').update(absolute).digest('hex').slice(0, 16);
  if (process.platform === 'win32') return `\\\\.\\pipe\\segra-backup-${tag}`;
  const inDataDir = path.join(absolute, SOCKET_NAME);
  if (Buffer.byteLength(inDataDir) <= MAX_SOCKET_PATH) return inDataDir;
  // A deep DATA_DIR: a private folder (0700) of its own in the temporary folder, named after it.
  return path.join(os.tmpdir(), `segra-${tag}`, SOCKET_NAME);
}

/** Header of the answer naming the database's migration level. */
export const MIGRATION_HEADER = 'x-segra-migration';

/** Serves `POST /backup` (the dump's bytes) on the data folder's socket until closed. */
export async function startBackupSocket(
  db: Database,
  dataDir: string,
  log: (message: string) => void = () => {},
): Promise<{ close: () => Promise<void> }> {
  const socket = backupSocketPath(dataDir);
  if (process.platform !== 'win32') {
    mkdirSync(path.dirname(socket), { recursive: true, mode: 0o700 });
    // Left by a process that crashed: this process holds the data folder's lock, so no one listens there.
    rmSync(socket, { force: true });
  }
  const server = http.createServer((request, response) => {
    if (request.method !== 'POST' || request.url !== '/backup') {
      response.writeHead(404).end();
      return;
    }
    const started = Date.now();
    dumpPglite(db).then(
      ({ database, migration }) => {
        response.writeHead(200, {
          'content-type': 'application/gzip',
          'content-length': database.byteLength,
          [MIGRATION_HEADER]: migration,
        });
        response.end(database);
        log(
          `backup: handed over a dump of ${database.byteLength} bytes (migration ${migration}) in ${Date.now() - started} ms`,
        );
      },
      (e: unknown) => {
        response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end((e as Error).message);
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socket, () => {
      server.off('error', reject);
      resolve();
    });
  });
  if (process.platform !== 'win32') chmodSync(socket, 0o600);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        if (process.platform !== 'win32') rmSync(socket, { force: true });
      }),
  };
}

/**
 * Asks the server of `dataDir` for a dump. Null when no server listens there (no socket, or
 * nobody behind it); an error when one answers with a failure.
 */
export async function requestBackup(dataDir: string): Promise<{ database: Uint8Array; migration: string } | null> {
  const socketPath = backupSocketPath(dataDir);
  return new Promise((resolve, reject) => {
    const request = http.request({ socketPath, method: 'POST', path: '/backup' }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (c: Buffer) => chunks.push(c));
      response.on('error', reject);
      response.on('end', () => {
        const body = Buffer.concat(chunks);
        if (response.statusCode !== 200) {
          reject(
            new Error(
              `the running server could not make the dump: ${body.toString('utf8') || `status ${response.statusCode}`}`,
            ),
          );
          return;
        }
        const migration = response.headers[MIGRATION_HEADER];
        if (typeof migration !== 'string') {
          reject(new Error(`the running server's answer has no ${MIGRATION_HEADER}`));
          return;
        }
        resolve({ database: new Uint8Array(body.buffer, body.byteOffset, body.byteLength), migration });
      });
    });
    request.on('error', (e: NodeJS.ErrnoException) => {
      if (e.code === 'ENOENT' || e.code === 'ECONNREFUSED') resolve(null);
      else reject(e);
    });
    request.end();
  });
}
