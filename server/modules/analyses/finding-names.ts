import type { Database } from '../../db/database.ts';

interface Named {
  analysisId: string;
  level: string;
  holder: string;
  riskId: string;
}

/**
 * The names a finding is read with (DESIGN 6): `holderName`, the user's full name (USER_ADDR) or
 * the role's text (AGR_TEXTS) in the analysed period's data, and `riskDescription` from the
 * analysis's risk period. Looked up for the page being answered only, by indexed keys.
 */
export async function addFindingNames<T extends Named>(
  db: Database,
  findings: T[],
): Promise<(T & { holderName: string; riskDescription: string })[]> {
  const byAnalysis = new Map<string, T[]>();
  for (const f of findings) byAnalysis.set(f.analysisId, [...(byAnalysis.get(f.analysisId) ?? []), f]);
  const out = new Map<T, { holderName: string; riskDescription: string }>();
  for (const [analysisId, rows] of byAnalysis) {
    const names = await namesFor(db, analysisId, rows);
    for (const f of rows) {
      out.set(f, {
        holderName:
          (f.level === 'USER' ? names.users : f.level === 'ROLE' ? names.roles : undefined)?.get(f.holder) ?? '',
        riskDescription: names.risks.get(f.riskId) ?? '',
      });
    }
  }
  return findings.map((f) => ({ ...f, ...out.get(f)! }));
}

async function namesFor(db: Database, analysisId: string, rows: Named[]) {
  const keys = (level: string) => [...new Set(rows.filter((r) => r.level === level).map((r) => r.holder))];
  const { rows: found } = await db.query<{ riskPeriodId: string; importId: string | null }>(
    `SELECT a.risk_period_id AS "riskPeriodId", p.data_import_id AS "importId"
     FROM analyses a JOIN system_periods p ON p.id = a.system_period_id WHERE a.id = $1`,
    [analysisId],
  );
  const users = new Map<string, string>();
  const roles = new Map<string, string>();
  const risks = new Map<string, string>();
  if (found.length === 0) return { users, roles, risks };
  const { riskPeriodId, importId } = found[0];
  const riskIds = [...new Set(rows.map((r) => r.riskId))];
  const [riskRows, userRows, roleRows] = await Promise.all([
    db.query<{ key: string; name: string }>(
      'SELECT risk_id AS key, description AS name FROM risks WHERE risk_period_id = $1 AND risk_id = ANY($2::text[])',
      [riskPeriodId, riskIds],
    ),
    importId && keys('USER').length
      ? db.query<{ key: string; name: string }>(
          `SELECT bname AS key, COALESCE(NULLIF(btrim(name_textc), ''), btrim(name_first || ' ' || name_last)) AS name
           FROM sap_user_addr WHERE import_id = $1 AND bname = ANY($2::text[]) ORDER BY seq`,
          [importId, keys('USER')],
        )
      : { rows: [] },
    importId && keys('ROLE').length
      ? db.query<{ key: string; name: string }>(
          'SELECT agr_name AS key, text AS name FROM sap_agr_texts WHERE import_id = $1 AND agr_name = ANY($2::text[]) ORDER BY seq',
          [importId, keys('ROLE')],
        )
      : { rows: [] },
  ]);
  for (const r of riskRows.rows) risks.set(r.key, r.name);
  // First row wins: an extract may hold a text per language; the import keeps file order.
  for (const r of userRows.rows) if (!users.has(r.key)) users.set(r.key, r.name);
  for (const r of roleRows.rows) if (!roles.has(r.key)) roles.set(r.key, r.name);
  return { users, roles, risks };
}
