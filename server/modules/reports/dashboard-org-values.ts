import type { Database } from '../../db/database.ts';

/** One org value (an ORG_VALUES item, `BUKRS=1000`) with the findings that hold at it, by status. */
export interface OrgValueCount {
  orgValue: string;
  findings: number;
  accepted: number;
  mitigated: number;
  deactivated: number;
  open: number;
}

/**
 * The dashboard grouped by org value (DESIGN 5.15, issue 16): each ORG_VALUES item of the
 * analysis's findings with how many findings hold at it. A finding held at several values counts
 * at each (company codes overlap; the groups are not a partition of the total). Most findings
 * first, then the value in code-point order.
 */
export async function findingsByOrgValue(db: Database, analysisId: string): Promise<OrgValueCount[]> {
  const { rows } = await db.query<Omit<OrgValueCount, 'open'>>(
    `SELECT v AS "orgValue", count(*)::int AS findings,
            (count(*) FILTER (WHERE f.status = 'accepted'))::int AS accepted,
            (count(*) FILTER (WHERE f.status = 'mitigated'))::int AS mitigated,
            (count(*) FILTER (WHERE f.status = 'deactivated'))::int AS deactivated
     FROM findings f CROSS JOIN LATERAL unnest(f.org_values) AS v
     WHERE f.analysis_id = $1
     GROUP BY v
     ORDER BY count(*) DESC, v COLLATE "C"`,
    [analysisId],
  );
  return rows.map((r) => ({ ...r, open: r.findings - r.accepted - r.mitigated - r.deactivated }));
}
