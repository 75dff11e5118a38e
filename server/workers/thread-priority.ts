import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';

/**
 * Lowers the priority of the calling worker thread (Linux), so that when the cores are busy the
 * API's thread is scheduled first and long work takes what is left (DESIGN 10: any request
 * while an analysis runs, p99 < 200 ms). On Linux, setpriority with a thread's id applies to
 * that thread alone; /proc/thread-self names it. Elsewhere, or when not allowed, nothing changes.
 */
export function lowerThreadPriority(niceness = 10): void {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(tid) && tid > 0 && tid !== process.pid) setPriority(tid, niceness);
  } catch {
    // Not Linux, or not permitted: the thread keeps the process's priority.
  }
}
