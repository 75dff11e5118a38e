import { readFileSync } from 'node:fs';
import type { Database } from '../db/database.ts';

// Linux reports process times in clock ticks of 1/100 s (USER_HZ, the same on every Linux build).
const TICK_MS = 10;

/** CPU time (user + system, ms) a process has used so far; 0 when it is gone or not on Linux. */
function processCpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start at field 3; utime and stime are 14 and 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
}

/**
 * CPU spent serving one endpoint's load, by the API server's process and by the database
 * backends serving it, as opposed to latency, which a busy machine inflates: on a machine
 * shared with other work, CPU per answer still compares two versions of the code.
 */
export class CpuMeter {
  private readonly start = new Map<number, number>();

  private constructor(private readonly db: Database, private readonly serverPid: number) {}

  /** Starts counting now; backends that connect later count from their start. */
  static async begin(db: Database, serverPid: number): Promise<CpuMeter> {
    const meter = new CpuMeter(db, serverPid);
    for (const pid of [serverPid, ...(await meter.backends())]) meter.start.set(pid, processCpuMs(pid));
    return meter;
  }

  private async backends(): Promise<number[]> {
    const { rows } = await this.db.query<{ pid: number }>(
      'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
    );
    return rows.map((r) => Number(r.pid));
  }

  /** CPU ms used since begin by the server and the database backends (0 for the backends of PGlite). */
  async end(): Promise<number> {
    const pids = new Set([this.serverPid, ...this.start.keys(), ...(await this.backends())]);
    let total = 0;
    for (const pid of pids) total += Math.max(0, processCpuMs(pid) - (this.start.get(pid) ?? 0));
    return total;
  }
}
