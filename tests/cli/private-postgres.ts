import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** Where the PostgreSQL 15 server programs are (Debian's layout, as on this machine and CI). */
export const PG_BIN = process.env.SEGRA_PG_BIN ?? '/usr/lib/postgresql/15/bin';
export const pgBinariesPresent = existsSync(path.join(PG_BIN, 'initdb')) && existsSync(path.join(PG_BIN, 'pg_ctl'));

/** A port nobody listens on now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * A PostgreSQL cluster of a test's own, in a temp folder on a free port, that the test may kill
 * and start again. initdb refuses to run as root: as root the programs run as the `postgres` user.
 */
export class PrivateCluster {
  readonly dir = mkdtempSync(path.join(os.tmpdir(), 'segra-pg-'));
  readonly data = path.join(this.dir, 'data');
  private constructor(readonly port: number) {}

  static async create(): Promise<PrivateCluster> {
    const cluster = new PrivateCluster(await freePort());
    if (process.getuid?.() === 0) {
      const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
      const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
      chownSync(cluster.dir, uid, gid);
    }
    chmodSync(cluster.dir, 0o755);
    cluster.run('initdb', ['-D', cluster.data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
    cluster.start();
    return cluster;
  }

  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  private run(program: string, args: string[]): { status: number | null; output: string } {
    const command = path.join(PG_BIN, program);
    const result =
      process.getuid?.() === 0
        ? spawnSync('runuser', ['-u', 'postgres', '--', command, ...args], { encoding: 'utf8' })
        : spawnSync(command, args, { encoding: 'utf8' });
    const output = `${result.stdout ?? ''}${result.stderr ?? ''}`;
    if (result.status !== 0 && program === 'initdb') throw new Error(`initdb failed: ${output}`);
    return { status: result.status, output };
  }

  /** Starts the postmaster and waits until it accepts connections; after a kill -9 it retries while the old backends are still exiting. */
  start(): void {
    const options = `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`;
    let last = '';
    for (let attempt = 0; attempt < 20; attempt++) {
      const { status, output } = this.run('pg_ctl', ['-D', this.data, '-o', options, '-l', path.join(this.dir, 'log'), '-w', '-t', '30', 'start']);
      if (status === 0) return;
      last = output;
      spawnSync('sleep', ['0.5']);
    }
    throw new Error(`pg_ctl start failed: ${last}\n${this.log()}`);
  }

  /** The postmaster's process id. */
  postmasterPid(): number {
    return Number(readFileSync(path.join(this.data, 'postmaster.pid'), 'utf8').split('\n')[0]);
  }

  /** kill -9 of the postmaster, as a crash or an OOM kill does; its backends end as they notice. */
  killHard(): void {
    process.kill(this.postmasterPid(), 'SIGKILL');
  }

  log(): string {
    const file = path.join(this.dir, 'log');
    return existsSync(file) ? readFileSync(file, 'utf8').slice(-4000) : '';
  }

  /** Stops the cluster (immediate) and removes its folder. */
  destroy(): void {
    if (existsSync(path.join(this.data, 'postmaster.pid'))) this.run('pg_ctl', ['-D', this.data, '-m', 'immediate', 'stop']);
    rmSync(this.dir, { recursive: true, force: true });
  }
}
