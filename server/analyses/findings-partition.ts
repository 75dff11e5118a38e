import type { Database } from '../db/database.ts';

/**
 * Where an analysis's findings go (migration 0044: a partition of `findings` per analysis).
 * On PostgreSQL they are COPYed into the analysis's table while it is detached and has no index,
 * and attaching it when the last part is in builds the indexes in bulk: three quarters of the
 * database's work was updating eleven shared indexes row by row. The embedded database attaches
 * the empty table at once and takes the findings through the parent, as before: it has a single
 * connection, and building the indexes at the end would hold every request for that long,
 * where row by row the store goes in short steps between them.
 */
export interface FindingsTable {
  /** What to COPY the findings into. */
  name: string;
  /** Whether it must be attached once every part is in (attachFindingsTable). */
  detached: boolean;
}

/** A new, empty table for the analysis's findings (none stored before: removeFindings first). */
export async function createFindingsTable(db: Database, analysisId: string): Promise<FindingsTable> {
  const { rows } = await db.query<{ name: string }>('SELECT findings_partition_create($1) AS name', [analysisId]);
  if (db.kind === 'postgres') return { name: rows[0].name, detached: true };
  await attachFindingsTable(db, analysisId);
  return { name: 'findings', detached: false };
}

/** The analysis's table made by createFindingsTable earlier (a shard's); null when it is gone (the analysis failed meanwhile). */
export async function findingsTableOf(db: Database, analysisId: string): Promise<FindingsTable | null> {
  const { rows } = await db.query<{ name: string | null; attached: boolean }>(
    `SELECT c.relname AS name, c.relispartition AS attached FROM pg_class c WHERE c.oid = to_regclass(findings_partition_name($1))`,
    [analysisId],
  );
  if (!rows[0]) return null;
  return rows[0].attached ? { name: 'findings', detached: false } : { name: rows[0].name!, detached: true };
}

/** Attaches the analysis's table: its indexes are built and its findings become visible. */
export async function attachFindingsTable(db: Database, analysisId: string): Promise<void> {
  await db.query('SELECT findings_partition_attach($1)', [analysisId]);
}
