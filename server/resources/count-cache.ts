import type { Database } from '../db/database.ts';

/** Counts at least this large are kept: counting them is what costs (tens of ms per page). */
export const CACHED_COUNT_MIN = 10_000;
/** How long a kept count answers; writes through the resource layer drop it sooner. */
export const COUNT_TTL_MS = 5_000;

interface Entry {
  until: number;
  total: Promise<number>;
}

/**
 * The totals of list pages (simple-rest's Content-Range). Every page of a list asks the same
 * count, so under many concurrent users one count serves them all: identical counts in flight
 * are shared, and a large result is kept for COUNT_TTL_MS. Small counts are never kept, so a
 * small list is always exact; a large one may lag a write made outside the resource layer (a
 * job, an acceptance re-applied) by at most the TTL. Keys hold the table, the WHERE clause and
 * its parameters, tenant conditions included, so a count never crosses customers.
 */
export class CountCache {
  private readonly entries = new Map<string, Entry>();

  count(table: string, where: string, params: readonly unknown[], compute: () => Promise<number>): Promise<number> {
    const key = `${table}\u0000${where}\u0000${JSON.stringify(params)}`;
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.until > now) return hit.total;
    // Until it settles the entry is shared by the identical counts asked meanwhile.
    const entry: Entry = { until: Number.POSITIVE_INFINITY, total: compute() };
    this.entries.set(key, entry);
    entry.total.then(
      (total) => {
        if (this.entries.get(key) !== entry) return;
        if (total >= CACHED_COUNT_MIN) entry.until = Date.now() + COUNT_TTL_MS;
        else this.entries.delete(key);
      },
      () => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
      },
    );
    if (this.entries.size > 10_000) this.prune(now);
    return entry.total;
  }

  /** A write to `table` through the resource layer: its counts are asked again. */
  invalidate(table: string): void {
    for (const key of this.entries.keys()) if (key.startsWith(`${table}\u0000`)) this.entries.delete(key);
  }

  private prune(now: number): void {
    for (const [key, e] of this.entries) if (e.until <= now) this.entries.delete(key);
  }
}

// One cache per database: tests (and a process) may serve several databases at once.
const caches = new WeakMap<Database, CountCache>();

export function countCacheOf(db: Database): CountCache {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new CountCache()));
  return cache;
}
