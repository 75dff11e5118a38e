/**
 * A comparison of two analyses names each user's SAP user type and filters by it (issue 27 item
 * 6): the type the later analysis stored, else the earlier one's; none for roles.
 */
import { describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database.ts';
import { pgliteDatabase, postgresAdminUrl, postgresDatabase, type TestDatabase } from '../databases.ts';
import { listPageApp } from '../resources/list-page-app.ts';
import { findingsTableFor } from '../resource-samples.ts';

let later = '';

/** analysis (first or later), level, holder, user type. */
const FINDINGS: ['first' | 'later', string, string, string | null][] = [
  ['first', 'USER', 'ALICE', 'A'],
  ['later', 'USER', 'ALICE', 'A'],
  ['first', 'USER', 'DDIC', 'B'],
  ['later', 'USER', 'SRV', 'S'],
  ['first', 'USER', 'MOVED', 'A'],
  ['later', 'USER', 'MOVED', 'S'],
  ['later', 'ROLE', 'Z_AP', null],
];

async function seed(db: Database, customerId: string, f: { analysisId: string; systemPeriodId: string; riskPeriodId: string }): Promise<void> {
  later = (
    await db.query<{ id: string }>(
      `INSERT INTO analyses (customer_id, name, system_period_id, risk_period_id, level, mode, analysis_date, status)
       VALUES ($1, 'later', $2, $3, 'permission', 'same-instance', '2026-02-01', 'completed') RETURNING id`,
      [customerId, f.systemPeriodId, f.riskPeriodId],
    )
  ).rows[0].id;
  await findingsTableFor(db, later);
  for (const [which, level, holder, userType] of FINDINGS) {
    await db.query(
      `INSERT INTO findings (customer_id, analysis_id, level, holder, risk_id, risk_level, risk_type, business_process, functions, sources, provenance, user_type)
       VALUES ($1, $2, $3, $4, 'R1', 'HIGH', 'SOD', 'P2P', 'F1:FB60', 'R:Z_AP', '[]', $5)`,
      [customerId, which === 'first' ? f.analysisId : later, level, holder, userType],
    );
  }
}

function compareSuite(target: TestDatabase): void {
  const app = listPageApp(target, 'findings', seed);
  const compare = (extra = '') => app.get(`/api/analyses/compare?left=${app.fixtures.analysisId}&right=${later}${extra}`);
  const typed = (rows: { holder: string; userType: string | null }[]) => rows.map((r) => `${r.holder}:${r.userType}`).sort();

  it('names each user’s type on every row, the later analysis’s when the two differ, and none for a role', async () => {
    const r = await compare();
    expect(r.statusCode, r.body).toBe(200);
    expect(typed(r.json().rows)).toEqual(['ALICE:A', 'DDIC:B', 'MOVED:S', 'SRV:S', 'Z_AP:null']);
  });

  it('filters the rows by user type, and the CSV carries the type after the columns it had', async () => {
    const r = await compare(`&filter=${encodeURIComponent(JSON.stringify({ userType: ['S'] }))}`);
    expect(typed(r.json().rows)).toEqual(['MOVED:S', 'SRV:S']);
    expect(r.json().total).toBe(2);
    expect((await compare(`&filter=${encodeURIComponent(JSON.stringify({ userType: ['Q'] }))}`)).statusCode).toBe(400);
    const csv = (await compare(`&format=csv&filter=${encodeURIComponent(JSON.stringify({ userType: ['B'] }))}`)).body.trim().split('\n');
    expect(csv[0].endsWith(',LEFT_FINDING_STATUS,RIGHT_FINDING_STATUS,USER_TYPE')).toBe(true);
    expect(csv.slice(1)).toEqual(['USER,DDIC,R1,resolved,HIGH,,,,,,open,,B']);
  });
}

describe('comparison by user type on PGlite', () => compareSuite(pgliteDatabase()));
describe.skipIf(!postgresAdminUrl)('comparison by user type on PostgreSQL', () => compareSuite(postgresDatabase('segra_compare_user_types')));
