import type { TopUser } from '../../../contracts/dashboard.ts';
import { readUserTypes, USER_TYPES } from '../../../contracts/user-types.ts';
import type { Database } from '../../db/database.ts';
import { coded } from '../../errors.ts';
import { jsonParam } from '../../resources/query-params.ts';

/**
 * `userTypes=["A","S"]` of the dashboard: the SAP user types (USR02-USTYP, '' unknown) its top 10
 * counts. Absent, dialog users only (issue 27 item 6: system, communication and service users
 * such as DDIC or WF-BATCH would rank beside people); an empty list or another value is a 400.
 */
export function userTypesParam(raw: unknown): string[] {
  const read = readUserTypes(jsonParam('userTypes', raw));
  if (Array.isArray(read)) return read;
  const types = USER_TYPES.join(', ');
  if (read.code === 'USER_TYPES_REQUIRED') {
    throw coded(400, 'USER_TYPES_REQUIRED', { types }, `The userTypes parameter must list at least one user type of: ${types} or "" (unknown)`);
  }
  throw coded(400, 'USER_TYPE_UNKNOWN', { value: read.value, types }, `The userTypes parameter names an unknown user type ${JSON.stringify(read.value)}; user types: ${types} or "" (unknown)`);
}


/**
 * The 10 users of the chosen types with the most critical and high findings (then the most
 * findings, then by name), with their names and departments from the period's USER_ADDR, and how
 * many users with critical or high findings the types leave out, so none is left out unsaid.
 */
export async function topUsers(
  db: Database,
  analysisId: string,
  systemPeriodId: string,
  userTypes: readonly string[],
): Promise<{ users: TopUser[]; otherTypes: number }> {
  const [top, others] = await Promise.all([
    db.query<{ holder: string; user_type: string; critical: number; high: number; findings: number; accepted: number }>(
      `SELECT holder, coalesce(user_type, '') AS user_type,
              (count(*) FILTER (WHERE risk_level = 'CRITICAL'))::int AS critical,
              (count(*) FILTER (WHERE risk_level = 'HIGH'))::int AS high,
              count(*)::int AS findings,
              (count(*) FILTER (WHERE accepted))::int AS accepted
       FROM findings WHERE analysis_id = $1 AND level = 'USER' AND coalesce(user_type, '') = ANY($2::text[])
       GROUP BY holder, coalesce(user_type, '')
       HAVING count(*) FILTER (WHERE risk_level IN ('CRITICAL', 'HIGH')) > 0
       ORDER BY count(*) FILTER (WHERE risk_level IN ('CRITICAL', 'HIGH')) DESC, count(*) DESC, holder COLLATE "C"
       LIMIT 10`,
      [analysisId, userTypes],
    ),
    db.query<{ n: number }>(
      `SELECT count(DISTINCT holder)::int AS n FROM findings
       WHERE analysis_id = $1 AND level = 'USER' AND risk_level IN ('CRITICAL', 'HIGH') AND NOT (coalesce(user_type, '') = ANY($2::text[]))`,
      [analysisId, userTypes],
    ),
  ]);
  // Names and departments from the period's user addresses, when the extract had them.
  const names = new Map<string, { fullName: string; department: string }>();
  if (top.rows.length > 0) {
    const { rows } = await db.query<{ bname: string; name_textc: string; name_first: string; name_last: string; department: string }>(
      `SELECT u.bname, u.name_textc, u.name_first, u.name_last, u.department
       FROM sap_user_addr u JOIN system_periods sp ON sp.data_import_id = u.import_id
       WHERE sp.id = $1 AND u.bname = ANY($2::text[])`,
      [systemPeriodId, top.rows.map((r) => r.holder)],
    );
    for (const r of rows) {
      names.set(r.bname, { fullName: r.name_textc || [r.name_first, r.name_last].filter(Boolean).join(' '), department: r.department });
    }
  }
  return {
    users: top.rows.map((r) => ({
      holder: r.holder,
      userType: r.user_type,
      fullName: names.get(r.holder)?.fullName ?? '',
      department: names.get(r.holder)?.department ?? '',
      critical: r.critical,
      high: r.high,
      findings: r.findings,
      accepted: r.accepted,
    })),
    otherTypes: others.rows[0]?.n ?? 0,
  };
}
