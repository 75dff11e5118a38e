import type { Database } from '../db/database.ts';

/** Counts at least this large are kept: counting them is what costs (tens of ms per page). */
export const CACHED_COUNT_MIN = 10_000;
/** Searches whose ids are kept at once (count-cache's `ids`): each list holds up to 50,000 ids (kept-search.ts), some 50 MB in all at most. */
export const MAX_ID_LISTS = 16;
/** How long a kept count answers; writes through the resource layer drop it sooner. */
export const COUNT_TTL_MS = 5_000;

interface Entry {
  until: number;
  total: Promise<number>;
}

/**
 * The totals of list pages (simple-rest's Content-Range). Every page of a list asks the same
 * count, so under many concurrent users one count serves them all: identical counts in flight
 * are shared, and a large result (or a search of a large list) is kept for COUNT_TTL_MS. Other
 * small counts are never kept, so a small list is always exact; a kept one may lag a write made outside the resource layer (a
 * job, an acceptance re-applied) by at most the TTL. Keys hold the table, the WHERE clause and
 * its parameters, tenant conditions included, so a count never crosses customers.
 */
export class CountCache {
  private readonly entries = new Map<string, Entry>();

  /**
   * `scans`: the count reads every row of a large list whatever it finds (a search on a list paged
   * by ids: findings, AGR_1251): kept however small, as counting it is what costs (issue 12: a
   * search of an L analysis counted 65,000 findings for each page asked, 17 ms of CPU each).
   */
  count(table: string, where: string, params: readonly unknown[], compute: () => Promise<number>, scans = false): Promise<number> {
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
        if (total >= CACHED_COUNT_MIN || scans) entry.until = Date.now() + COUNT_TTL_MS;
        else this.entries.delete(key);
      },
      () => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
      },
    );
    if (this.entries.size > 10_000) this.prune(now);
    return entry.total;
  }

  private readonly idLists = new Map<string, { until: number; ids: Promise<string[] | null> }>();

  /**
   * The ids of a searched list in its order (`scans`, above): made once for the TTL and shared,
   * so each page of a search reads its own rows by id, not the list again to find them (issue 12).
   * Keyed like the counts (table, WHERE with tenant conditions, ORDER BY, parameters).
   */
  ids(table: string, whereAndOrder: string, params: readonly unknown[], compute: () => Promise<string[] | null>): Promise<string[] | null> {
    const key = `${table}\u0000${whereAndOrder}\u0000${JSON.stringify(params)}`;
    const now = Date.now();
    const hit = this.idLists.get(key);
    if (hit && hit.until > now) return hit.ids;
    const entry = { until: Number.POSITIVE_INFINITY, ids: compute() };
    this.idLists.set(key, entry);
    entry.ids.then(
      () => {
        if (this.idLists.get(key) === entry) entry.until = Date.now() + COUNT_TTL_MS;
      },
      () => {
        if (this.idLists.get(key) === entry) this.idLists.delete(key);
      },
    );
    // At most MAX_ID_LISTS lists (up to 50,000 ids each): the oldest go first (a Map keeps insertion order).
    if (this.idLists.size > MAX_ID_LISTS) for (const [k, e] of this.idLists) if (e.until <= now || this.idLists.size > MAX_ID_LISTS) this.idLists.delete(k);
    return entry.ids;
  }

  /** A write to `table` through the resource layer: its counts and id lists are asked again. */
  invalidate(table: string): void {
    for (const map of [this.entries, this.idLists]) for (const key of map.keys()) if (key.startsWith(`${table}\u0000`)) map.delete(key);
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
